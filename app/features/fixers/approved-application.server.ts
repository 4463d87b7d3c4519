import type { DbOrTx } from "#server/db/client.ts";
import { fixerOnboarding, fixerRegistrations, onboardingDocuments } from "#server/db/schema/fixers.ts";

/**
 * A paid registration and an approved application with its documents, written at once without the
 * forms, the payment or the review in between: the state the integration tests' and TEST MODE
 * seeding's approved fixers start from (app/features/seeding). Recording the checks and making the
 * profile stay the product's own steps, taken by the caller.
 */
export async function recordApprovedApplication(
  db: DbOrTx,
  input: {
    user: { id: string; email: string };
    first: string;
    last: string;
    phone: string;
    expertise: string;
    /** One stored document per entry (a placeholder file's key; nothing is uploaded). */
    documents: { folder: "insurance" | "certifications"; storageKey: string }[];
    /** The old review ticks (stored on the application; no longer shown anywhere). */
    checked: readonly ("identity" | "insurance" | "qualifications")[];
  },
): Promise<{ registrationId: number; applicationId: number }> {
  const { user } = input;
  const [registration] = await db
    .insert(fixerRegistrations)
    .values({ firstName: input.first, lastName: input.last, email: user.email, phone: input.phone, userId: user.id, paidAt: new Date() })
    .returning({ id: fixerRegistrations.id });
  const [application] = await db
    .insert(fixerOnboarding)
    .values({
      registrationId: registration!.id,
      userId: user.id,
      email: user.email,
      qualifications: "NVQ",
      expertise: input.expertise,
      insurance: "PL £2m",
      status: "approved",
      identityChecked: input.checked.includes("identity"),
      insuranceChecked: input.checked.includes("insurance"),
      qualificationsChecked: input.checked.includes("qualifications"),
    })
    .returning({ id: fixerOnboarding.id });
  for (const { folder, storageKey } of input.documents) {
    await db.insert(onboardingDocuments).values({ onboardingId: application!.id, folder, storageKey, originalName: "doc.pdf", storedName: "doc.pdf", contentType: "application/pdf", size: 100 });
  }
  return { registrationId: registration!.id, applicationId: application!.id };
}
