import { describe, expect, it } from "vitest";
import { formatGBP, formatPriceWithUnit, products, servicePrices } from "~/content/prices";
import { homeSections, widgetQuickQuestions, widgetReply, widgetReplyDelay } from "./widget-replies";

describe("home chat widget replies", () => {
  it("answers each quick button with its own topic", () => {
    expect(widgetQuickQuestions).toEqual(["Services", "Pricing", "Booking", "How it works"]);
    expect(widgetQuickQuestions.map((q) => widgetReply(q).topic)).toEqual(["services", "pricing", "booking", "how-it-works"]);
  });

  it("quotes prices from the price file, per service when one is named", () => {
    const general = widgetReply("How much does it cost?");
    expect(general.text).toContain(`Plumbing ${formatPriceWithUnit(servicePrices.plumbing[1]!)}`);
    expect(general.links).toEqual([{ label: "Browse services and prices", href: "/categories" }]);
    const plumber = widgetReply("how much is a plumber?");
    expect(plumber.text).toContain(formatPriceWithUnit(servicePrices.plumbing[0]!));
    expect(plumber.links[0]!.href).toBe("/categories/plumbing");
    const dog = widgetReply("Dog walking prices please");
    expect(dog.text).toContain(formatPriceWithUnit(servicePrices["dog-walking"][0]!));
  });

  it("sends account questions to /account and VIP questions to /early-access at £1.99", () => {
    expect(widgetReply("I forgot my password").links).toEqual([{ label: "Go to my account", href: "/account" }]);
    expect(widgetReply("how do I sign in?").topic).toBe("account");
    const vip = widgetReply("What is VIP?");
    expect(vip.text).toContain(formatGBP(products.vipAccess.pricePence));
    expect(vip.text).toContain("£1.99");
    expect(vip.links[0]!.href).toBe("/early-access");
  });

  it("puts gas safety first", () => {
    const gas = widgetReply("I can smell gas, how much is a plumber?");
    expect(gas.topic).toBe("gas");
    expect(gas.text).toContain("0800 111 999");
  });

  it("matches short words whole, so 'hi' inside 'this' is not a greeting", () => {
    expect(widgetReply("hi").topic).toBe("greeting");
    expect(widgetReply("is this thing on").topic).toBe("default");
    expect(widgetReply("").topic).toBe("default");
  });

  it("links every reply to real pages", () => {
    const pages = ["/categories", "/account", "/early-access", "/how-it-works", "/fixer-register", "/careers", "/fixer-ai", "/help"];
    for (const q of ["services", "pricing", "book", "how it works", "become a fixer", "repair advice", "contact support", "xyz", "cleaning"]) {
      for (const link of widgetReply(q).links) {
        expect(pages.includes(link.href) || link.href.startsWith("/categories/"), `${q} → ${link.href}`).toBe(true);
      }
    }
  });

  it("waits between 1 and 2 seconds", () => {
    expect(widgetReplyDelay(() => 0)).toBe(1000);
    expect(widgetReplyDelay(() => 0.5)).toBe(1500);
    expect(widgetReplyDelay(() => 0.999)).toBe(1999);
  });

  it("offers the four home sections", () => {
    expect(homeSections.map((s) => s.id)).toEqual(["features", "how-it-works", "professionals", "testimonials"]);
  });
});
