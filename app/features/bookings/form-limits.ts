/** The booking forms' limits, without zod: what the views need to render (the schemas in ./schemas.ts check them). */
export const bookingTextLimit = 2000;

/** Photos the fixer may add when marking a job done (through the one photo pipeline, app/lib/photos). */
export const donePhotoLimit = 3;
/** The refusal of a 4th photo at mark done, in the browser (at once) and from the server (the authority). */
export const tooManyDonePhotos = `Add at most ${donePhotoLimit} photos.`;

/** How long each part of the job's address may be (the database checks the same). */
export const addressLimits = { line: 100, town: 60, accessNotes: 500 } as const;
/** Photos each side may add to a case: the customer with the claim, the fixer with a contesting answer (decision 064). */
export const casePhotoLimit = 3;
export const tooManyCasePhotos = `Add at most ${casePhotoLimit} photos.`;
