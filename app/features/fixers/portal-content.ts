/**
 * The fixer journey after payment: the onboarding portal (/fixer-onboarding), its uploads and the
 * application's status on My Account. Texts in quotes in the spec are reproduced exactly.
 */

export const gateCopy = {
  title: "Fixer Onboarding Portal",
  description: "Enter the access code we emailed you after payment to unlock your onboarding.",
  label: "Access Code",
  placeholder: "FIX-XXXX-XXXX-XXXX",
  button: "Unlock Portal",
  busy: "Validating...",
  hint: "Don't have an access code? Complete your registration and payment first, and we'll email you one.",
  registerLink: "Register and pay",
} as const;

export const gateToasts = {
  invalid: { title: "Invalid Code", description: "Please enter the correct fixer access code" },
  granted: "Access Granted! Welcome to the Fixer Onboarding Portal.",
  rateLimited: { title: "Too many attempts", description: "Please wait a few minutes and try again." },
  required: { title: "Invalid Code", description: "Please enter your fixer access code" },
} as const;

/** Per-file and per-card limits of the onboarding uploads: the UI states them, both sides enforce them. */
export const onboardingUploadLimits = {
  maxFileBytes: 10 * 1024 * 1024,
  maxFileLabel: "10 MB",
  maxFilesPerCard: 5,
  /**
   * The picker's filter (.pdf, .doc, .docx, and a phone photo of the paper: JPEG, PNG, WebP,
   * HEIC); content is checked on the server too (server/storage/filetype.ts).
   */
  accept: ".pdf,.doc,.docx,.jpg,.jpeg,.png,.webp,.heic,.heif",
  extensions: [".pdf", ".doc", ".docx", ".jpg", ".jpeg", ".png", ".webp", ".heic", ".heif"],
  /** Longest text in each card. */
  maxTextLength: 5000,
} as const;

export type DocumentFolder = "certifications" | "portfolio" | "insurance" | "identity" | "dbs";
export type TextField = "qualifications" | "expertise" | "insurance";
/** Short answers staff check on a public register or GOV.UK (decision 065); each optional, as a service may not need it. */
export type NumberField = "rightToWorkShareCode" | "gasSafeNumber" | "electricalNumber" | "dbsNumber";

export type OnboardingCard = {
  id: string;
  title: string;
  description: string;
  /** The card's long answer (required), if it has one. */
  text?: { name: TextField; label: string; placeholder: string };
  /** Short, optional numbers. */
  numbers?: { name: NumberField; label: string; hint: string }[];
  /** `unmarked`: not required to submit, yet not optional either (needed before any job): no "(optional)" mark. */
  files: { name: DocumentFolder; label: string; required: boolean; hint: string; unmarked?: boolean };
};

export const onboardingCards: readonly OnboardingCard[] = [
  {
    id: "qualifications-card",
    title: "Qualifications & Certifications",
    description: "Trade qualifications, registrations and certificates that show you are qualified for your work.",
    text: {
      name: "qualifications",
      label: "Your qualifications and certifications",
      placeholder: "e.g. NVQ Level 3 in Plumbing and Heating; City & Guilds 2391 (registration numbers go in their own fields below)",
    },
    files: { name: "certifications", label: "Certification documents", required: false, hint: "Certificates and registrations." },
  },
  {
    id: "expertise-card",
    title: "Expertise & Skills",
    description: "The jobs you do best, your experience, and examples of your work.",
    text: {
      name: "expertise",
      label: "Your expertise and skills",
      placeholder: "e.g. 8 years fitting bathrooms and boilers; emergency leak repairs; kitchen installations",
    },
    files: { name: "portfolio", label: "Portfolio or work examples", required: false, hint: "Photos of past jobs in a PDF, references or case studies." },
  },
  {
    id: "insurance-card",
    title: "Insurance Information",
    description: "Customers book with confidence when fixers are insured.",
    text: {
      name: "insurance",
      label: "Insurance details",
      placeholder: "e.g. Public liability insurance, £2 million cover, with Example Insurance plc, policy PL-123456, renews March 2027",
    },
    files: { name: "insurance", label: "Insurance documents", required: true, hint: "At least one document: your policy schedule or certificate of insurance." },
  },
  {
    id: "identity-card",
    title: "Photo ID & Right to Work",
    description: "Every service needs these: our team checks your photo ID and your right to work in the UK before you receive any job.",
    numbers: [
      {
        name: "rightToWorkShareCode",
        label: "Right to work share code",
        hint: "From GOV.UK's “Prove your right to work” service. Leave it empty if your photo ID is a UK or Irish passport.",
      },
    ],
    files: { name: "identity", label: "Photo ID (needed before any job)", required: false, unmarked: true, hint: "A clear photo or scan of your passport or photocard driving licence." },
  },
  {
    id: "trade-checks-card",
    title: "Registrations & DBS",
    description: "Only for the services that need them: we check each number on its register before you receive jobs for that service.",
    numbers: [
      { name: "gasSafeNumber", label: "Gas Safe registration number", hint: "For gas work (boilers, gas fires, gas hobs). Without it you are not shown as Gas Safe." },
      { name: "electricalNumber", label: "NICEIC or NAPIT registration number", hint: "Needed for electrical work." },
      { name: "dbsNumber", label: "Enhanced DBS certificate number", hint: "Needed for nanny and house-sitting work: add the certificate below too." },
    ],
    files: { name: "dbs", label: "Enhanced DBS certificate", required: false, hint: "A photo or scan of the certificate, if you offer nanny or house-sitting work." },
  },
];

