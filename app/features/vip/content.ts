import { formatLongDate, isPast, milestones } from "~/content/dates";
import { formatGBP, products, vipPromotions } from "~/content/prices";

/**
 * The members-only copy of the VIP pages (/early-access-blog and /secret-blog), as typed data.
 * Figures come from app/content (prices, dates); nothing here names a date still to come.
 */

export type ProgressStatus = "done" | "in-progress";

/** The dated progress update. Dated after the app's launch, before today, so it never reads as a forecast. */
export const progressUpdate = {
  title: "Progress update",
  date: "2026-11-16",
  // No launch date claimed: whether a store app exists is a setting this content cannot see (decision 073).
  intro: "We have kept building. Here is where each piece stands.",
  items: [
    { label: "AI service matching", status: "done", text: "Describe a job in your own words and we suggest the right kind of professional." },
    { label: "Real-time chat", status: "done", text: "Message your fixer before and during a booking." },
    { label: "Secure payments", status: "done", text: "You pay when you book, and the payment is held by FixiT until you confirm the job is done; then the fixer is paid." },
    { label: "Ratings and reviews", status: "done", text: "Rate every job, so the next household knows who to trust." },
    { label: "Video consultation", status: "in-progress", text: "Show a fixer the problem on a video call before they travel. Testing with a small group of fixers now." },
  ] satisfies { label: string; status: ProgressStatus; text: string }[],
} as const;

export const progressStatusLabel: Record<ProgressStatus, string> = { done: "Done", "in-progress": "In progress" };

export type TipGroup = { id: string; title: string; tips: readonly string[] };

/** Home-maintenance tips in four groups, written for UK homes. */
export const maintenanceTips: readonly TipGroup[] = [
  {
    id: "winter",
    title: "Winter preparation",
    tips: [
      "Find your stop tap (often under the kitchen sink) and check it turns, so you can shut the water off fast if a pipe bursts.",
      "Lag exposed pipes and the cold water tank in the loft, and fit covers to outside taps after isolating them from inside.",
      "Book your annual boiler service with a Gas Safe registered engineer before the first cold snap, when diaries fill up.",
      "Clear leaves from gutters and downpipes so rain and meltwater run away from your walls.",
      "Fit a carbon monoxide alarm in every room with a gas, oil or solid-fuel appliance, and test it.",
    ],
  },
  {
    id: "monthly",
    title: "Monthly maintenance",
    tips: [
      "Press the test button on every smoke and carbon monoxide alarm.",
      "Check the boiler pressure gauge: many combi boilers want around 1 to 1.5 bar when cold. Top up or call an engineer if it keeps dropping.",
      "Clean the washing machine filter and the cooker hood grease filter.",
      "Run the taps and shower in rooms you rarely use for a couple of minutes to keep the water fresh.",
      "Look at the sealant around baths and showers: re-seal gaps before water gets behind the tiles.",
    ],
  },
  {
    id: "energy",
    title: "Energy efficiency",
    tips: [
      "Turn a condensing boiler's radiator flow temperature down to around 60°C: it runs more efficiently with little change in comfort.",
      "Draught-proof doors, windows and the letterbox, but leave trickle vents and extractor fans clear.",
      "Use thermostatic radiator valves to keep spare rooms cooler than living areas.",
      "Top up loft insulation to about 270 mm: if you can see the tops of the joists, there is not enough.",
      "Swap the last halogen and old-style bulbs for LEDs, starting with the lights that are on longest.",
    ],
  },
  {
    id: "seasonal",
    title: "Seasonal care",
    tips: [
      "Spring: after winter storms, look over the roof from the ground for slipped tiles or damaged flashing.",
      "Summer: treat fences, sheds and decking on a dry spell, and repaint flaking exterior woodwork before it rots.",
      "Autumn: bleed radiators before you turn the heating on for the winter, and have chimneys you use swept.",
      "Every three months: press the test button on each RCD in your consumer unit; it should trip straight away.",
    ],
  },
];

const earlyBird = vipPromotions.earlyBird;
const numberWords = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
const inWords = (n: number) => numberWords[n] ?? String(n);
const referral = vipPromotions.referral;

/** The offers open to every customer, VIP or not (decision 065): shown to members as such, never sold as a VIP benefit. */
export const promotions = [
  {
    id: "early-bird",
    title: "Early-bird offer",
    headline: `${earlyBird.discountPercent}% off your first ${inWords(earlyBird.bookings)} bookings`,
    text: `For the first ${earlyBird.firstUsers} customers to pay for a booking on FixiT, VIP or not: ${earlyBird.discountPercent}% off the price of each booking, taken off when they pay, until ${inWords(earlyBird.bookings)} of their bookings are completed (a cancelled one does not count). FixiT pays for it: your fixer is paid in full.`,
  },
  {
    id: "referral",
    title: "Referral bonus",
    headline: `${formatGBP(referral.creditPence)} credit each`,
    text: `For any customer and the friend they refer, once the friend's first booking is confirmed and the fixer paid. The credit is taken off your next booking automatically, and FixiT pays for it.`,
  },
] as const;

/** Community updates. */
export const communityUpdates = [
  {
    title: "Your feedback, in the app",
    text: "Thank you to everyone who answered the early-access survey. Your answers on which services you need, and how often, decided which trades we recruited first.",
  },
  {
    title: "New fixers every week",
    text: "Professionals are joining across the UK. None gets a job before our staff record their ID, right to work and insurance, and the registration or DBS certificate their service needs.",
  },
  {
    title: "Tell us what to write next",
    text: "Want a guide to a job around your home? Send us a message from the Help Center and we will add it to the list.",
    link: { href: "/help", label: "Go to the Help Center" },
  },
] as const;

/** The DIY-versus-professional comparison on the members' page. */
export const diyVersusPro = {
  title: "DIY versus professional",
  intro: "A quick guide to which jobs suit a weekend and which need a qualified trade.",
  rows: [
    { aspect: "Cost", diy: "Materials and any tools you need to buy.", pro: "Labour and materials, quoted upfront before you book." },
    { aspect: "Time", diy: "Your evenings and weekends, and often a second trip to the shop.", pro: "Usually done in one visit." },
    { aspect: "Tools", diy: "Buy, borrow or hire.", pro: "Brings specialist equipment." },
    {
      aspect: "Rules and safety",
      diy: "Fine for decorating, flat-pack, sealant and bleeding radiators.",
      pro: "The law requires a Gas Safe engineer for any gas work; notifiable electrical work needs a registered electrician.",
    },
    { aspect: "If it goes wrong", diy: "You pay to put it right.", pro: "Insured, and you can rate and review the job." },
    {
      aspect: "Best for",
      diy: "Painting, furniture assembly, small repairs.",
      pro: "Boilers, rewiring, hidden leaks, anything structural.",
    },
  ],
} as const;

/** The VIP benefits, worded against today's date (a past date is never advertised as coming). */
export function vipBenefits(today: Date): string[] {
  const vipDate = formatLongDate(milestones.vipEarlyAccess);
  return [
    "The members-only blog: progress updates, home-maintenance guides and behind-the-scenes posts.",
    isPast(milestones.vipEarlyAccess, today) ? `Early access to the FixiT app since ${vipDate}.` : `Early access to the FixiT app from ${vipDate}.`,
    `Lifetime access for a one-time ${formatGBP(products.vipAccess.pricePence)}.`,
  ];
}
