/**
 * Company details shown across the site (footer, about, legal pages, recruitment, emails).
 * An operator edits this one file when the registered details change.
 */
export const company = {
  brand: "FixiT",
  legalName: "FixiT Services Ltd",
  parent: {
    name: "Northgate Home Holdings Ltd",
    description: "a UK holding company that builds and operates consumer service businesses",
  },
  registeredInEnglandNo: "15829034",
  registeredOffice: "71-75 Shelton Street, Covent Garden, London WC2H 9JQ",
  icoRegistration: "ZB712345",
  email: "hello@fixit.co.uk",
  supportEmail: "support@fixit.co.uk",
  /** The site's contact form (on the help page): where a notice that asks someone to contact support links. */
  contactPath: "/help#contact-support",
  privacyEmail: "privacy@fixit.co.uk",
  phone: "020 3868 0420",
  phoneHref: "tel:+442038680420",
  /** When the support phone line is answered (UK time). */
  supportHours: "Monday to Friday 8am to 8pm, Saturday 9am to 5pm",
  operationsHead: { name: "Amelia Clarke", title: "Head of Operations" },
  social: [
    { name: "Facebook", href: "https://www.facebook.com/fixituk" },
    { name: "Instagram", href: "https://www.instagram.com/fixituk" },
    { name: "LinkedIn", href: "https://www.linkedin.com/company/fixituk" },
    { name: "X", href: "https://x.com/fixituk" },
  ],
} as const;
