/**
 * The clinician's signature (issue 19; api/routes/signatures.ts): each call × role, set / replace / remove the typed
 * name and the picture, pictures checked by content, size-limited and re-encoded without metadata, stored through the
 * storage adapter (the replaced one deleted), and the signer's signature on a signed chart and a printed prescription.
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
  it("a signed chart shows the signer's signature: the picture when there is one, else the typed name", async () => {
    const p = c("providerUsers");
    const charts = await db().select().from(schema.chartReviews).where(eq(schema.chartReviews.status, "to_review")).orderBy(schema.chartReviews.treatmentId);
    let chartId = 0;
    for (const ch of charts) if (await canSeePatient(db(), { id: providerUser, role: "providerUsers" }, ch.patientId)) { chartId = ch.treatmentId; break; }
    expect(chartId).toBeGreaterThan(0);
    await p.request("DELETE", "/api/v1/profile/signature");
    await p.post("/api/v1/profile/signature", { typedName: "Dr. Typed Only" });
    const signed = await p.post<{ chart: { signature: SignatureView | null } }>(`/api/v1/charts/${chartId}/sign`, { consent: "on" });
    expect(signed.status).toBe(200);
    expect(signed.body.data!.chart.signature).toEqual({ typedName: "Dr. Typed Only", imageUrl: null });
    const withImage = await upload(p, await makeImage("png", 200, 60));
    const read = await c("providers").get<{ chart: { signature: SignatureView | null } }>(`/api/v1/charts/${chartId}`);
    expect(read.body.data!.chart.signature).toEqual({ typedName: "Dr. Typed Only", imageUrl: withImage.body.data!.signature!.imageUrl });
  });

  it("a printed prescription shows the prescriber's signature, and null when they have none", async () => {
    const [rx] = await db().select().from(schema.prescriptions).where(isNull(schema.prescriptions.supersededAt)).orderBy(schema.prescriptions.id).limit(1);
    expect(rx).toBeDefined();
    await db().update(schema.prescriptions).set({ prescriberId: providerUser }).where(and(eq(schema.prescriptions.id, rx!.id)));
    const m = c("providers");
    const r = await m.get<{ prescriberSignature: SignatureView | null }>(`/api/v1/prescriptions/${rx!.id}`);
    expect(r.status).toBe(200);
    const mine = (await c("providerUsers").get<SignatureAnswer>("/api/v1/profile/signature")).body.data!.signature!;
    expect(r.body.data!.prescriberSignature).toEqual({ typedName: mine.typedName, imageUrl: mine.imageUrl });
    await c("providerUsers").request("DELETE", "/api/v1/profile/signature");
    expect((await m.get<{ prescriberSignature: SignatureView | null }>(`/api/v1/prescriptions/${rx!.id}`)).body.data!.prescriberSignature).toBeNull();
  });
});
