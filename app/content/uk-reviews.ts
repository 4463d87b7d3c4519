/**
 * /uk-reviews: findings and quotes from FixiT's early-access market research.
 * These are research participants, not reviews of completed bookings, and the page says so.
 */
// No figures: the research's counts were never recorded where anyone can check them (decision 065).

export type ResearchTestimonial = {
  name: string;
  location: string;
  /** The service the participant tried during testing. */
  service: string;
  /** 1–5 stars. */
  rating: 1 | 2 | 3 | 4 | 5;
  quote: string;
};

export const researchTestimonials: readonly ResearchTestimonial[] = [
  {
    name: "Sarah M.",
    location: "Manchester",
    service: "Plumbing",
    rating: 5,
    quote: "Being able to see who was coming, and that they were checked and insured, took the worry out of it. Knowing the money was held until I was happy made all the difference.",
  },
  {
    name: "James T.",
    location: "Bristol",
    service: "Electrical",
    rating: 5,
    quote: "I got a clear quote before anything was booked. No surprise extras, and the electrician explained exactly what the certificate was for.",
  },
  {
    name: "Priya K.",
    location: "Leicester",
    service: "Cleaning",
    rating: 4,
    quote: "Easy to use and the cleaner was excellent. I would like more evening slots, but the experience was far better than the apps I have tried.",
  },
  {
    name: "David R.",
    location: "Glasgow",
    service: "Assembly",
    rating: 5,
    quote: "A wardrobe I had been dreading was built and fixed to the wall in under an hour. Chatting with the fixer beforehand meant he brought the right fixings.",
  },
  {
    name: "Emma L.",
    location: "Cardiff",
    service: "Dog Walking",
    rating: 5,
    quote: "As a first-time dog owner I wanted someone vetted. The walker sent photos after every walk, and my dog adores her.",
  },
];

export const researchMethod =
  "Between 2025 and early 2026 we asked UK households about finding help at home, then invited early-access testers to try FixiT's matching, quoting and messaging in 11 service categories. The quotes on this page come from that research. They are not reviews of paid bookings, and participants' names are shortened to protect their privacy.";
