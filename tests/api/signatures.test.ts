/**
 * The clinician's signature (issue 19; api/routes/signatures.ts): each call × role, set / replace / remove the typed
 * name and the picture, pictures checked by content, size-limited and re-encoded without metadata, stored through the
 * storage adapter (the replaced one deleted unless a signed document keeps it), and the signature a chart was signed
 * and a prescription written with, unchanged by later changes or removal of the signature.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq, isNull } from "drizzle-orm";
import sharp from "sharp";
import * as schema from "../../api/db/schema.ts";
import { ROLES, type Role } from "../../api/contract/roles.ts";
import { permissions, type EndpointKey } from "../../api/domain/permissions.ts";
import { SIGNATURE_MAX_BYTES, SIGNATURE_MAX_SIDE, type SignatureAnswer, type SignatureView } from "../../api/contract/signatures.ts";
import { canSeePatient } from "../../api/domain/patient-access.ts";
import { Client, LOGINS, signedIn, startTestApi, type TestApi } from "./harness.ts";
import { fetchBytes, jpegWithExif, makeImage, pngChunks, uploadFile } from "./patient-account-helpers.ts";

let api: TestApi;
const clients = new Map<Role, Client>();
let providerUser = 0;
const db = () => api.database.db;
const c = (role: Role) => clients.get(role)!;
const allowed = (role: Role, key: EndpointKey) => (permissions[key].roles as readonly Role[]).includes(role);
const expected = (role: Role, key: EndpointKey) => (allowed(role, key) ? 200 : role === "guest" ? 401 : 403);
const upload = (client: Client, bytes: Buffer, name = "sig.png", type = "image/png") =>
  uploadFile<SignatureAnswer>(client, "/api/v1/profile/signature/image", { bytes, name, type }, { field: "signature" });
const row = async (staffId: number) => (await db().select().from(schema.staffSignatures).where(eq(schema.staffSignatures.staffId, staffId)))[0];

beforeAll(async () => {
  api = await startTestApi();
  for (const role of ROLES) clients.set(role, await signedIn(api.url, role as keyof typeof LOGINS | "guest"));
  providerUser = (await db().select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, LOGINS.providerUsers)))[0]!.id;
}, 120_000);
afterAll(() => api?.close());

describe("who may call", () => {
  it("the clinicians (providers, providerUsers) manage their own; other roles 403, a guest 401", async () => {
    expect(permissions["GET /api/v1/profile/signature"].roles).toEqual(["providers", "providerUsers"]);
    const png = await makeImage("png", 200, 80);
    for (const role of ROLES) {
      expect([role, (await c(role).get("/api/v1/profile/signature")).status]).toEqual([role, expected(role, "GET /api/v1/profile/signature")]);
      expect([role, (await c(role).post("/api/v1/profile/signature", { typedName: "A. Name" })).status]).toEqual([role, expected(role, "POST /api/v1/profile/signature")]);
      expect([role, (await upload(c(role), png)).status]).toEqual([role, expected(role, "POST /api/v1/profile/signature/image")]);
      expect([role, (await c(role).request("DELETE", "/api/v1/profile/signature/image")).status]).toEqual([role, expected(role, "DELETE /api/v1/profile/signature/image")]);
      expect([role, (await c(role).request("DELETE", "/api/v1/profile/signature")).status]).toEqual([role, expected(role, "DELETE /api/v1/profile/signature")]);
    }
    // Nothing was written for the roles refused.
    const owners = (await db().select({ id: schema.staffSignatures.staffId }).from(schema.staffSignatures)).length;
    expect(owners).toBe(0);
  });
});

describe("set, replace, remove", () => {
  it("sets the typed name, then a picture re-encoded as a PNG without metadata; a replacement deletes the old picture", async () => {
    const p = c("providerUsers");
    expect((await p.get<SignatureAnswer>("/api/v1/profile/signature")).body.data).toEqual({ signature: null });
    const empty = await p.post("/api/v1/profile/signature", { typedName: "   " });
    expect(empty.status).toBe(400);
    expect(await row(providerUser)).toBeUndefined();

    const named = await p.post<SignatureAnswer>("/api/v1/profile/signature", { typedName: "  Dr. Priya Natarajan  " });
    expect(named.status).toBe(200);
    expect(named.body.code).toBe("signatures.saved");
    expect(named.body.data!.signature).toMatchObject({ staffId: providerUser, typedName: "Dr. Priya Natarajan", imageUrl: null });

    const first = await upload(p, await jpegWithExif("SECRET-GPS"), "sig.jpg", "image/jpeg");
    expect(first.status).toBe(200);
    expect(first.body.code).toBe("signatures.imageSaved");
    const firstUrl = first.body.data!.signature!.imageUrl!;
    expect(firstUrl).toMatch(/^\/api\/v1\/signatures\/[a-f0-9]{32}$/);
    expect(first.body.data!.signature!.typedName).toBe("Dr. Priya Natarajan");
    const stored = await fetchBytes(p, firstUrl);
    expect(stored.status).toBe(200);
    expect(stored.headers.get("content-type")).toBe("image/png");
    expect(stored.bytes.includes(Buffer.from("SECRET-GPS"))).toBe(false);
    expect(pngChunks(stored.bytes).every((t) => ["IHDR", "PLTE", "tRNS", "IDAT", "IEND"].includes(t))).toBe(true);
    const meta = await sharp(stored.bytes).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(SIGNATURE_MAX_SIDE);
    // Any staff role reads it by key (the signer's picture on a chart); a patient cannot.
    expect((await fetchBytes(c("medicalSupport"), firstUrl)).status).toBe(200);
    expect((await fetchBytes(c("patients"), firstUrl)).status).toBe(403);

    const second = await upload(p, await makeImage("gif", 300, 100), "drawn.gif", "image/gif");
    expect(second.status).toBe(200);
    const secondUrl = second.body.data!.signature!.imageUrl!;
    expect(secondUrl).not.toBe(firstUrl);
    expect((await fetchBytes(p, firstUrl)).status).toBe(404);
    expect((await fetchBytes(p, secondUrl)).status).toBe(200);

    const withoutImage = await p.request<SignatureAnswer>("DELETE", "/api/v1/profile/signature/image");
    expect(withoutImage.status).toBe(200);
    expect(withoutImage.body.data!.signature).toMatchObject({ typedName: "Dr. Priya Natarajan", imageUrl: null });
    expect((await fetchBytes(p, secondUrl)).status).toBe(404);

    await upload(p, await makeImage("png", 100, 40));
    const key = (await row(providerUser))!.imageKey!;
    const removed = await p.request<SignatureAnswer>("DELETE", "/api/v1/profile/signature");
    expect(removed.status).toBe(200);
    expect(removed.body.code).toBe("signatures.removed");
    expect(removed.body.data).toEqual({ signature: null });
    expect(await row(providerUser)).toBeUndefined();
    expect((await fetchBytes(p, `/api/v1/signatures/${key}`)).status).toBe(404);
    const audits = await db().select().from(schema.auditEvents).where(eq(schema.auditEvents.actorId, providerUser)).orderBy(desc(schema.auditEvents.id)).limit(1);
    expect(audits[0]).toMatchObject({ action: "signature.delete", outcome: "success" });
  });

  it("a picture before any typed name takes the account's name as the typed name", async () => {
    const m = c("providers");
    const r = await upload(m, await makeImage("png", 120, 40));
    expect(r.status).toBe(200);
    const [me] = await db().select({ fullName: schema.users.fullName, id: schema.users.id }).from(schema.users).where(eq(schema.users.email, LOGINS.providers));
    expect(r.body.data!.signature).toMatchObject({ staffId: me!.id, typedName: me!.fullName });
    await m.request("DELETE", "/api/v1/profile/signature");
  });

  it("refuses what is not a picture, a broken one, a missing one and one too large, and changes nothing", async () => {
    const p = c("providerUsers");
    await p.post("/api/v1/profile/signature", { typedName: "Dr. P" });
    const before = await row(providerUser);
    const html = await upload(p, Buffer.from("<html><script>alert(1)</script></html>"), "sig.png");
    expect([html.status, html.body.code]).toEqual([415, "signatures.imageType"]);
    const broken = await upload(p, Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]), "sig.png");
    expect([broken.status, broken.body.code]).toEqual([400, "signatures.imageUnreadable"]);
    const big = await upload(p, Buffer.concat([await makeImage("png", 10, 10), Buffer.alloc(SIGNATURE_MAX_BYTES + 1, 0)]), "sig.png");
    expect([big.status, big.body.code]).toEqual([413, "signatures.imageTooLarge"]);
    const missing = await uploadFile<SignatureAnswer>(p, "/api/v1/profile/signature/image", { bytes: await makeImage("png", 10, 10), name: "sig.png" }, { field: "other" });
    expect([missing.status, missing.body.code]).toEqual([400, "signatures.imageMissing"]);
    const long = await p.post("/api/v1/profile/signature", { typedName: "x".repeat(121) });
    expect(long.status).toBe(400);
    expect(await row(providerUser)).toEqual(before);
  });
});

describe("on signed charts and printed prescriptions", () => {
  type ChartAnswer = { chart: { signature: SignatureView | null } };
  type RxAnswer = { prescriberSignature: SignatureView | null };
  /** Charts to review of the provider's patients, oldest first. */
  async function chartsToSign(n: number): Promise<number[]> {
    const charts = await db().select().from(schema.chartReviews).where(eq(schema.chartReviews.status, "to_review")).orderBy(schema.chartReviews.treatmentId);
    const out: number[] = [];
    for (const ch of charts) {
      if (out.length === n) break;
      if (await canSeePatient(db(), { id: providerUser, role: "providerUsers" }, ch.patientId)) out.push(ch.treatmentId);
    }
    expect(out).toHaveLength(n);
    return out;
  }

  it("a signed chart keeps the signature it was signed with; a later change or removal shows on charts signed after it only", async () => {
    const p = c("providerUsers");
    const [typedOnly, withPicture, unsigned] = await chartsToSign(3);
    await p.request("DELETE", "/api/v1/profile/signature");
    await p.post("/api/v1/profile/signature", { typedName: "Dr. Typed Only" });
    const signed = await p.post<ChartAnswer>(`/api/v1/charts/${typedOnly}/sign`, { consent: "on" });
    expect(signed.status).toBe(200);
    expect(signed.body.data!.chart.signature).toEqual({ typedName: "Dr. Typed Only", imageUrl: null });

    // A picture added later: the chart signed before still shows the typed name alone; the next chart signed shows it.
    const first = (await upload(p, await makeImage("png", 200, 60))).body.data!.signature!.imageUrl!;
    const read = async (id: number) => (await c("providers").get<ChartAnswer>(`/api/v1/charts/${id}`)).body.data!.chart.signature;
    expect(await read(typedOnly)).toEqual({ typedName: "Dr. Typed Only", imageUrl: null });
    await p.post("/api/v1/profile/signature", { typedName: "Dr. Picture" });
    expect((await p.post<ChartAnswer>(`/api/v1/charts/${withPicture}/sign`, { consent: "on" })).body.data!.chart.signature).toEqual({ typedName: "Dr. Picture", imageUrl: first });

    // Changed (new picture, new typed name), then removed: the signed charts do not change, and their picture stays.
    const second = (await upload(p, await makeImage("gif", 300, 100), "drawn.gif", "image/gif")).body.data!.signature!.imageUrl!;
    expect(second).not.toBe(first);
    await p.post("/api/v1/profile/signature", { typedName: "Dr. Renamed" });
    expect(await read(withPicture)).toEqual({ typedName: "Dr. Picture", imageUrl: first });
    expect((await fetchBytes(c("medicalSupport"), first)).status).toBe(200);
    await p.request("DELETE", "/api/v1/profile/signature");
    expect(await read(withPicture)).toEqual({ typedName: "Dr. Picture", imageUrl: first });
    expect(await read(typedOnly)).toEqual({ typedName: "Dr. Typed Only", imageUrl: null });
    expect((await fetchBytes(c("providers"), first)).status).toBe(200);
    // The second picture no document refers to is deleted with the signature, as before.
    expect((await fetchBytes(c("providers"), second)).status).toBe(404);

    // Signed without any signature: none, and a signature made afterwards does not appear on it.
    expect((await p.post<ChartAnswer>(`/api/v1/charts/${unsigned}/sign`, { consent: "on" })).body.data!.chart.signature).toBeNull();
    await p.post("/api/v1/profile/signature", { typedName: "Dr. Afterwards" });
    expect(await read(unsigned)).toBeNull();
    const [kept] = await db().select().from(schema.chartReviews).where(eq(schema.chartReviews.treatmentId, withPicture));
    expect(kept).toMatchObject({ signatureTypedName: "Dr. Picture", signatureImageKey: first.split("/").pop() });
  });

  it("a printed prescription keeps the prescriber's signature as it was when written", async () => {
    const p = c("providerUsers");
    const emma = (await db().select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, LOGINS.patients)))[0]!.id;
    const [current] = await db()
      .select({ treatmentId: schema.prescriptions.treatmentId, variantId: schema.prescriptions.variantId })
      .from(schema.prescriptions)
      .where(and(eq(schema.prescriptions.patientId, emma), isNull(schema.prescriptions.supersededAt)))
      .orderBy(schema.prescriptions.id)
      .limit(1);
    expect(current).toBeDefined();
    const write = async () => {
      const r = await p.put<{ prescription: { id: number } }>(`/api/v2/treatments/${current!.treatmentId}/update-dosage-instruction`, {
        diagnosisCode: "E66.9",
        instructions: "Inject 0.25 mg once weekly.",
        unitsDose: "0.25 mg weekly",
        dosageCycle: ["0.25mg"],
        variantId: current!.variantId,
      });
      expect(r.status).toBe(200);
      return r.body.data!.prescription.id;
    };
    const printed = async (id: number) => (await c("providers").get<RxAnswer>(`/api/v1/prescriptions/${id}`)).body.data!.prescriberSignature;

    await p.request("DELETE", "/api/v1/profile/signature");
    await p.post("/api/v1/profile/signature", { typedName: "Dr. First Hand" });
    const picture = (await upload(p, await makeImage("png", 120, 40))).body.data!.signature!.imageUrl!;
    const old = await write();
    expect(await printed(old)).toEqual({ typedName: "Dr. First Hand", imageUrl: picture });

    await p.post("/api/v1/profile/signature", { typedName: "Dr. Second Hand" });
    const newer = (await upload(p, await makeImage("png", 140, 40))).body.data!.signature!.imageUrl!;
    const next = await write();
    expect(await printed(old)).toEqual({ typedName: "Dr. First Hand", imageUrl: picture });
    expect(await printed(next)).toEqual({ typedName: "Dr. Second Hand", imageUrl: newer });
    expect((await fetchBytes(c("providers"), picture)).status).toBe(200);

    await p.request("DELETE", "/api/v1/profile/signature");
    expect(await printed(old)).toEqual({ typedName: "Dr. First Hand", imageUrl: picture });
    expect(await printed(next)).toEqual({ typedName: "Dr. Second Hand", imageUrl: newer });
    // Written without a signature: none.
    expect(await printed(await write())).toBeNull();
  });
});
