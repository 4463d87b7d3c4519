import { describe, expect, it } from "vitest";
import { services } from "~/content/services";
import { earningsClaimPerHour, fees, formatGBP, products } from "~/content/prices";
import { formatGBPAs } from "~/content/money";
import { allPricePence, formatPriceRange, formatPriceWithUnit, servicePrices, formatStartingPrice, startingPricePence } from "~/content/service-prices";

describe("formatGBP", () => {
  it("drops pence on whole pounds and keeps them otherwise", () => {
    expect(formatGBP(4500)).toBe("£45");
    expect(formatGBP(120)).toBe("£1.20");
    expect(formatGBP(399)).toBe("£3.99");
    expect(formatGBP(15000)).toBe("£150");
    expect(formatGBP(150000)).toBe("£1,500");
    expect(formatGBP(0)).toBe("£0");
  });

  it("writes every amount up to £20,000 as Intl's GBP currency format does", () => {
    const [whole, withPence] = [0, 2].map((digits) => new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP", minimumFractionDigits: digits }));
    const intl = (pence: number) => (pence % 100 === 0 ? whole! : withPence!).format(pence / 100);
    for (let pence = 0; pence <= 2_000_000; pence += 13) expect(formatGBP(pence)).toBe(intl(pence));
  });

  it("refuses fractions of a penny and negative amounts", () => {
    expect(() => formatGBP(1.5)).toThrow(RangeError);
    expect(() => formatGBP(-100)).toThrow(RangeError);
    expect(() => formatGBP(Number.NaN)).toThrow(RangeError);
  });

  // The one pence formatter (issue 48): the staff console's, the CSV's and the pounds fields' own formatters are now formatGBPAs, derived from it.
  it.each([
    [0, "£0", "£0.00", "0.00", "0"],
    [5, "£0.05", "£0.05", "0.05", "0.05"],
    [100, "£1", "£1.00", "1.00", "1"],
    [7050, "£70.50", "£70.50", "70.50", "70.50"],
    [123456, "£1,234.56", "£1,234.56", "1234.56", "1234.56"],
    [150000000, "£1,500,000", "£1,500,000.00", "1500000.00", "1500000"],
  ])("writes %i pence as %s (formatGBP), %s (ledger), %s (decimal), %s (field)", (pence, price, ledger, decimal, field) => {
    expect(formatGBP(pence)).toBe(price);
    expect(formatGBPAs(pence, "ledger")).toBe(ledger);
    expect(formatGBPAs(pence, "decimal")).toBe(decimal);
    expect(formatGBPAs(pence, "field")).toBe(field);
  });

  it("writes a negative amount in the ledger and decimal styles only", () => {
    expect(formatGBPAs(-399, "ledger")).toBe("-£3.99");
    expect(formatGBPAs(-123456, "ledger")).toBe("-£1,234.56");
    expect(formatGBPAs(-5, "decimal")).toBe("-0.05");
    expect(() => formatGBP(-399)).toThrow(RangeError);
    expect(() => formatGBPAs(-399, "field")).toThrow(RangeError);
    for (const style of ["ledger", "decimal"] as const) expect(() => formatGBPAs(0.5, style)).toThrow(RangeError);
  });

  it("writes the ledger style as Intl's GBP currency format did for the staff console, either sign", () => {
    const intl = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });
    for (let pence = -2_000_000; pence <= 2_000_000; pence += 17) expect(formatGBPAs(pence, "ledger")).toBe(intl.format(pence / 100));
  });

  it("writes a field's value and a CSV cell as the quote and booking forms and the earnings CSV did", () => {
    // Compared in a loop and asserted once: 300,000 expect() calls took 20–36 s on a loaded machine.
    const differ: string[] = [];
    for (let pence = 0; pence <= 2_000_000; pence += 13) {
      const field = formatGBPAs(pence, "field");
      const decimal = formatGBPAs(pence, "decimal");
      if (field !== (pence / 100).toFixed(pence % 100 ? 2 : 0)) differ.push(`${pence} as field: ${field}`);
      if (decimal !== (pence / 100).toFixed(2)) differ.push(`${pence} as decimal: ${decimal}`);
    }
    expect(differ).toEqual([]);
  });
});

describe("formatPriceRange and formatPriceWithUnit", () => {
  it("puts the pound sign on both ends", () => {
    expect(formatPriceRange({ minPence: 4500, maxPence: 6500 })).toBe("£45–£65");
    expect(formatPriceRange({ minPence: 199, maxPence: 199 })).toBe("£1.99");
  });

  it("refuses a range that ends below its start", () => {
    expect(() => formatPriceRange({ minPence: 6500, maxPence: 4500 })).toThrow(RangeError);
  });

  it("writes hourly rates with /hr and other units in words", () => {
    expect(formatPriceWithUnit(servicePrices.plumbing[1]!)).toBe("£35–£55/hr");
    expect(formatPriceWithUnit(servicePrices.plumbing[0]!)).toBe("£45–£65 call-out");
    expect(formatPriceWithUnit(servicePrices.moving[1]!)).toBe("£1.20–£2.50 per mile");
    expect(formatPriceWithUnit(servicePrices["house-sitting"][0]!)).toBe("£25–£45 per night");
  });
});

describe("the price list", () => {
  it("has ranges for every one of the 11 services, each well formed", () => {
    expect(Object.keys(servicePrices).sort()).toEqual(services.map((s) => s.slug).sort());
    for (const ranges of Object.values(servicePrices)) {
      expect(ranges.length).toBeGreaterThanOrEqual(2);
      for (const r of ranges) {
        expect(Number.isInteger(r.minPence) && Number.isInteger(r.maxPence)).toBe(true);
        expect(r.minPence).toBeGreaterThan(0);
        expect(r.maxPence).toBeGreaterThan(r.minPence);
      }
    }
  });

  it("carries the spec's figures", () => {
    expect(servicePrices.electrical.map(formatPriceWithUnit)).toEqual(["£50–£70 call-out", "£40–£60/hr", "£70–£90/hr"]);
    expect(servicePrices.assembly.map(formatPriceRange)).toEqual(["£25–£45", "£45–£85", "£85–£150"]);
    expect(servicePrices.nanny.map(formatPriceWithUnit)).toEqual(["£8–£15/hr", "£12–£22/hr"]);
    expect(servicePrices["dog-walking"].map(formatPriceRange)).toEqual(["£12–£18", "£20–£28"]);
    expect(fees).toEqual({ customerServiceFeePercent: 5, fixerServiceChargePercent: 10 });
    expect(products.fixerOnboarding.pricePence).toBe(399);
    expect(products.vipAccess.pricePence).toBe(199);
    expect(products.earlyAccessDonation.pricePence).toBe(199);
    expect(formatGBP(earningsClaimPerHour.maxPence)).toBe("£40");
  });

  it("knows each service's starting price", () => {
    expect(startingPricePence("cleaning")).toBe(1500);
    expect(startingPricePence("moving")).toBe(120);
    expect(formatStartingPrice("moving")).toBe("£1.20 per mile");
    expect(formatStartingPrice("plumbing")).toBe("£35/hr");
    expect(formatStartingPrice("assembly")).toBe("£25 per job");
  });

  it("collects every amount for the site-wide price check, and nothing else", () => {
    const all = allPricePence();
    for (const amount of [4500, 120, 250, 399, 199, 4000, 28000, 800]) expect(all.has(amount)).toBe(true);
    for (const amount of [4600, 100, 500, 2999]) expect(all.has(amount)).toBe(false);
  });
});
