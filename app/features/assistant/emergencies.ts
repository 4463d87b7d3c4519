/**
 * Safety first: messages about gas, carbon monoxide, sparking or burning electrics and water near
 * electrics get an emergency answer before anything else, on /fixer-ai and in the home chat widget.
 * A visitor who smells gas must never be told to "try the hob".
 */
import type { ServiceSlug } from "~/content/services";

export type EmergencyId = "gas" | "electrics" | "water-electrics";

export type EmergencyEntry = {
  id: EmergencyId;
  title: string;
  /** What to do now, in order. */
  steps: readonly string[];
  /** Who fixes it once everyone is safe. */
  professional: string;
  /** The FixiT service that books that professional, when there is one. */
  service?: ServiceSlug;
};

export const gasEmergencyNumber = { display: "0800 111 999", href: "tel:0800111999" } as const;

export const emergencyEntries: Readonly<Record<EmergencyId, EmergencyEntry>> = {
  gas: {
    id: "gas",
    title: "Gas or carbon monoxide: act now",
    steps: [
      "Get everyone out of the property and into fresh air.",
      "Don't touch light switches, plugs or electrical appliances, and don't use naked flames, matches or lighters, or smoke.",
      "Open doors and windows on your way out, and turn the gas off at the meter, only if it is safe to do so.",
      `Call the National Gas Emergency Service on ${gasEmergencyNumber.display} (free, 24 hours), or 999 if anyone is in danger or feels unwell (headache, dizziness, sickness).`,
    ],
    professional: "Don't use the appliance again until a Gas Safe registered engineer has checked it.",
  },
  electrics: {
    id: "electrics",
    title: "Sparks, smoke or a burning smell: act now",
    steps: [
      "If there is fire, smoke or sparking you can't stop, get everyone out and call 999.",
      "Don't touch the socket, plug, switch or appliance, and never use water on an electrical fire.",
      "Switch the power off at the consumer unit (fuse box) only if you can reach it safely and it isn't the thing that is burning or sparking.",
      "Leave it off: don't reset switches or plug anything back in.",
    ],
    professional: "Have a registered electrician check it before it is used again.",
    service: "electrical",
  },
  "water-electrics": {
    id: "water-electrics",
    title: "Water near electrics: act now",
    steps: [
      "Keep away from the wet area and don't touch switches, sockets, light fittings or appliances.",
      "Switch the electricity off at the consumer unit (fuse box) only if you can reach it without touching water or standing in it.",
      "Turn the water off at the stopcock (usually under the kitchen sink) if you can do so safely.",
      "Call 999 if you see sparks, smoke or fire.",
    ],
    professional: "Don't switch back on until a registered electrician has checked the wiring; a plumber can then fix the leak.",
    service: "electrical",
  },
};

const gasPattern =
  /\b(smell(s|ing|ed)? (of |like )?gas|gas smell|gassy smell|gas leak|leaking gas|gas is leaking|carbon monoxide|co (alarm|detector|monitor|sensor)|co2? alarm)/;
const electricsPattern =
  /\b(spark(s|ing|ed)?|burning smell|smell(s|ing)? (of )?burning|smells? like burning|something burning|smoke (from|coming)|smoking (socket|plug|switch)|scorch(ed|ing)?|melt(ed|ing) (plug|socket|switch|wire|cable)|fishy smell from)/;
const waterPattern = /\b(water|leak(s|ing|ed)?|flood(s|ing|ed)?|drip(s|ping)?|wet|soaked)\b/;
const electricsNearWaterPattern =
  /\b(light fittings?|lights?|lamp|ceiling rose|sockets?|plugs?|switch(es)?|fuse ?box|consumer unit|electrics|electrical|wiring|wires)\b/;

/** The emergency a message describes, or null. */
export function detectEmergency(message: string): EmergencyEntry | null {
  const text = message.toLowerCase();
  if (gasPattern.test(text)) return emergencyEntries.gas;
  if (electricsPattern.test(text)) return emergencyEntries.electrics;
  if (waterPattern.test(text) && electricsNearWaterPattern.test(text)) return emergencyEntries["water-electrics"];
  return null;
}

/** One paragraph for plain-text replies (the chat widget). */
export function emergencyText(entry: EmergencyEntry): string {
  return `${entry.title}. ${entry.steps.join(" ")} ${entry.professional}`;
}
