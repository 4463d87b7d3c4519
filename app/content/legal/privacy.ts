/**
 * Data Protection and Privacy Policy (/data-protection), written for UK GDPR and the
 * Data Protection Act 2018. The cookie categories are the four the cookie banner offers.
 */
import { company } from "~/content/company";
import type { LegalDocument } from "~/content/legal/types";
import { cookieCategories } from "~/content/cookie-categories";

/** Retention periods, shown on this page and applied daily by app/features/privacy/retention.server.ts. */
export const retention = {
  transactionYears: 7,
  communicationYears: 3,
  fixerApplicationYears: 3,
  securityLogMonths: 12,
} as const;

export const privacyPolicy: LegalDocument = {
  title: "Data Protection and Privacy Policy",
  lastUpdated: "2026-11-25",
  intro: `This policy explains what personal data ${company.brand} collects, why, how long we keep it and the rights you have under the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018.`,
  sections: [
    {
      id: "controller",
      title: "Who we are",
      blocks: [
        `The data controller is ${company.legalName} (company number ${company.registeredInEnglandNo}), ${company.registeredOffice}, a wholly owned subsidiary of ${company.parent.name}. We are registered with the Information Commissioner's Office under number ${company.icoRegistration}.`,
        `For anything about your personal data, email ${company.privacyEmail}.`,
      ],
    },
    {
      id: "data-we-collect",
      title: "The data we collect",
      blocks: [
        {
          list: [
            "Account data: your name, email address, password (stored only as a secure hash) and, if you give it, your phone number.",
            "Form submissions: what you send through the early-access waitlist, feedback, help, investor and recruitment forms, including any CV you upload.",
            "Fixer applications: contact details, qualifications, skills, insurance details, your right-to-work share code, Gas Safe, NICEIC or NAPIT and DBS certificate numbers, and the photo ID, certification, DBS, insurance and portfolio documents you upload; and the checks our staff record from them (what was checked, the evidence, who checked and when).",
            "Bookings: the address of the job and any access notes you give when you book, which the fixer you book sees from payment until the booking is settled.",
            "Payments: what you bought, the amount and the payment status. Card details are handled by our payment provider; we never see or store your full card number.",
            "Technical data: your IP address and browser type when you sign in or submit a form, to protect accounts and stop abuse.",
          ],
        },
      ],
    },
    {
      id: "purposes",
      title: "How we use your data and our lawful bases",
      blocks: [
        {
          list: [
            "To run your account, bookings and purchases — performance of a contract.",
            "To vet fixers, including identity, right-to-work, insurance and certification checks, and enhanced DBS checks for nanny and house-sitting work — legitimate interests in keeping customers safe, and legal obligation for right-to-work checks.",
            "To answer your questions, applications and inquiries — legitimate interests, or steps you asked us to take before a contract.",
            "To keep records of transactions for tax and accounting — legal obligation.",
            "To protect the site from fraud and abuse, such as rate limits and security logs — legitimate interests.",
            "To send marketing emails or set non-essential cookies — only with your consent, which you can withdraw at any time.",
          ],
        },
      ],
    },
    {
      id: "cookies",
      title: "Cookies and similar technologies",
      blocks: [
        "We use four categories of cookies and browser storage, matching the choices in our cookie banner. Nothing outside the essential category is set before you agree.",
        { list: cookieCategories.map((c) => `${c.name}: ${c.description}`) },
        "Your choice is saved in your browser under the name cookieConsent. You can change it at any time with 'Cookie settings' in the footer of every page.",
      ],
    },
    {
      id: "sharing",
      title: "Who we share it with",
      blocks: [
        "We share only what is needed: with the fixer you book (your name, address and job details); with our payment provider to take payments; with our email, hosting and storage providers, who act on our instructions under contract; and with authorities where the law requires it.",
        "We do not sell your personal data.",
      ],
    },
    {
      id: "transfers",
      title: "International transfers",
      blocks: [
        "Our data is stored in the UK or the European Economic Area. If a provider processes data elsewhere, we make sure an adequacy decision or the ICO's International Data Transfer Agreement protects it.",
      ],
    },
    {
      id: "retention",
      title: "How long we keep it",
      blocks: [
        {
          list: [
            "Account data: while your account is open. Closing it deletes it at once; our security log then keeps only that an account was deleted, and when.",
            `Fixer applications and their documents: while the account they belong to is open, and ${retention.fixerApplicationYears} years from the application once no account holds them.`,
            `Transaction records: ${retention.transactionYears} years, as tax law requires.`,
            `Communications (messages, form submissions and support emails): ${retention.communicationYears} years.`,
            `Security logs (sign-ins, failed attempts and refused requests, with the IP address and browser they came from): ${retention.securityLogMonths} months.`,
          ],
        },
        "After these periods the data is deleted or fully anonymised.",
      ],
    },
    {
      id: "security",
      title: "How we protect it",
      blocks: [
        "Data is encrypted in transit, passwords are hashed, and uploaded documents are private: only you and our authorised staff can open them. Access by staff is limited to those who need it and is logged.",
      ],
    },
    {
      id: "your-rights",
      title: "Your rights and how to use them",
      blocks: [
        "You have the right to access your data, to correct it, to have it erased, to restrict or object to its use, to data portability, and to withdraw consent at any time.",
        {
          list: [
            "Get a copy of your data: sign in and use 'Download my data' on your account page.",
            "Delete your account: use 'Delete my account' on your account page. Records we must keep by law (such as transactions) are kept for the periods above and then deleted.",
            `Anything else, or if you do not have an account: email ${company.privacyEmail}.`,
          ],
        },
        "We answer within one month. There is no charge.",
        { links: [{ href: "/account", label: "Go to your account" }] },
      ],
    },
    {
      id: "complaints",
      title: "Complaints",
      blocks: [
        `Please tell us first at ${company.privacyEmail} so we can put things right. You also have the right to complain to the Information Commissioner's Office (ICO): ico.org.uk/make-a-complaint, or call 0303 123 1113.`,
      ],
    },
    {
      id: "changes",
      title: "Changes to this policy",
      blocks: [
        "We will post any change on this page with a new date, and email account holders about important changes.",
        { links: [{ href: "/terms", label: "Terms and Conditions" }, { href: "/help", label: "Help Center" }] },
      ],
    },
  ],
};
