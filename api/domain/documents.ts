/**
 * The patient's documents (issue 18; decisions api/contract/document-rules.ts): what an uploaded file becomes before it
 * is stored. Pictures go through api/domain/uploads.ts (checked by their first bytes and by the decoder, re-encoded as
 * a PNG without metadata); a PDF is recognised by its first bytes, parsed, and its pages copied into a new document —
 * the original's document information (author, producer, dates), XMP metadata, scripts, open actions and attachments
 * stay behind, and so does anything after its end.
 */
import { PDFDocument, PDFName } from "pdf-lib";
import { DOCUMENT_IMAGE_MAX_SIDE } from "../contract/document-rules.ts";
import { ImageRejectedError, reencodePng, sniffImageType } from "./uploads.ts";

export class DocumentRejectedError extends Error {
  constructor(readonly reason: "type" | "unreadable") {
    super(reason);
  }
}

/** "%PDF-" within the first 1024 bytes (the format allows a little before it; readers accept it). */
export function isPdf(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString("latin1");
  return head.startsWith("%PDF-");
}

export type CheckedDocument = { bytes: Buffer; mimeType: "image/png" | "application/pdf"; extension: "png" | "pdf" };

/** A PDF's pages in a new PDF without the original's metadata; throws DocumentRejectedError("unreadable"). */
export async function cleanPdf(input: Buffer): Promise<Buffer> {
  try {
    const source = await PDFDocument.load(input, { updateMetadata: false });
    if (source.isEncrypted || source.getPageCount() === 0) throw new DocumentRejectedError("unreadable");
    const out = await PDFDocument.create({ updateMetadata: false });
    const pages = await out.copyPages(source, source.getPageIndices());
    for (const page of pages) {
      page.node.delete(PDFName.of("Metadata"));
      page.node.delete(PDFName.of("AA"));
      out.addPage(page);
    }
    return Buffer.from(await out.save());
  } catch {
    // pdf-lib's parse errors, an encrypted or empty document: not a PDF we can rebuild.
    throw new DocumentRejectedError("unreadable");
  }
}

/** Checks a document by content: a picture (re-encoded PNG) or a PDF (rebuilt); else DocumentRejectedError. */
export async function checkedDocument(input: Buffer): Promise<CheckedDocument> {
  if (isPdf(input)) return { bytes: await cleanPdf(input), mimeType: "application/pdf", extension: "pdf" };
  if (!sniffImageType(input)) throw new DocumentRejectedError("type");
  try {
    const image = await reencodePng(input, DOCUMENT_IMAGE_MAX_SIDE);
    return { bytes: image.bytes, mimeType: "image/png", extension: "png" };
  } catch (err) {
    if (err instanceof ImageRejectedError) throw new DocumentRejectedError(err.reason);
    throw err;
  }
}
