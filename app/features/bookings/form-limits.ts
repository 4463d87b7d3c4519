/** The booking forms' limits, without zod: what the views need to render (the schemas in ./schemas.ts check them). */
export const bookingTextLimit = 2000;
