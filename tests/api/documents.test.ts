/**
 * The patient's documents (issue 18; api/routes/documents.ts, contract api/contract/documents.ts): each call × role,
 * object-level refusals (another patient's, a hidden or an unknown document: 404), a picture re-encoded without its
 * EXIF, a PDF rebuilt without its metadata, bad input (wrong type, too large, no file, no category: each its message,
 * nothing stored), a new upload in the staff uploads queue, visibility set by staff, the staff record's PDF download.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import * as schema from "../../api/db/schema.ts";
import { documentAnswerSchema, documentsListSchema, type PatientDocument } from "../../api/contract/documents.ts";
import { Client, LOGINS, signedIn, startTestApi, type Reply, type TestApi } from "./harness.ts";
import { fetchBytes, jpegWithExif, makeImage, uploadFile } from "./patient-account-helpers.ts";

let api: TestApi;
let patient: Client;
let liamClient: Client;
let emma = 0;
const db = () => api.database.db;
const countOf = async (id: number) => (await db().select().from(schema.uploads).where(eq(schema.uploads.patientId, id))).length;
const send = (client: Client, file: { bytes: Buffer; name: string; type?: string }, extra: Record<string, string> = { category: "1" }) =>
  uploadFile<{ document: PatientDocument }>(client, "/api/v1/patient/uploads", file, { field: "file", extra });
const list = async (client: Client, query = "") => documentsListSchema.parse((await client.get(`/api/v1/patient/uploads${query}`)).body.data);

async function pdfWithMetadata(secret: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(secret);
  doc.setAuthor(secret);
  doc.setSubject(secret);
  doc.setKeywords([secret]);
  doc.addPage([300, 300]).drawText("Hemoglobin A1c 5.4 %", { x: 20, y: 150, size: 12 });
  return Buffer.from(await doc.save());
}

beforeAll(async () => {
  api = await startTestApi();
  patient = await signedIn(api.url, "patients");
  liamClient = new Client(api.url);
  await liamClient.login("patient2@demo.test");
  emma = (await db().select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, LOGINS.patients)))[0]!.id;
});
afterAll(() => api?.close());

describe("POST /api/v1/patient/uploads", () => {
  let pictureId = 0;
  let pdfId = 0;

  it("a picture: re-encoded as a PNG without its EXIF, waiting for review, in the list, downloadable", async () => {
    const r = await send(patient, { bytes: await jpegWithExif("SECRET-GPS-42"), name: "lab photo.jpg", type: "image/jpeg" }, { category: "1", title: "Blood test, March" });
    expect(r.status).toBe(200);
    expect(r.body.code).toBe("documents.uploaded");
    const doc = documentAnswerSchema.parse(r.body.data).document;
    expect(doc).toMatchObject({ category: 1, title: "Blood test, March", fileName: "lab_photo.png", mimeType: "image/png", status: "for_review", uploadedBy: "patient" });
    pictureId = doc.id;
    const file = await fetchBytes(patient, `/api/v1/patient/uploads/${doc.id}/file`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.headers.get("cache-control")).toBe("private, no-store");
    expect(file.headers.get("content-disposition")).toBe('attachment; filename="lab_photo.png"');
    expect(file.bytes.toString("latin1")).not.toContain("SECRET-GPS-42");
    expect((await sharp(file.bytes).metadata()).exif).toBeUndefined();
    expect((await list(patient)).documents[0]!.id).toBe(doc.id);
  });

  it("a PDF: rebuilt without its title, author and keywords", async () => {
    const r = await send(patient, { bytes: await pdfWithMetadata("SECRET-AUTHOR-7"), name: "results.pdf", type: "application/pdf" }, { category: "2" });
    expect(r.status).toBe(200);
    const doc = documentAnswerSchema.parse(r.body.data).document;
    expect(doc).toMatchObject({ category: 2, mimeType: "application/pdf", fileName: "results.pdf" });
    pdfId = doc.id;
    const file = await fetchBytes(patient, `/api/v1/patient/uploads/${doc.id}/file`);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.bytes.toString("latin1")).not.toContain("SECRET-AUTHOR-7");
    const parsed = await PDFDocument.load(file.bytes);
    expect(parsed.getPageCount()).toBe(1);
    expect(parsed.getTitle()).toBeUndefined();
    expect((await list(patient, "?category=2")).documents.map((d) => d.id)).toContain(doc.id);
    expect((await list(patient, "?category=1")).documents.map((d) => d.id)).not.toContain(doc.id);
  });

  it("bad input: wrong type, too large, unreadable, no file, no category — each its message, nothing stored", async () => {
    const before = await countOf(emma);
    const html = Buffer.from("<html><script>alert(1)</script></html>");
    const cases: [Promise<Awaited<ReturnType<typeof send>>>, number, string, string][] = [
      [send(patient, { bytes: html, name: "lab.png", type: "image/png" }), 415, "file", "documents.type"],
      [send(patient, { bytes: Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(200, 65)]), name: "broken.pdf" }), 400, "file", "documents.unreadable"],
      [send(patient, { bytes: Buffer.alloc(10 * 1024 * 1024 + 1, 1), name: "huge.png" }), 413, "file", "documents.tooLarge"],
      [send(patient, { bytes: await makeImage("png", 40, 40), name: "lab.png" }, { category: "9" }), 400, "category", "validation.invalid"],
      [send(patient, { bytes: await makeImage("png", 40, 40), name: "lab.png" }, {}), 400, "category", "validation.required"],
      [send(patient, { bytes: Buffer.alloc(0), name: "empty.png" }), 400, "file", "documents.missing"],
    ];
    for (const [promise, status, field, code] of cases) {
      const r = (await promise) as unknown as { status: number; body: { data: { fieldCodes: Record<string, { code: string }[]> } } };
      expect(r.status, code).toBe(status);
      expect(r.body.data.fieldCodes[field]![0]!.code, code).toBe(code);
    }
    expect(await countOf(emma)).toBe(before);
  });

  it("the new upload waits in the staff uploads queue; hidden by staff it leaves the patient's list and download", async () => {
    const nurse = await signedIn(api.url, "medicalSupport");
    const seen: number[] = [];
    let cursor: string | null = "";
    for (let i = 0; i < 40 && cursor !== null; i++) {
      const r: Reply<{ id: number }[]> = await nurse.get<{ id: number }[]>(`/api/v1/uploads/review?status=for_review&category=1${cursor ? `&cursor=${cursor}` : ""}`);
      seen.push(...r.body.data!.map((u) => u.id));
      cursor = (r.body.pages as unknown as { nextCursor: string | null }).nextCursor;
    }
    expect(seen).toContain(pictureId);
    expect((await nurse.put(`/api/v1/uploads/${pictureId}/visibility`, { visibility: 0 })).status).toBe(200);
    expect((await list(patient)).documents.map((d) => d.id)).not.toContain(pictureId);
    expect((await fetchBytes(patient, `/api/v1/patient/uploads/${pictureId}/file`)).status).toBe(404);
    expect((await nurse.put(`/api/v1/uploads/${pictureId}/visibility`, { visibility: 1 })).status).toBe(200);
    expect((await list(patient)).documents.map((d) => d.id)).toContain(pictureId);
    // The record's file endpoint sends the PDF as an attachment.
    const pdf = await fetchBytes(nurse, `/api/v1/patient/${emma}/uploads/${pdfId}/file`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toMatch(/^attachment;/);
  });

  it("another patient never lists nor downloads them: 404", async () => {
    expect((await list(liamClient)).documents.map((d) => d.id)).not.toContain(pdfId);
    for (const path of [`/api/v1/patient/uploads/${pdfId}/file`, "/api/v1/patient/uploads/2147483647/file", "/api/v1/patient/uploads/abc/file"]) {
      expect((await fetchBytes(liamClient, path)).status, path).toBe(404);
    }
  });

  it("staff get 403, a guest 401, without the CSRF token 403", async () => {
    const png = await makeImage("png", 40, 40);
    for (const role of ["providers", "medicalSupport", "customerSupport"] as const) {
      const c = await signedIn(api.url, role);
      expect((await c.get("/api/v1/patient/uploads")).status, role).toBe(403);
      expect((await send(c, { bytes: png, name: "x.png" })).status, role).toBe(403);
    }
    const guest = await signedIn(api.url, "guest");
    expect((await guest.get("/api/v1/patient/uploads")).status).toBe(401);
    expect((await uploadFile(patient, "/api/v1/patient/uploads", { bytes: png, name: "x.png" }, { field: "file", extra: { category: "1" }, csrf: false })).status).toBe(403);
  });
});
