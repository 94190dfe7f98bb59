/**
 * Signatures frozen at signing (issue 19; decisions in api/contract/signatures.ts): a signed chart and a written
 * prescription copy the signer's typed name and picture key in their own transaction, and a picture a document refers
 * to is never deleted (api/routes/signatures.ts).
 */
import { sql } from "drizzle-orm";
import { rows, type Db } from "../db/client.ts";

export type SignatureCopy = { typedName: string; imageKey: string | null };

/** The signature as a document copies it at signing, the row read FOR SHARE (see deleteUnlessSigned in api/routes/signatures.ts); null when none. */
export async function signatureForSigning(tx: Db, staffId: number): Promise<SignatureCopy | null> {
  const [row] = await rows<SignatureCopy>(tx, sql`SELECT typed_name AS "typedName", image_key AS "imageKey" FROM staff_signatures WHERE staff_id = ${staffId} FOR SHARE`);
  return row ?? null;
}

/** Whether a signed chart or a written prescription shows the picture `key` (it must then never change or go). */
export async function referencedByDocument(db: Db, key: string): Promise<boolean> {
  const found = await rows<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM chart_reviews WHERE signature_image_key = ${key} UNION ALL SELECT 1 FROM prescriptions WHERE signature_image_key = ${key} LIMIT 1`,
  );
  return found.length > 0;
}

