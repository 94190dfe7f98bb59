/**
 * Contract of the patient's documents (issue 18; rules and decisions in ./document-rules.ts):
 *
 * | call                                   | who                  | body / data                                           |
 * |----------------------------------------|----------------------|-------------------------------------------------------|
 * | GET  /api/v1/patient/uploads           | patients (their own) | ?category, ?cursor → { documents, nextCursor }        |
 * | POST /api/v1/patient/uploads           | patients             | multipart: file, category, title? → { document }      |
 * | GET  /api/v1/patient/uploads/{id}/file | patients (their own, visible) | the file (PNG or PDF), attachment, no-store  |
 *
 * Failures: 415 documents.type (not a JPEG, PNG, GIF or PDF by content), 413 documents.tooLarge, 400
 * documents.unreadable / documents.missing / field errors (category, title). Staff read and review them on the
 * record (GET /api/v1/patient/{patientId}/uploads) and the uploads queue (GET /api/v1/uploads/review).
 */
import { z } from "zod";
import { DOCUMENT_CATEGORY_IDS, DOCUMENT_TITLE_MAX } from "./document-rules.ts";
import { V } from "./rules.ts";

export const patientDocumentSchema = z.object({
  id: z.number().int(),
  category: z.number().int().meta({ description: "Lab results 1, Bloodwork 2, ID 3, Insurance 4, Other 5" }),
  title: z.string(),
  fileName: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  status: z.enum(["for_review", "completed"]),
  /** Who uploaded it: the patient themself, or the care team. */
  uploadedBy: z.enum(["patient", "staff"]),
  createdAt: z.string(),
  url: z.string().meta({ description: "The web's download path of the file" }),
});
export type PatientDocument = z.infer<typeof patientDocumentSchema>;

export const documentsQuerySchema = z.object({
  category: z.coerce.number().int().min(1).max(5).optional(),
  cursor: z.coerce.number().int().positive().max(2147483647).optional().meta({ description: "The last id of the previous page" }),
});
export const documentsListSchema = z.object({ documents: z.array(patientDocumentSchema), nextCursor: z.string().nullable() });

/** The multipart form's text fields (the file is checked by content in api/domain/documents.ts). */
export const documentUploadFieldsSchema = z.object({
  category: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.coerce
      .number({ error: V.required })
      .int(V.invalid)
      .refine((v) => (DOCUMENT_CATEGORY_IDS as readonly number[]).includes(v), V.invalid),
  ),
  title: z.string().trim().max(DOCUMENT_TITLE_MAX, V.maxLength).default(""),
});
export const documentAnswerSchema = z.object({ document: patientDocumentSchema });
