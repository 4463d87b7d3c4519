/**
 * Copy for the signed-out reading of /fixer-ai: hero, four feature cards,
 * a tips block with two categories, and a five-question FAQ. Chat itself needs sign-in.
 */

export const signInHref = "/auth?from=/fixer-ai";
export const signUpHref = "/auth?from=/fixer-ai&view=signup";

export const landingHero = {
  title: "AI Fixer",
  tagline: "Instant, safe home-repair advice for UK homes",
  text: "Step-by-step help with boilers, radiators, electrics, plumbing, damp, draughts and more, written for the way UK homes are built, plus the moment to call in a professional.",
  signInNote: "Chat with AI Fixer needs sign-in. Sign in or create a free account to start a conversation.",
} as const;

export const landingFeatures = [
  { title: "Instant Answers", text: "Describe the problem in your own words and get clear, step-by-step guidance straight away.", icon: "zap" },
  { title: "UK-Specific Advice", text: "Tailored to UK homes, regulations and weather: combi boilers, consumer units, loft insulation and more.", icon: "map" },
  { title: "Safety First", text: "Every answer carries a safety note, and says when a Gas Safe engineer or registered electrician is needed.", icon: "shield" },
  { title: "Energy Savings", text: "Practical ways to reduce your bills and improve your home's efficiency.", icon: "leaf" },
] as const;

export type TipCategory = { id: "heating" | "energy"; label: string; tips: readonly string[] };

export const tipCategories: readonly TipCategory[] = [
  {
    id: "heating",
    label: "Heating & Boilers",
    tips: [
      "Check your boiler pressure: with the heating off it should read between 1 and 2 bar.",
      "Bleed radiators that are cold at the top, with the heating off, then re-check the pressure.",
      "Have your boiler serviced every year by a Gas Safe registered engineer.",
      "If you smell gas, open windows, don't use switches or flames, turn the gas off at the meter and call 0800 111 999.",
    ],
  },
  {
    id: "energy",
    label: "Energy Savings",
    tips: [
      "Set your thermostat between 18 and 21°C: each degree lower saves about 10% on heating.",
      "Seal draughts around doors, windows and letterboxes to cut bills by up to 20%.",
      "Top up loft insulation to the recommended 270 mm.",
      "Use radiator valves and the timer to heat only the rooms and hours you need.",
    ],
  },
];

export const landingFaqs = [
  {
    question: "What is AI Fixer?",
    answer:
      "AI Fixer is FixiT's home-repair advice assistant. It answers from a built-in library of practical guidance written for UK homes, covering heating, electrics, plumbing, maintenance, insulation, emergencies, cleaning, gardening, moving and care.",
  },
  {
    question: "Is AI Fixer free to use?",
    answer: "Yes. Chatting with AI Fixer is free for anyone with a FixiT account, and creating an account is free.",
  },
  {
    question: "Why do I need to sign in to chat?",
    answer: "The chat is a feature for FixiT members. Sign in, or create a free account, and you'll be brought straight back here to start chatting.",
  },
  {
    question: "Can AI Fixer replace a professional?",
    answer:
      "No. It helps with simple checks and everyday jobs. Gas work must be done by a Gas Safe registered engineer and electrical work beyond simple checks by a registered electrician. When in doubt, book a vetted FixiT professional.",
  },
  {
    question: "Are my questions sent anywhere?",
    answer: "No. AI Fixer's answers come from advice built into the page, so your questions stay in your browser and are not stored.",
  },
] as const;
