import { ON_CALL_NOW_MAX_HOURS } from "./on-call-time";

/** The on-call pages' words (decision 079). */
export const emergencyPaths = { fixerPage: "/fixer/emergency", staffPage: "/staff/on-call" } as const;

export const emergencyCopy = {
  title: "Emergency call-outs",
  metaDescription: "Choose the emergency services you take, your emergency rate and the hours you are on call.",
  dashboardIntro: "Plumbing, electrical and handyman fixers: choose your emergency rate and the hours you are on call.",
  /** Short enough for one line of a 360 px phone: a button does not wrap. */
  dashboardLink: "Set your on-call hours",
  intro:
    "Customers with an emergency (a burst pipe, no power) will be able to reach fixers who are on call near them. Choose the services you take call-outs for, your emergency rate, and when you are on call.",
  servicesTitle: "Services and rates",
  servicesIntro: "Your emergency rate per hour must be inside the range FixiT publishes on the service page.",
  noServices: "You don't offer plumbing, electrical or handyman work yet. Add one under \"Services you offer\" on your dashboard to take emergency call-outs.",
  notOffered: (names: string) => `Not shown: ${names} (not among the services you offer).`,
  takeCalls: (name: string) => `Take emergency call-outs for ${name}`,
  rateLabel: (name: string) => `${name} emergency rate (£ per hour)`,
  saveService: (name: string) => `Save ${name}`,
  hoursTitle: "Weekly on-call hours",
  hoursIntro: "UK time. An end time before the start runs overnight into the next day (18:00 to 08:00). Leave a day empty when you are not on call.",
  saveHours: "Save hours",
  nowTitle: "Right now",
  onCallNow: "On call now",
  offNow: "Off now",
  followHours: "Follow my weekly hours",
  nowHint: `"On call now" and "Off now" hold until your weekly hours next change ("On call now" for at most ${ON_CALL_NOW_MAX_HOURS} hours).`,
  needService: "Choose a service and your emergency rate first: then you can go on call.",
  flash: {
    serviceOn: (name: string) => ({ title: "Saved", text: `You take emergency call-outs for ${name}.` }),
    serviceOff: (name: string) => ({ title: "Saved", text: `You no longer take emergency call-outs for ${name}.` }),
    hours: { title: "Hours saved", text: "Your weekly on-call hours are saved." },
    now: (sentence: string) => ({ title: "Saved", text: `${sentence}.` }),
  },
  errors: {
    badRequest: { title: "That didn't work", text: "The form could not be read. Please reload the page and try again." },
    invalid: { title: "Please check the form", text: "Some answers need changing: see the messages beside them." },
    notFixer: "Emergency call-outs are for approved fixers. Apply to join FixiT as a fixer first.",
  },
  staff: {
    title: "On call now",
    intro: "Fixers on call for emergencies at this moment, by the area or district they cover and the service.",
    none: "Nobody is on call for these choices right now.",
    filterService: "Service",
    anyService: "All emergency services",
    filterDistrict: "District or area",
    districtHint: "For example SW1 or M",
    show: "Show",
    next: "Next page",
    first: "First page",
  },
} as const;
