import { describe, expect, it } from "vitest";
import { checkRecordMessages, checkRecordSchema } from "./review-schema";

describe("checkRecordSchema's document id", () => {
  const record = (documentId: string) => checkRecordSchema.safeParse({ kind: "dbs_enhanced", evidence: "Certificate 001234567890", documentId });

  it("is optional, or a document id", () => {
    expect(record("").data?.documentId).toBeNull();
    expect(record("17").data?.documentId).toBe(17);
  });

  it.each(["017", "0", "1e1", "0x11", "-3", "17.0"])("refuses %j: one spelling per document (issue 48)", (documentId) => {
    const result = record(documentId);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(checkRecordMessages.document);
  });
});
