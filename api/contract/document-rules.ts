/**
 * The patient's documents (issue 18; spec §3 document category: Lab results 1, Bloodwork 2, ID 3, Insurance 4, Other 5;
 * visibility InvisibleToPatient 0, VisibleToPatient 1; §5 uploads). Plain rules the browser may import (no zod).
 * Schemas in ./documents.ts, routes api/routes/documents.ts, the file checks api/domain/documents.ts.
 *
 * Decisions where the spec is silent:
 *  - a document is a JPEG, PNG or GIF picture (re-encoded as a PNG without metadata, like every upload) or a PDF
 *    (recognised by its first bytes, its pages copied into a new PDF: the document information, XMP metadata,
 *    scripts, attachments and open actions of the original do not survive; an encrypted or broken PDF is refused);
 *  - at most DOCUMENT_MAX_BYTES (10 MB, the intake pictures' limit);
 *  - the patient's list holds the documents of theirs marked visible to them (VisibleToPatient), whoever uploaded
 *    them: their own uploads start visible, and staff may hide one or show one they uploaded (the uploads queue's
 *    visibility switch); the patient downloads any document of that list, never a hidden one or another's (404);
 *  - a new upload waits for review (status for_review): it appears in the staff uploads queue.
 */
export const DOCUMENT_CATEGORIES = { 1: "labResults", 2: "bloodwork", 3: "id", 4: "insurance", 5: "other" } as const;
export type DocumentCategory = keyof typeof DOCUMENT_CATEGORIES;
export const DOCUMENT_CATEGORY_IDS = [1, 2, 3, 4, 5] as const;

export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** The longer side of a picture once re-encoded (a lab result photographed must stay legible). */
export const DOCUMENT_IMAGE_MAX_SIDE = 3000;
export const DOCUMENT_TITLE_MAX = 120;
export const DOCUMENT_FILE_FIELD = "file";
export const DOCUMENT_EXTENSIONS = ["jpg", "jpeg", "png", "gif", "pdf"] as const;
export const DOCUMENT_ACCEPT = ".jpg,.jpeg,.png,.gif,.pdf,image/jpeg,image/png,image/gif,application/pdf";
/** How many documents one page of the patient's list holds (newest first; a cursor reads older ones). */
export const DOCUMENTS_PAGE = 50;

/** The path of one of the patient's own documents on the web (the web answers it with the patient's session). */
export const documentFilePath = (id: number) => `/patient/uploads/${id}/file`;
export const PATIENT_UPLOADS_PATH = "/patient/uploads";
