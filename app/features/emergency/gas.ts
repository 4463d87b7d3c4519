import { detectEmergency } from "~/features/assistant/emergencies";

/** The assistant's safety rule (decision 018): a description that mentions gas shows the gas emergency number first. */
export const mentionsGas = (text: string): boolean => detectEmergency(text)?.id === "gas";
