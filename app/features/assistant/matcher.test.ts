import { describe, expect, it } from "vitest";
import { adviceCategories, adviceEntries, type AdviceEntry, fallbackCategoryWords, fallbackReply, quickPrompts, welcomeMessage } from "./advice";
import { formatPriceWithUnit, servicePrices } from "~/content/service-prices";
import { emergencyEntries, type EmergencyId } from "./emergencies";
import { capitaliseCategory, matchAdvice } from "./matcher";

const entry = (id: AdviceEntry["id"], keywords: string[]): AdviceEntry => ({
  id,
  category: id.split("-")[0] as AdviceEntry["category"],
  keywords,
  question: `${id}?`,
  answer: `${id} answer`,
  safety: "💡 tip",
});

describe("the advice library", () => {
  it("has exactly 38 entries with unique ids of the form category-number", () => {
    expect(adviceEntries).toHaveLength(38);
    expect(new Set(adviceEntries.map((e) => e.id)).size).toBe(38);
    for (const e of adviceEntries) expect(e.id).toMatch(new RegExp(`^${e.category}-\\d+$`));
  });

  it("covers all 16 categories, in the spec's order", () => {
    const seen = [...new Set(adviceEntries.map((e) => e.category))];
    expect(seen).toEqual([...adviceCategories]);
    expect(seen).toHaveLength(16);
  });

  it("gives every entry lowercase keywords, a question, an answer and a safety note starting with ⚠️ or 💡", () => {
    for (const e of adviceEntries) {
      expect(e.keywords.length, e.id).toBeGreaterThan(0);
      for (const k of e.keywords) expect(k, e.id).toBe(k.toLowerCase().trim());
      expect(e.question.length, e.id).toBeGreaterThan(10);
      expect(e.answer.length, e.id).toBeGreaterThan(100);
      expect(e.safety.startsWith("⚠️") || e.safety.startsWith("💡"), e.id).toBe(true);
    }
  });

  it("carries the spec's figures", () => {
    const text = (id: string) => {
      const e = adviceEntries.find((x) => x.id === id)!;
      return `${e.answer} ${e.safety}`;
    };
    expect(text("heating-1")).toContain("between 1 and 2 bar");
    expect(text("savings-1")).toMatch(/18 and 21°C/);
    expect(text("savings-1")).toContain("about 10%");
    expect(text("insulation-1")).toContain("up to 20%");
    expect(text("insulation-2")).toContain("270 mm");
    expect(text("moving-2")).toContain("over 25 kg");
    expect(text("landscaping-3")).toContain("25% of the plant's live growth");
    expect(text("landscaping-1")).toContain("a third of the grass height");
    expect(text("plumbing-1")).toContain("wait 30 minutes");
  });

  it("sends gas work to a Gas Safe registered engineer and says what to do if you smell gas", () => {
    const boiler = adviceEntries.find((e) => e.id === "heating-1")!;
    expect(boiler.safety).toContain("Gas Safe registered engineer");
    expect(boiler.safety).toContain("0800 111 999");
    expect(boiler.safety).toMatch(/open doors and windows/);
    expect(boiler.safety).toMatch(/turn the gas off at the meter/);
    for (const id of ["electrical-1", "electrical-2", "electrical-3"]) {
      expect(adviceEntries.find((e) => e.id === id)!.safety).toContain("registered electrician");
    }
  });

  it("has a welcome and a fallback worded per the spec", () => {
    expect(welcomeMessage).toMatch(/^Hi! I'm your AI Fixer assistant/);
    expect(welcomeMessage).toMatch(/what can I help you fix today\?$/);
    expect(fallbackReply.areas).toEqual(["Heating & Boilers", "Electrical", "Plumbing", "General Maintenance", "Insulation & Energy", "Emergency Repairs"]);
    expect(fallbackReply.examples).toEqual(["boiler not working", "blocked sink", "reduce heating bills"]);
    expect(fallbackReply.safetyFirst).toMatch(/Safety First/);
    expect(fallbackReply.safetyFirst).toMatch(/gas work/);
  });
});

describe("matchAdvice", () => {
  it("lowercases the message before matching", () => {
    expect(matchAdvice("MY BOILER IS BROKEN")).toMatchObject({ kind: "keywords", entry: { id: "heating-1" } });
  });

  it("matches a keyword contained anywhere in the text, even inside a longer word", () => {
    const entries = [entry("heating-1", ["boil"])];
    expect(matchAdvice("reboiling", entries)).toMatchObject({ kind: "keywords", entry: { id: "heating-1" } });
  });

  it("picks the candidate with the most matching keywords", () => {
    const entries = [entry("heating-1", ["a1"]), entry("plumbing-1", ["b1", "b2"]), entry("cleaning-1", ["a1", "b1", "c1"])];
    expect(matchAdvice("a1 b1 b2", entries)).toMatchObject({ entry: { id: "plumbing-1" }, matchedKeywords: 2 });
    expect(matchAdvice("a1 b1 c1", entries)).toMatchObject({ entry: { id: "cleaning-1" }, matchedKeywords: 3 });
  });

  it("lets the earliest entry win a tie", () => {
    const entries = [entry("painting-1", ["x"]), entry("cleaning-1", ["y"]), entry("heating-1", ["x", "z"])];
    expect(matchAdvice("x y", entries)).toMatchObject({ entry: { id: "painting-1" } });
    expect(matchAdvice("y x", entries)).toMatchObject({ entry: { id: "painting-1" } });
    expect(matchAdvice("z x y", entries)).toMatchObject({ entry: { id: "heating-1" } });
  });

  it("counts each keyword once however often it appears", () => {
    const entries = [entry("painting-1", ["x"]), entry("cleaning-1", ["y", "w"])];
    expect(matchAdvice("x x x x y w", entries)).toMatchObject({ entry: { id: "cleaning-1" } });
  });

  it("with no keyword, uses the first entry of a category word in the message", () => {
    const entries = [entry("heating-1", ["q"]), entry("electrical-1", ["q"]), entry("electrical-2", ["q"]), entry("emergency-1", ["q"])];
    expect(matchAdvice("Something ELECTRICAL please", entries)).toEqual({ kind: "category", entry: entries[1] });
    expect(matchAdvice("an emergency", entries)).toEqual({ kind: "category", entry: entries[3] });
    // Keywords beat category words.
    expect(matchAdvice("electrical q", entries)).toMatchObject({ kind: "keywords", entry: { id: "heating-1" } });
  });

  it("applies the category fallback to the real library for each of the six words", () => {
    expect(matchAdvice("general electrical question")).toMatchObject({ kind: "category", entry: { id: "electrical-1" } });
    expect(matchAdvice("I need plumbing advice")).toMatchObject({ kind: "category", entry: { id: "plumbing-1" } });
    expect(matchAdvice("maintenance tips for a new homeowner")).toMatchObject({ kind: "category", entry: { id: "maintenance-1" } });
    expect(matchAdvice("is insulation worth it")).toMatchObject({ kind: "category", entry: { id: "insulation-1" } });
    expect(matchAdvice("this is an emergency")).toMatchObject({ kind: "category", entry: { id: "emergency-1" } });
    // "heating" is also a heating-1 keyword, so it is found by rule 2 first.
    expect(matchAdvice("heating")).toMatchObject({ entry: { id: "heating-1" } });
    expect(fallbackCategoryWords).toEqual(["heating", "electrical", "plumbing", "maintenance", "insulation", "emergency"]);
  });

  it("gives the fallback when nothing matches, including empty and odd input", () => {
    for (const message of ["hello", "", "   ", "what's the weather like?", "🙂🙂", "<script>alert(1)</script>", "x".repeat(5000)]) {
      expect(matchAdvice(message), JSON.stringify(message.slice(0, 20))).toEqual({ kind: "fallback" });
    }
  });

  it("answers each Quick Help prompt with its topic", () => {
    expect(quickPrompts.map((p) => matchAdvice(p))).toMatchObject([
      { entry: { id: "heating-1" } },
      { entry: { id: "savings-1" } },
      { entry: { id: "heating-2" } },
      { entry: { id: "electrical-1" } },
    ]);
  });

  it("capitalises the category name", () => {
    expect(capitaliseCategory("heating")).toBe("Heating");
    expect(capitaliseCategory("dogwalking")).toBe("Dogwalking");
    expect(capitaliseCategory("")).toBe("");
  });
});

/** Everyday questions, typed the way people type them, and the entry each should get. */
const everydayQuestions: [string, AdviceEntry["id"]][] = [
  ["my boiler isnt working", "heating-1"],
  ["Boiler pressure keeps dropping below 1", "heating-1"],
  ["no hot water this morning", "heating-1"],
  ["central heating wont come on", "heating-1"],
  ["combi boiler showing fault code F28", "heating-1"],
  ["radiator is cold at the top", "heating-2"],
  ["radiators banging when heating comes on", "heating-2"],
  ["how do i bleed a radiator", "heating-2"],
  ["gurgling noise in the pipes upstairs", "heating-2"],
  ["how can I save money on my energy bill", "savings-1"],
  ["what temperature should i set my thermostat", "savings-1"],
  ["gas bill is way too high, how do I reduce it", "savings-1"],
  ["light switch not working in hallway", "electrical-1"],
  ["my kitchen lights are flickering", "electrical-1"],
  ["changed the bulb and the lamp still wont turn on", "electrical-1"],
  ["plug socket stopped working", "electrical-2"],
  ["is it ok to use an extension lead for my heater", "electrical-2"],
  ["the sockets in the living room have no power", "electrical-2"],
  ["fuse keeps tripping", "electrical-3"],
  ["the rcd in my consumer unit trips when it rains", "electrical-3"],
  ["circuit breaker tripped and wont reset", "electrical-3"],
  ["kitchen sink is blocked", "plumbing-1"],
  ["shower drain is slow draining", "plumbing-1"],
  ["how to unclog a drain without chemicals", "plumbing-1"],
  ["my bathroom tap is dripping", "plumbing-2"],
  ["how do I change a tap washer", "plumbing-2"],
  ["leaking tap in the kitchen", "plumbing-2"],
  ["toilet keeps running after flushing", "plumbing-3"],
  ["cistern wont stop filling", "plumbing-3"],
  ["how do i put up shelves on plasterboard", "handyman-1"],
  ["hanging a heavy mirror", "handyman-1"],
  ["what wall plug should I use to mount a tv bracket", "handyman-1"],
  ["bedroom door keeps sticking", "handyman-2"],
  ["front door won't close properly", "handyman-2"],
  ["how to fill a hole in the wall", "handyman-3"],
  ["cracks in plaster above the window", "handyman-3"],
  ["how do I prep walls before painting", "painting-1"],
  ["do I need a mist coat on new plaster", "painting-1"],
  ["paint looks streaky after drying", "painting-2"],
  ["how many coats of paint do i need", "painting-2"],
  ["best way to paint a ceiling", "painting-3"],
  ["how to deep clean a house", "cleaning-1"],
  ["end of tenancy cleaning checklist", "cleaning-1"],
  ["red wine on the carpet help", "cleaning-2"],
  ["how do I get a coffee stain out of a rug", "cleaning-2"],
  ["how to clean a greasy oven", "cleaning-3"],
  ["cleaning the extractor fan filter", "cleaning-3"],
  ["tips for assembling ikea wardrobe", "assembly-1"],
  ["flat pack furniture instructions missing a screw", "assembly-1"],
  ["how high should my monitor be", "assembly-2"],
  ["setting up a home office desk for good posture", "assembly-2"],
  ["my laptop gives me back pain", "assembly-2"],
  ["how often should I mow the lawn", "landscaping-1"],
  ["moss in my grass", "landscaping-1"],
  ["when should I plant vegetables in the garden", "landscaping-2"],
  ["best time of year to plant flowers", "landscaping-2"],
  ["when should i prune my roses", "landscaping-3"],
  ["hedge trimming tips", "landscaping-3"],
  ["tips for packing boxes when moving house", "moving-1"],
  ["how to lift a heavy sofa without hurting my back", "moving-2"],
  ["how to childproof my house", "nanny-1"],
  ["do i need a stair gate for my toddler", "nanny-1"],
  ["activities for a 4 year old on a rainy day", "nanny-2"],
  ["what can I do to entertain the kids", "nanny-2"],
  ["what should a house sitter know while we are away on holiday", "housesitting-1"],
  ["how often should I water my houseplants", "housesitting-2"],
  ["plants have yellow leaves", "housesitting-2"],
  ["tips for walking my dog in hot weather", "dogwalking-1"],
  ["my puppy pulls on the lead", "dogwalking-1"],
  ["my dog ate chocolate what do i do", "dogwalking-2"],
  ["signs my cat needs the vet urgently", "dogwalking-2"],
  ["gutters are overflowing", "maintenance-1"],
  ["how to clean gutters", "maintenance-1"],
  ["black mould on my bedroom wall", "maintenance-2"],
  ["condensation on windows every morning", "maintenance-2"],
  ["squeaky door hinge", "maintenance-3"],
  ["how do i stop a creaking hinge", "maintenance-3"],
  ["draughty windows in winter", "insulation-1"],
  ["cold air coming under the front door", "insulation-1"],
  ["how thick should loft insulation be", "insulation-2"],
  ["is it worth insulating the attic", "insulation-2"],
  ["burst pipe under the sink!!", "emergency-1"],
  ["water pouring through the ceiling from a leaking pipe", "emergency-1"],
  ["my pipes are frozen", "emergency-1"],
  ["power cut in my street", "emergency-2"],
  ["no electricity in the whole house", "emergency-2"],
  // Words hidden inside other words must not send people to the wrong topic.
  ["draught strips for the windows", "insulation-1"],
  ["when to plant tulip bulbs", "landscaping-2"],
  ["my dog is sick", "dogwalking-2"],
  ["how to reduce condensation", "maintenance-2"],
  ["trip switch keeps going off", "electrical-3"],
  ["confused about which paint to buy", "painting-2"],
  ["frozen condensate pipe", "heating-1"],
  ["overflow pipe dripping outside", "plumbing-3"],
  ["amount of storage in the loft", "insulation-2"],
];

describe("everyday questions find the right advice", () => {
  it("has at least 60 questions and covers every entry", () => {
    expect(everydayQuestions.length).toBeGreaterThanOrEqual(60);
    expect(new Set(everydayQuestions.map(([, id]) => id))).toEqual(new Set(adviceEntries.map((e) => e.id)));
  });

  it.each(everydayQuestions)("%s → %s", (question, expectedId) => {
    const match = matchAdvice(question);
    expect("entry" in match ? match.entry.id : match.kind).toBe(expectedId);
  });
});

/** Safety first: these must get the emergency answer, never repair tips (decision 018). */
const emergencyQuestions: [string, EmergencyId][] = [
  ["I can smell gas in the kitchen!", "gas"],
  ["smells of gas near the boiler", "gas"],
  ["there's a gas smell in the hallway", "gas"],
  ["I think we have a gas leak", "gas"],
  ["my CO alarm is beeping", "gas"],
  ["carbon monoxide detector going off", "gas"],
  ["socket sparking", "electrics"],
  ["sparks came out of the plug when I pulled it", "electrics"],
  ["burning smell from the fuse box", "electrics"],
  ["smell of burning from the light switch", "electrics"],
  ["the socket is scorched and melted plug", "electrics"],
  ["water leaking onto the light fitting", "water-electrics"],
  ["water dripping from the ceiling light", "water-electrics"],
  ["flooding in the kitchen near the sockets", "water-electrics"],
  ["the fuse box is wet", "water-electrics"],
];

describe("emergencies answer first", () => {
  it.each(emergencyQuestions)("%s → the %s emergency", (question, id) => {
    expect(matchAdvice(question)).toEqual({ kind: "emergency", emergency: emergencyEntries[id] });
  });

  it("tells the visitor to leave, not to touch switches or flames, and who to call", () => {
    const gas = emergencyEntries.gas.steps.join(" ");
    expect(gas).toMatch(/Get everyone out/);
    expect(gas).toMatch(/Don't touch light switches/);
    expect(gas).toMatch(/naked flames/);
    expect(gas).toMatch(/open doors and windows/i);
    expect(gas).toContain("National Gas Emergency Service on 0800 111 999");
    expect(gas).toContain("999 if anyone is in danger");
    expect(emergencyEntries.gas.professional).toContain("Gas Safe registered engineer");
    for (const id of ["electrics", "water-electrics"] as const) {
      const e = emergencyEntries[id];
      expect(e.steps.join(" ")).toMatch(/consumer unit .*only if/);
      expect(e.steps.join(" ")).toContain("999");
      expect(e.professional).toContain("registered electrician");
    }
  });

  it("still gives ordinary boiler, radiator, leak and electrical questions their advice", () => {
    for (const [question, id] of [
      ["my boiler isnt working", "heating-1"],
      ["boiler pressure keeps dropping", "heating-1"],
      ["radiator is cold at the top", "heating-2"],
      ["plug socket stopped working", "electrical-2"],
      ["my kitchen lights are flickering", "electrical-1"],
      ["water pouring through the ceiling from a leaking pipe", "emergency-1"],
      ["leaking tap in the kitchen", "plumbing-2"],
      ["how often should I water my houseplants", "housesitting-2"],
    ] as const) {
      const match = matchAdvice(question);
      expect(match.kind === "keywords" || match.kind === "category" ? match.entry.id : match.kind, question).toBe(id);
    }
  });

  it("no longer tells anyone to check the gas by trying the hob when they smell gas", () => {
    const match = matchAdvice("I can smell gas in the kitchen!");
    expect(JSON.stringify(match)).not.toMatch(/try the hob/);
  });
});

describe("questions about FixiT itself", () => {
  const site = (question: string, context = {}) => {
    const match = matchAdvice(question, undefined, context);
    if (match.kind !== "site") throw new Error(`${question}: ${match.kind}`);
    return match.answer;
  };

  it.each([
    ["How much does a plumber cost in London?", "plumbing"],
    ["what do electricians charge", "electrical"],
    ["price for a deep clean", "cleaning"],
    ["how much to fix a leaking tap", "plumbing"],
    ["how much is a dog walker", "dog-walking"],
    ["babysitter rates", "nanny"],
  ] as const)("%s → the %s price ranges and its page", (question, slug) => {
    const answer = site(question);
    expect(answer.topic).toBe("pricing");
    for (const range of servicePrices[slug]) expect(answer.text).toContain(formatPriceWithUnit(range));
    expect(answer.links[0]!.href).toBe(`/categories/${slug}`);
  });

  it("says London is covered when a London price is asked", () => {
    expect(site("How much does a plumber cost in London?").text).toContain("FixiT works across Greater London");
  });

  it("answers a price question without a service with sample ranges and the services page", () => {
    const answer = site("how much does it cost?");
    expect(answer.links).toEqual([{ label: "Browse services and prices", href: "/categories" }]);
  });

  it.each(["How do I book a plumber?", "can I make an appointment", "where do I download the app", "Booking"])("%s → how booking works today", (question) => {
    const now = new Date("2026-11-23T12:00:00Z");
    const stores = { appStore: "https://apps.example/fixit", googlePlay: null };
    const answer = site(question, { now, stores });
    expect(answer.topic).toBe("booking");
    expect(answer.text).toContain("customer app, available since 16 January 2026");
    expect(answer.text).toContain("download it from the App Store below");
    expect(answer.appBadges).toBe(true);
    expect(answer.links.map((l) => l.href)).toEqual([question.includes("plumber") ? "/request?service=plumbing" : "/request", "/early-access", "/how-it-works"]);
    expect(answer.text).toContain("post a job on this website");
  });

  it("without a configured store, offers the installable app instead of badges, and claims no store app (decision 073)", () => {
    const answer = site("how do I book?", { now: new Date("2026-11-23T12:00:00Z"), stores: { appStore: null, googlePlay: null } });
    expect(answer.appBadges).toBeUndefined();
    expect(answer.text).toContain("Install FixiT from your browser: no app store needed.");
    expect(answer.text).not.toMatch(/customer app|available since|App Store|Google Play/);
    expect(answer.links[0]).toEqual({ label: "Post a job", href: "/request" });
    expect(answer.links[1]).toEqual({ label: "Join early access", href: "/early-access" });
  });

  it("before the launch date, says the app is coming", () => {
    const answer = site("how do I book?", { now: new Date("2026-01-01T12:00:00Z") });
    expect(answer.text).toMatch(/launching on 16 January 2026/);
  });

  it("keeps ordinary repair questions that mention money on their advice", () => {
    expect(matchAdvice("how do I cut the cost of my energy bill")).toMatchObject({ entry: { id: "savings-1" } });
    expect(matchAdvice("gas bill is way too high, how do I reduce it")).toMatchObject({ entry: { id: "savings-1" } });
  });
});
