import { coverageLookupAnswer } from "./contact-answers";
import { describe, expect, it } from "vitest";
import { company } from "~/content/company";
import { formatGBP, products } from "~/content/prices";
import { formatPriceWithUnit, servicePrices } from "~/content/service-prices";
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

  it("puts safety first: gas, carbon monoxide, sparks, burning and water near electrics", () => {
    const gas = widgetReply("I can smell gas, how much is a plumber?");
    expect(gas.topic).toBe("emergency");
    expect(gas.text).toContain("National Gas Emergency Service on 0800 111 999");
    expect(gas.text).toMatch(/Get everyone out/);
    expect(gas.text).toContain("Gas Safe registered engineer");
    expect(gas.links).toEqual([{ label: "Call 0800 111 999", href: "tel:0800111999" }]);
    for (const q of ["my CO alarm is beeping", "socket sparking", "burning smell from the fuse box", "water leaking onto the light fitting"]) {
      const reply = widgetReply(q);
      expect(reply.topic, q).toBe("emergency");
      expect(reply.text, q).toMatch(/999/);
    }
    expect(widgetReply("socket sparking").text).toContain("registered electrician");
    expect(widgetReply("socket sparking").links[0]!.href).toBe("/categories/electrical");
  });

  it("answers booking with the app's store badges, or the installable app when no store is set", () => {
    const now = new Date("2026-11-23T12:00:00Z");
    const withStores = widgetReply("Booking", { now, stores: { appStore: "https://a.example", googlePlay: "https://g.example" } });
    expect(withStores.appBadges).toBe(true);
    expect(withStores.text).toContain("the App Store or Google Play");
    const without = widgetReply("Booking", { now, stores: { appStore: null, googlePlay: null } });
    expect(without.appBadges).toBeUndefined();
    expect(without.text).toContain("Install FixiT from your browser: no app store needed.");
    expect(without.text).not.toMatch(/available since|App Store|Google Play/);
  });

  it("answers coverage with the one coverage answer: a postcode is looked up, never guessed from the launch cities", () => {
    const manchester = widgetReply("Do you cover Manchester?");
    expect(manchester.topic).toBe("coverage");
    expect(manchester.coverageLookup).toBeUndefined();
    // No claim that a fixer works there: the answer asks for the postcode and offers posting the job.
    expect(manchester.text).not.toMatch(/^Yes/);
    expect(manchester.text).toMatch(/Type your postcode/);
    expect(manchester.links.map((l) => l.href)).toContain("/request");
    expect(widgetReply("Is SW1A 1AA in your area?")).toMatchObject({ topic: "coverage", coverageLookup: { postcode: "SW1A 1AA", service: null } });
    expect(widgetReply("do you have a plumber for N1 9GU")).toMatchObject({ topic: "coverage", coverageLookup: { postcode: "N1 9GU", service: "plumbing" } });
    expect(widgetReply("N1 9GU").coverageLookup).toEqual({ postcode: "N1 9GU", service: null });
    expect(widgetReply("how do I discover new services").topic).not.toBe("coverage");
  });

  it("words the server's coverage answer: covered, not yet (post anyway or the area waitlist), or a failed check", () => {
    const lookup = { postcode: "N1 9GU", service: "plumbing" as const };
    const yes = coverageLookupAnswer(lookup, { covered: true, fixers: 2, postcode: "N1 9GU", district: "N1", service: "plumbing" }, "Plumbing");
    expect(yes.text).toMatch(/^Yes: 2 approved FixiT fixers offer plumbing in N1/);
    expect(yes.links[0]!.href).toBe("/request?service=plumbing&postcode=N1+9GU");
    const no = coverageLookupAnswer(lookup, { covered: false, fixers: 0, postcode: "N1 9GU", district: "N1", service: "plumbing" }, "Plumbing");
    expect(no.text).toMatch(/^Not yet: no approved FixiT fixer offers plumbing in N1 9GU yet\. You can still post your job/);
    expect(no.links.map((l) => l.href)).toEqual(["/request?service=plumbing&postcode=N1+9GU", "/waitlist?service=plumbing&postcode=N1+9GU"]);
    expect(no.text + no.links.map((l) => l.label).join(" ")).not.toMatch(/donat|£/i);
    expect(coverageLookupAnswer(lookup, { error: "Too many checks." }, "Plumbing").text).toMatch(/^Too many checks\./);
  });

  it("puts a visitor who wants a person through to the help form, the phone number and its hours", () => {
    for (const q of ["can I talk to a human?", "I want to speak to a real person", "what's your phone number", "contact support"]) {
      const reply = widgetReply(q);
      expect(reply.text, q).toContain(company.phone);
      expect(reply.text, q).toContain(company.supportHours);
      expect(reply.links, q).toContainEqual({ label: "Contact form", href: "/help#contact-support" });
      expect(reply.links, q).toContainEqual({ label: `Call ${company.phone}`, href: company.phoneHref });
    }
  });

  it("matches short words whole, so 'hi' inside 'this' is not a greeting", () => {
    expect(widgetReply("hi").topic).toBe("greeting");
    expect(widgetReply("is this thing on").topic).toBe("default");
    expect(widgetReply("").topic).toBe("default");
  });

  it("links every reply to real pages", () => {
    const pages = ["/categories", "/account", "/early-access", "/how-it-works", "/fixer-register", "/careers", "/fixer-ai", "/help", "/request"];
    for (const q of ["services", "pricing", "book", "how it works", "become a fixer", "repair advice", "contact support", "xyz", "cleaning", "do you cover York", "gas leak", "sparking plug"]) {
      for (const link of widgetReply(q).links) {
        const page = link.href.split(/[#?]/)[0]!;
        expect(pages.includes(page) || page.startsWith("/categories/") || page.startsWith("tel:"), `${q} → ${link.href}`).toBe(true);
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
