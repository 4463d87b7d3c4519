/**
 * The kinds of notification, and which of them a person may choose how to be emailed about.
 * Sign-in, password and security emails, and staff decisions about a person's own account or
 * content, are not notifications: they are always sent and never listed here (decision 049).
 */
export const NOTIFICATION_KINDS = ["new_job", "quote_received", "quote_decision", "message", "booking", "review", "emergency"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const EMAIL_DELIVERIES = ["instant", "digest", "off"] as const;
export type EmailDelivery = (typeof EMAIL_DELIVERIES)[number];
export const DEFAULT_DELIVERY: EmailDelivery = "instant";

/** Who a kind concerns: a fixer sees every kind, a customer only the customer's. */
export const notificationKinds: Record<NotificationKind, { label: string; hint: string; fixerOnly: boolean }> = {
  new_job: { label: "New jobs that match your services", hint: "A customer near you posted a job you cover.", fixerOnly: true },
  quote_received: { label: "Quotes on your jobs", hint: "A fixer sent you a quote.", fixerOnly: false },
  quote_decision: { label: "Decisions on your quotes", hint: "A customer accepted your quote, or chose another.", fixerOnly: true },
  message: { label: "New messages", hint: "Someone wrote to you about a job.", fixerOnly: false },
  booking: { label: "Booking updates", hint: "A booking was paid, confirmed, moved, finished or cancelled.", fixerOnly: false },
  review: { label: "Reviews", hint: "Someone reviewed you, or a review is waiting for you.", fixerOnly: false },
  emergency: { label: "Emergency call-outs", hint: "An emergency call-out is offered to you, or your emergency request was accepted or could not be taken.", fixerOnly: false },
};

/**
 * Whether a kind pushes to a person's subscribed devices when they never chose (issue 50): what must
 * not wait — messages, quotes, booking changes, a fixer's leads — is on; reviews are not urgent.
 */
export const PUSH_DEFAULTS: Record<NotificationKind, boolean> = {
  new_job: true,
  quote_received: true,
  quote_decision: true,
  message: true,
  booking: true,
  review: false,
  // An offer is open for minutes (decision 082): it must reach the phone.
  emergency: true,
};

/** The push notification's title per kind (its body is the notification's own line). */
export const pushTitles: Record<NotificationKind, string> = {
  new_job: "New job for you",
  quote_received: "New quote",
  quote_decision: "Your quote",
  message: "New message",
  booking: "Booking update",
  review: "Reviews",
  emergency: "Emergency call-out",
};

export const deliveryLabels: Record<EmailDelivery, string> = {
  instant: "At once",
  digest: "Daily digest",
  off: "Off",
};

export const isNotificationKind = (value: unknown): value is NotificationKind => typeof value === "string" && (NOTIFICATION_KINDS as readonly string[]).includes(value);

/** The kinds a person is offered on their account page. */
export const kindsFor = (approvedFixer: boolean): NotificationKind[] => NOTIFICATION_KINDS.filter((kind) => approvedFixer || !notificationKinds[kind].fixerOnly);

export const notificationPaths = {
  list: "/account/notifications",
  open: (id: number) => `/account/notifications/${id}`,
  preferences: "/account/email-preferences",
  /** The notification settings page (decision 077); emails sent before it link to /account#email-preferences, which points here. */
  settings: "/account/notifications/settings",
  /** Devices for Web Push: the island POSTs a subscription here, a device row's Remove button too. */
  pushDevices: "/account/push-devices",
  /** The page: GET asks, its button POSTs. */
  unsubscribe: "/unsubscribe",
  /** The List-Unsubscribe URL: a mail provider POSTs here (RFC 8058); a person's GET goes to the page. */
  oneClick: "/unsubscribe/one-click",
};
