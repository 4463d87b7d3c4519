import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { AppServices } from "~/features/services.server.ts";
import { users } from "#server/db/schema/auth.ts";
import { fixerOnboarding, fixerRegistrations, onboardingDocuments } from "#server/db/schema/fixers.ts";
import { newStorageKey, sanitiseFileName } from "#server/storage/index.ts";

/**
 * Test data for the staff console's tests, ONLY when APP_ENV=test (the route answers 404
 * otherwise): a paid fixer registration and a pending onboarding application with documents,
 * written the way the fixer journey writes them. The browser test uses the real journey instead.
 */
export const fixtureSchema = z.object({
  email: z.email(),
  firstName: z.string().min(1).max(100),
  lastName: z.string().min(1).max(100),
  documents: z
    .array(
      z.object({
        folder: z.enum(["certifications", "insurance", "portfolio"]),
        name: z.string().min(1).max(200),
        contentType: z.string().min(1).max(200),
        base64: z.string().max(2_000_000),
      }),
    )
    .max(10),
});

export async function createOnboardingFixture(services: AppServices, input: z.infer<typeof fixtureSchema>) {
  const { db, storage } = services;
  const [account] = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, input.email.toLowerCase())).limit(1);
  const stored: (z.infer<typeof fixtureSchema>["documents"][number] & { key: string; size: number })[] = [];
  for (const doc of input.documents) {
    const key = newStorageKey(`fixer-documents/${doc.folder}`, doc.name);
    const body = Buffer.from(doc.base64, "base64");
    await storage.put(key, body, { contentType: doc.contentType, size: body.length });
    stored.push({ ...doc, key, size: body.length });
  }
  return db.transaction(async (tx) => {
    const now = new Date();
    const [registration] = await tx
      .insert(fixerRegistrations)
      .values({
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email.toLowerCase(),
        phone: "07700 900000",
        paidAt: now,
        accessCodeIssuedAt: now,
        userId: account?.id ?? null,
        unlockedAt: account ? now : null,
        onboardingCompleted: true,
      })
      .returning({ id: fixerRegistrations.id });
    const [application] = await tx
      .insert(fixerOnboarding)
      .values({
        registrationId: registration!.id,
        userId: account?.id ?? null,
        email: input.email.toLowerCase(),
        qualifications: "City & Guilds Level 3 plumbing; Gas Safe registered.",
        expertise: "Ten years of boiler servicing and bathroom fitting.",
        insurance: "Public liability cover of £2m with Example Insurance.",
      })
      .returning({ id: fixerOnboarding.id });
    const documentIds: number[] = [];
    for (const doc of stored) {
      const [row] = await tx
        .insert(onboardingDocuments)
        .values({
          onboardingId: application!.id,
          folder: doc.folder,
          storageKey: doc.key,
          originalName: doc.name,
          storedName: `${Date.now()}-${sanitiseFileName(doc.name)}`,
          contentType: doc.contentType,
          size: doc.size,
        })
        .returning({ id: onboardingDocuments.id });
      documentIds.push(row!.id);
    }
    return { registrationId: registration!.id, applicationId: application!.id, documentIds };
  });
}
