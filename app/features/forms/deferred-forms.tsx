import { deferredHydration } from "~/lib/deferred-hydration";

// The forms at the foot of their pages hydrate from their own chunks (~/lib/deferred-hydration):
// until then they work as plain HTML forms, which every public form does (a POST without JavaScript).
const server = import.meta.env.SSR
  ? {
      investor: (await import("./investor-inquiry-form")).InvestorInquiryForm,
      help: (await import("./contact-support-form")).ContactSupportForm,
      feedback: (await import("./feedback-form")).FeedbackForm,
    }
  : null;

/** The investor inquiry form at the foot of /careers. */
export const DeferredInvestorInquiryForm = deferredHydration(server?.investor ?? null, () =>
  import("./investor-inquiry-form").then((m) => m.InvestorInquiryForm),
);
/** The Contact Support form at the foot of /help. */
export const DeferredContactSupportForm = deferredHydration(server?.help ?? null, () => import("./contact-support-form").then((m) => m.ContactSupportForm));
/** The feedback form below the waitlist on /early-access. */
export const DeferredFeedbackForm = deferredHydration(server?.feedback ?? null, () => import("./feedback-form").then((m) => m.FeedbackForm));
