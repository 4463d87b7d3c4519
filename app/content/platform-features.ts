/** The "Features" view on /categories: what every booking on FixiT comes with. */
import { fees, heldUntilConfirmed } from "~/content/prices";

export type PlatformFeature = { title: string; description: string; icon: "Lock" | "FileText" | "MessageSquare" | "ShieldCheck" | "ThumbsUp" | "Siren" | "Bot" | "Crown" };

export const platformFeatures: readonly PlatformFeature[] = [
  { icon: "Lock", title: "Payment held until you confirm", description: `You pay when you book; the money is ${heldUntilConfirmed}, then the fixer is paid.` },
  { icon: "FileText", title: "Upfront quotes", description: `A clear price before you book. The only addition is the ${fees.customerServiceFeePercent}% customer service fee, shown before you pay.` },
  { icon: "MessageSquare", title: "Chat directly with pros", description: "Message your fixer to share photos, agree details and arrange access." },
  { icon: "ShieldCheck", title: "Vetted and insured fixers", description: "ID, right to work and insurance checked by our staff before anyone takes a job, plus the registration or DBS check their service needs." },
  { icon: "ThumbsUp", title: "Problems decided by our staff", description: "If the work is not right, report it instead of confirming: the payment stays held and our staff decide what is released or refunded." },
  // Not "24/7 emergency cover": call-outs reach only the fixers on call at the time (decision 079, issue 51).
  { icon: "Siren", title: "Emergency call-outs", description: "For plumbing, electrics and urgent repairs: the fixers on call near you are offered the job, the first to accept says when they can arrive, and you pay the first hour up front, held by FixiT. Nothing is charged if nobody accepts." },
  { icon: "Bot", title: "24/7 AI support", description: "The AI Fixer answers common home-repair questions at any hour." },
  { icon: "Crown", title: "VIP early access", description: "Supporters get members-only updates, maintenance tips and offers." },
];
