/** Customer testimonials on the home page (#testimonials). Ratings are out of 5. */
export type Testimonial = { name: string; place: string; service: string; rating: 1 | 2 | 3 | 4 | 5; quote: string };

export const homeTestimonials: readonly Testimonial[] = [
  {
    name: "Sarah M.",
    place: "Manchester",
    service: "Plumbing",
    rating: 5,
    quote:
      "Our boiler packed in on a Sunday evening. The quote was clear before anyone set foot in the house, and the payment only went through once I was happy with the repair.",
  },
  {
    name: "James T.",
    place: "Bristol",
    service: "Assembly",
    rating: 5,
    quote:
      "Two wardrobes and a bed frame put together in an afternoon. Being able to chat with the fixer beforehand made it easy to explain exactly what I needed.",
  },
  {
    name: "Priya K.",
    place: "Leeds",
    service: "Dog Walking",
    rating: 5,
    quote:
      "Knowing our walker's ID and insurance had been checked gave us real peace of mind. Bella gets her walk every weekday while we are at work.",
  },
];
