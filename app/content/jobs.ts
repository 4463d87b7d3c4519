/**
 * The open roles on /careers. The id is what /recruitment
 * receives as ?position=<id> to pre-select the role.
 */
export type JobListing = {
  id: string;
  title: string;
  department: string;
  type: "Full-time" | "Part-time" | "Contract" | "Flexible";
  location: string;
  description: string;
  requirements: string[];
  benefits: string[];
  /** Shown first with a "Featured" badge. */
  featured?: boolean;
  /** A programme rather than a salaried role; shown with its own badge. */
  special?: boolean;
};

/** When these listings were published (JobPosting datePosted). */
export const jobsPostedOn = "2026-11-02";

export const jobs: readonly JobListing[] = [
  {
    id: "head-of-customer-success",
    title: "Head of Customer Success",
    department: "Operations",
    type: "Full-time",
    location: "London (hybrid)",
    description:
      "Build the team that looks after every FixiT customer, from first question to confirmed job, and turn what customers tell us into better service.",
    requirements: [
      "5+ years in customer support or success, including leading a team",
      "Experience with help-desk tools and service-level reporting",
      "Calm, clear writing and a habit of fixing root causes",
    ],
    benefits: ["Meaningful share options", "25 days' holiday plus bank holidays", "Hybrid working from our London office"],
    featured: true,
  },
  {
    id: "full-stack-engineer",
    title: "Full-Stack Engineer",
    department: "Engineering",
    type: "Full-time",
    location: "Remote (UK)",
    description:
      "Ship the web and app features that match customers with fixers, hold each booking's payment until the customer confirms and keep everyone informed — in TypeScript, React and PostgreSQL.",
    requirements: [
      "3+ years building production web applications",
      "Strong TypeScript, React and SQL",
      "Care for accessibility, testing and security",
    ],
    benefits: ["Share options", "Remote-first with quarterly meet-ups", "Learning budget and the kit you need"],
    featured: true,
  },
  {
    id: "fixer-onboarding-specialist",
    title: "Fixer Onboarding Specialist",
    department: "Trust & Safety",
    type: "Full-time",
    location: "Manchester (hybrid)",
    description:
      "Review fixer applications, check certifications, insurance and right-to-work documents, and help good professionals get started quickly.",
    requirements: [
      "Experience in vetting, compliance or recruitment",
      "Knowledge of UK trade schemes such as Gas Safe and NICEIC is a plus",
      "Meticulous with detail and personal data",
    ],
    benefits: ["25 days' holiday plus bank holidays", "Pension with employer contributions", "Hybrid working"],
  },
  {
    id: "growth-marketing-manager",
    title: "Growth Marketing Manager",
    department: "Marketing",
    type: "Full-time",
    location: "London (hybrid)",
    description:
      "Grow FixiT city by city: plan campaigns, run experiments and tell the story of the professionals on our platform.",
    requirements: [
      "4+ years in growth or performance marketing for a consumer brand",
      "Comfortable with analytics and experiment design",
      "A portfolio of campaigns you can talk about",
    ],
    benefits: ["Share options", "Campaign budget to test ideas", "Hybrid working from our London office"],
  },
  {
    id: "customer-support-advisor",
    title: "Customer Support Advisor",
    department: "Operations",
    type: "Part-time",
    location: "Remote (UK)",
    description:
      "Help customers and fixers by chat and email, resolve booking questions and pass on what you learn to the product team.",
    requirements: [
      "Experience in a customer-facing role",
      "Clear written English and a friendly manner",
      "Available for some evening or weekend shifts",
    ],
    benefits: ["Flexible shift patterns", "Fully remote", "Paid training"],
  },
  {
    id: "founding-ambassador",
    title: "Founding Ambassador Programme",
    department: "Community",
    type: "Flexible",
    location: "Anywhere in the UK",
    description:
      "Tradespeople and carers who want to shape FixiT: test new features early, represent the platform in your area and tell us what fixers need.",
    requirements: [
      "Working as a tradesperson or carer in the UK",
      "Happy to share honest feedback",
      "Active in your local community",
    ],
    benefits: ["Early access to new features", "A direct line to the product team", "Founding ambassador recognition on your profile"],
    special: true,
  },
];

export function findJob(id: string): JobListing | undefined {
  return jobs.find((job) => job.id === id);
}