export const onboardingCopy = {
  title: "Complete Your Fixer Profile",
  badge: "Access Granted",
  intro: "Tell us about your qualifications, skills and insurance. Our team reviews every application.",
  limits: `PDF, DOC or DOCX, or a photo of the paper (JPEG, PNG, WebP or HEIC from a phone), up to ${onboardingUploadLimits.maxFileLabel} each, at most ${onboardingUploadLimits.maxFilesPerCard} files per section.`,
  rightToWork: "By submitting, you confirm that the information you have provided is accurate and that you have the right to work in the UK.",
  submit: "Complete Fixer Registration",
  uploading: "Uploading files...",
  submitting: "Submitting application...",
  draftSaved: "Your answers are saved on this device until you submit.",
  addFiles: "Add files",
  noFilesYet: "No files attached yet.",
  keptNote: "Your previous answers and the documents you sent are filled in: change what staff asked for, remove what no longer applies, and submit again.",
} as const;

export const onboardingMessages = {
  success: {
    title: "Application Submitted!",
    description: "Thank you for completing your fixer profile. We'll review your application and get back to you within 24 hours.",
  },
  noRegistration: "Registration email not found. Please complete the initial registration first.",
  required: "Please fill in all required fields",
  insuranceRequired: "Please add at least one insurance document.",
  badNumber: "Write the number as it is on the certificate: numbers, letters, spaces and dashes, up to 20.",
  failed: { title: "Error", description: "Something went wrong. Please try again." },
  rateLimited: "Too many attempts. Please wait a few minutes and try again.",
  uploadFailed: (file: string, reason: string) => `Failed to upload ${file}: ${reason}`,
  tooLarge: `The file is larger than ${onboardingUploadLimits.maxFileLabel}.`,
  badType: "Please upload a PDF, DOC, or DOCX file.",
  tooMany: (label: string) => `You can add at most ${onboardingUploadLimits.maxFilesPerCard} files to ${label}.`,
} as const;

export type ApplicationStatus = "pending" | "approved" | "changes_requested" | "rejected";

export const applicationStatusCopy: Record<ApplicationStatus, { label: string; tone: "warning" | "success" | "accent" | "destructive"; text: string }> = {
  pending: {
    label: "Under review",
    tone: "warning",
    text: "We have your application and will get back to you within 24 hours.",
  },
  approved: {
    label: "Approved",
    tone: "success",
    text: "Welcome to FixiT! Your fixer profile is approved.",
  },
  changes_requested: {
    label: "Changes requested",
    tone: "accent",
    text: "Our team asked for a few changes. Read the note, then update and resubmit your application.",
  },
  rejected: {
    label: "Not approved",
    tone: "destructive",
    text: "We are sorry: we could not approve your application.",
  },
};

export function isApplicationStatus(value: string): value is ApplicationStatus {
  return Object.hasOwn(applicationStatusCopy, value);
}
