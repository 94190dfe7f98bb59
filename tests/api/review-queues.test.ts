/**
 * The clinical review queues (issue 14, H3): ready for review, charts and the uploads review. Every new call × every
 * role and a guest, a patient the caller may not see answering 404 like an unknown id, bad input 400 with the field
 * named, the chart machine's 409, the consent required to sign, the license-first order, and the audit rows.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq, sql } from "drizzle-orm";
import * as schema from "../../api/db/schema.ts";
import { ROLES, type Role } from "../../api/contract/roles.ts";
import { permissions, type EndpointKey } from "../../api/domain/permissions.ts";
import { canSeePatient } from "../../api/domain/patient-access.ts";
import { activeLicenseStates } from "../../api/domain/licenses.ts";
import { chartAnswerSchema, chartListItemSchema, readyItemSchema, reviewUploadSchema, type Chart, type ChartListItem, type ReadyItem, type ReviewUpload } from "../../api/contract/review-queues.ts";
import { Client, LOGINS, signedIn, startTestApi, type TestApi } from "./harness.ts";

let api: TestApi;
const clients = new Map<Role, Client>();
let providerUser = 0;
let manager = 0;
let strangerChart = 0; // a chart of a patient the demo provider (providerUsers) may not see
let strangerUpload = 0;

const db = () => api.database.db;
const c = (role: Role) => clients.get(role)!;
async function idOf(email: string) {
  return (await db().select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, email)))[0]!.id;
}
const rowsOf = <R>(r: unknown) => (r as { rows: R[] }).rows;

/** A chart in `status`, of a patient the demo provider sees (for the sign / cancel / addendum calls). */
async function visibleChart(status: "to_review" | "reviewed", skip: number[] = []): Promise<number> {
  const charts = await db().select({ id: schema.chartReviews.treatmentId, patientId: schema.chartReviews.patientId }).from(schema.chartReviews).where(eq(schema.chartReviews.status, status)).orderBy(schema.chartReviews.treatmentId);
  for (const ch of charts) if (!skip.includes(ch.id) && (await canSeePatient(db(), { id: providerUser, role: "providerUsers" }, ch.patientId))) return ch.id;
  throw new Error(`no visible ${status} chart`);
}

beforeAll(async () => {
  api = await startTestApi();
  for (const role of ROLES) clients.set(role, await signedIn(api.url, role as keyof typeof LOGINS | "guest"));
  providerUser = await idOf(LOGINS.providerUsers);
  manager = await idOf(LOGINS.providers);
  for (const ch of await db().select().from(schema.chartReviews).orderBy(schema.chartReviews.treatmentId)) {
    if (!(await canSeePatient(db(), { id: providerUser, role: "providerUsers" }, ch.patientId))) {
      strangerChart = ch.treatmentId;
      break;
    }
  }
  for (const u of await db().select().from(schema.uploads).where(eq(schema.uploads.status, "for_review")).orderBy(schema.uploads.id)) {
    if (!(await canSeePatient(db(), { id: providerUser, role: "providerUsers" }, u.patientId))) {
      strangerUpload = u.id;
      break;
    }
  }
}, 120_000);
afterAll(() => api?.close());

describe("who may call", () => {
  const reads: [EndpointKey, string][] = [
    ["GET /api/v1/treatments/ready-for-review", "/api/v1/treatments/ready-for-review"],
    ["GET /api/v1/charts", "/api/v1/charts"],
    ["GET /api/v1/uploads/review", "/api/v1/uploads/review"],
  ];
  for (const [key, path] of reads) {
    it(`${key}: allowed roles 200, other roles 403, a guest 401`, async () => {
      for (const role of ROLES) {
        const r = await c(role).get(path);
        const allowed = (permissions[key].roles as readonly string[]).includes(role);
        expect([role, r.status]).toEqual([role, role === "guest" ? 401 : allowed ? 200 : 403]);
      }
    });
  }
  it("changes: a patient, support and a guest never reach the chart calls", async () => {
    const id = await visibleChart("to_review");
    for (const role of ["patients", "customerSupport", "customerSupportManagers", "medicalSupport", "medicalSupportManagers", "guest"] as const) {
      const sign = await c(role).post(`/api/v1/charts/${id}/sign`, { consent: "on" });
      const cancel = await c(role).post(`/api/v1/charts/${id}/cancel`, {});
      const addendum = await c(role).post(`/api/v1/charts/${id}/addenda`, { body: "x" });
      const expected = role === "guest" ? 401 : 403;
      expect([role, sign.status, cancel.status, addendum.status]).toEqual([role, expected, expected, expected]);
    }
    const read = await c("patients").get(`/api/v1/charts/${id}`);
    expect(read.status).toBe(403);
    const upload = await c("patients").put(`/api/v1/uploads/1/review`, { status: "completed" });
    expect(upload.status).toBe(403);
  });
});

describe("ready for review", () => {
  it("lists pending reviews of ready-to-review patients, licensed states first, each part oldest first", async () => {
    const r = await c("providerUsers").get<ReadyItem[]>("/api/v1/treatments/ready-for-review?perPage=100");
    expect(r.status).toBe(200);
    const items = r.body.data!.map((i) => readyItemSchema.parse(i));
    expect(items.length).toBeGreaterThan(0);
    const states = await activeLicenseStates(db(), providerUser);
    for (const i of items) expect(i.inLicensedState).toBe(i.patientState !== null && states.includes(i.patientState));
    // Licensed first: no licensed row after an unlicensed one.
    const firstOut = items.findIndex((i) => !i.inLicensedState);
    if (firstOut >= 0) expect(items.slice(firstOut).every((i) => !i.inLicensedState)).toBe(true);
    for (const part of [true, false]) {
      const times = items.filter((i) => i.inLicensedState === part).map((i) => i.waitingSince);
      expect(times).toEqual([...times].sort());
    }
    // Only patients the provider sees; each a pending treatment of a ready-to-review patient.
    for (const i of items) {
      expect(await canSeePatient(db(), { id: providerUser, role: "providerUsers" }, i.patient.id)).toBe(true);
      const [t] = await db().select().from(schema.treatments).where(eq(schema.treatments.id, i.id));
      expect(t!.reviewStatus).toBe("pending");
      expect(["ready_to_review_new_patient", "ready_to_review_refill"]).toContain(t!.patientStatusKey);
      // 48 h promise: dueAt = waitingSince + 48 h, minutesLeft counts down to it.
      expect(Date.parse(i.dueAt) - Date.parse(i.waitingSince)).toBe(48 * 3600_000);
      expect(Math.abs(i.minutesLeft - Math.floor((Date.parse(i.dueAt) - Date.now()) / 60_000))).toBeLessThanOrEqual(2);
    }
  });

  it("the manager sees every ready treatment; pages by cursor without repeats, across the licensed part and the rest", async () => {
    const all = await c("providers").get<ReadyItem[]>("/api/v1/treatments/ready-for-review?perPage=100");
    const total = rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from treatments where list_tab = 'review_ready'`))[0]!.n;
    expect(all.body.data!.length).toBe(total);
    const seen: number[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const page: Awaited<ReturnType<Client["get"]>> = await c("providers").get<ReadyItem[]>(`/api/v1/treatments/ready-for-review?perPage=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(page.status).toBe(200);
      seen.push(...(page.body.data as ReadyItem[]).map((i) => i.id));
      cursor = (page.body.pages as unknown as { nextCursor: string | null }).nextCursor;
    }
    expect(seen).toEqual(all.body.data!.map((i) => i.id));
  });

  it("filters by kind; a bad kind or cursor is a 400 naming the field", async () => {
    const refill = await c("providers").get<ReadyItem[]>("/api/v1/treatments/ready-for-review?kind=refill");
    expect(refill.body.data!.every((i) => i.kind === "refill")).toBe(true);
    const bad = await c("providers").get("/api/v1/treatments/ready-for-review?kind=bogus&cursor=zzz");
    expect(bad.status).toBe(400);
    expect(Object.keys((bad.body.data as { fieldCodes: object }).fieldCodes)).toContain("kind");
    const badCursor = await c("providers").get("/api/v1/treatments/ready-for-review?cursor=zzz");
    expect(badCursor.status).toBe(400);
    expect((badCursor.body.data as { fieldCodes: Record<string, unknown> }).fieldCodes.cursor).toBeDefined();
  });

  it("leaves the queue when reviewed, and is audited with the patients returned", async () => {
    const before = await c("providers").get<ReadyItem[]>("/api/v1/treatments/ready-for-review?perPage=100");
    const first = before.body.data![0]!;
    const [audit] = await db().select().from(schema.auditEvents).where(and(eq(schema.auditEvents.action, "treatments.readyForReview"), eq(schema.auditEvents.actorId, manager))).orderBy(desc(schema.auditEvents.id)).limit(1);
    expect(audit!.patientIds).toEqual([...new Set(before.body.data!.map((i) => i.patient.id))]);
    await db().update(schema.treatments).set({ reviewStatus: "approved", reviewedAt: new Date() }).where(eq(schema.treatments.id, first.id));
    const after = await c("providers").get<ReadyItem[]>("/api/v1/treatments/ready-for-review?perPage=100");
    expect(after.body.data!.map((i) => i.id)).not.toContain(first.id);
    // …and its chart is now to review.
    const [chart] = await db().select().from(schema.chartReviews).where(eq(schema.chartReviews.treatmentId, first.id));
    expect(chart!.status).toBe("to_review");
  });

  it("follows the patient's shipping state", async () => {
    const list = await c("providers").get<ReadyItem[]>("/api/v1/treatments/ready-for-review?perPage=100");
    const item = list.body.data!.find((i) => i.patientState)!;
    await db().execute(sql`update addresses set administrative_area = 'wy' where user_id = ${item.patient.id} and address_type = 'shipping'`);
    const [row] = await db().select().from(schema.reviewQueue).where(eq(schema.reviewQueue.treatmentId, item.id));
    expect(row!.patientState).toBe("WY");
    await db().execute(sql`update addresses set administrative_area = ${item.patientState} where user_id = ${item.patient.id} and address_type = 'shipping'`);
  });
});

describe("charts", () => {
  it("lists charts to review oldest first and reviewed newest first; a provider sees only their patients", async () => {
    const toReview = await c("providers").get<ChartListItem[]>("/api/v1/charts?tab=to_review&perPage=100");
    const items = toReview.body.data!.map((i) => chartListItemSchema.parse(i));
    expect(items.every((i) => i.status === "to_review")).toBe(true);
    expect(items.map((i) => i.readySince)).toEqual(items.map((i) => i.readySince).sort());
    const reviewed = await c("medicalSupport").get<ChartListItem[]>("/api/v1/charts?tab=reviewed&perPage=100");
    expect(reviewed.body.data!.every((i) => i.status === "reviewed" && i.signedBy && i.signedAt)).toBe(true);
    const times = reviewed.body.data!.map((i) => i.readySince);
    expect(times).toEqual([...times].sort().reverse());
    const mine = await c("providerUsers").get<ChartListItem[]>("/api/v1/charts?tab=to_review&perPage=100");
    for (const i of mine.body.data!) expect(await canSeePatient(db(), { id: providerUser, role: "providerUsers" }, i.patient.id)).toBe(true);
    expect(mine.body.data!.map((i) => i.id)).not.toContain(strangerChart);
    const bad = await c("providers").get("/api/v1/charts?tab=bogus");
    expect(bad.status).toBe(400);
  });

  it("a chart of a patient the caller may not see, or an unknown one, is a 404 for reads and changes alike", async () => {
    expect(strangerChart).toBeGreaterThan(0);
    for (const path of [`/api/v1/charts/${strangerChart}`, "/api/v1/charts/2147483647", "/api/v1/charts/abc"]) {
      expect((await c("providerUsers").get(path)).status).toBe(404);
    }
    expect((await c("providerUsers").post(`/api/v1/charts/${strangerChart}/sign`, { consent: "on" })).status).toBe(404);
    expect((await c("providerUsers").post(`/api/v1/charts/${strangerChart}/addenda`, { body: "x" })).status).toBe(404);
    expect((await c("providers").get(`/api/v1/charts/${strangerChart}`)).status).toBe(200);
  });

  it("signing needs the provider consent (400), records who and when, and a signed chart cannot change (409)", async () => {
    const id = await visibleChart("to_review");
    const read = await c("providerUsers").get<{ chart: Chart }>(`/api/v1/charts/${id}`);
    const chart = chartAnswerSchema.parse(read.body.data).chart;
    expect(chart.can).toEqual({ sign: true, cancel: true, addAddendum: false });
    const nurse = await c("medicalSupport").get<{ chart: Chart }>(`/api/v1/charts/${id}`);
    expect(nurse.body.data!.chart.can).toEqual({ sign: false, cancel: false, addAddendum: false });

    const unchecked = await c("providerUsers").post(`/api/v1/charts/${id}/sign`, {});
    expect(unchecked.status).toBe(400);
    expect((unchecked.body.data as { fieldCodes: Record<string, { code: string }[]> }).fieldCodes.consent![0]!.code).toBe("validation.chartConsent");
    const early = await c("providerUsers").post(`/api/v1/charts/${id}/addenda`, { body: "Too early" });
    expect([early.status, early.body.code]).toEqual([409, "charts.notSigned"]);

    const signed = await c("providerUsers").post<{ chart: Chart }>(`/api/v1/charts/${id}/sign`, { consent: "on" });
    expect([signed.status, signed.body.code]).toEqual([200, "charts.signed"]);
    const after = signed.body.data!.chart;
    expect(after.status).toBe("reviewed");
    expect(after.signedBy?.id).toBe(providerUser);
    expect(Math.abs(Date.parse(after.signedAt!) - Date.now())).toBeLessThan(60_000);
    expect(after.consentVersion).toBe("glp1-protocol-v1");
    expect(after.can).toEqual({ sign: false, cancel: false, addAddendum: true });

    for (const [path, body] of [[`/api/v1/charts/${id}/sign`, { consent: "on" }], [`/api/v1/charts/${id}/cancel`, {}]] as const) {
      const again = await c("providers").post(path, body);
      expect([again.status, again.body.code, again.body.params?.from]).toEqual([409, "charts.transitionRefused", "reviewed"]);
    }
    const emptyAddendum = await c("providerUsers").post(`/api/v1/charts/${id}/addenda`, { body: "  " });
    expect(emptyAddendum.status).toBe(400);
    const addendum = await c("providerUsers").post<{ chart: Chart }>(`/api/v1/charts/${id}/addenda`, { body: "Dose confirmed by phone." });
    expect([addendum.status, addendum.body.code]).toEqual([200, "charts.addendumAdded"]);
    expect(addendum.body.data!.chart.addenda.at(-1)).toMatchObject({ author: { id: providerUser }, body: "Dose confirmed by phone." });
    expect(addendum.body.data!.chart.signedAt).toBe(after.signedAt);

    const audits = await db().select().from(schema.auditEvents).where(and(eq(schema.auditEvents.entityType, "chart"), eq(schema.auditEvents.entityId, String(id)))).orderBy(schema.auditEvents.id);
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(["chart.read", "chart.sign", "chart.addendum"]));
    const sign = audits.find((a) => a.action === "chart.sign")!;
    expect([sign.actorId, sign.actorRole, sign.patientId]).toEqual([providerUser, "providerUsers", after.patient.id]);
  });

  it("a review may be cancelled once; a cancelled chart cannot be signed", async () => {
    const id = await visibleChart("to_review");
    const cancelled = await c("providers").post<{ chart: Chart }>(`/api/v1/charts/${id}/cancel`, {});
    expect([cancelled.status, cancelled.body.data!.chart.status, cancelled.body.data!.chart.cancelledBy?.id]).toEqual([200, "cancelled", manager]);
    const sign = await c("providers").post(`/api/v1/charts/${id}/sign`, { consent: "on" });
    expect([sign.status, sign.body.code]).toEqual([409, "charts.transitionRefused"]);
    const again = await c("providers").post(`/api/v1/charts/${id}/cancel`, {});
    expect(again.status).toBe(409);
  });
});

describe("uploads review", () => {
  it("lists uploads for review oldest first, filters by category and status, only patients the caller sees", async () => {
    const r = await c("providers").get<ReviewUpload[]>("/api/v1/uploads/review?perPage=100");
    const items = r.body.data!.map((i) => reviewUploadSchema.parse(i));
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.status === "for_review")).toBe(true);
    expect(items.map((i) => i.id)).toEqual(items.map((i) => i.id).sort((a, b) => a - b));
    const ids = await c("providers").get<ReviewUpload[]>("/api/v1/uploads/review?category=3");
    expect(ids.body.data!.every((i) => i.category === 3)).toBe(true);
    const done = await c("customerSupport").get<ReviewUpload[]>("/api/v1/uploads/review?status=completed");
    expect(done.body.data!.every((i) => i.status === "completed")).toBe(true);
    const mine = await c("providerUsers").get<ReviewUpload[]>("/api/v1/uploads/review?perPage=100");
    expect(mine.body.data!.map((i) => i.id)).not.toContain(strangerUpload);
    const bad = await c("providers").get("/api/v1/uploads/review?category=9&status=x");
    expect(bad.status).toBe(400);
    expect(Object.keys((bad.body.data as { fieldCodes: object }).fieldCodes).sort()).toEqual(["category", "status"]);
  });

  it("marks an upload completed and sets its visibility, audited; another provider's patient is a 404", async () => {
    expect(strangerUpload).toBeGreaterThan(0);
    expect((await c("providerUsers").put(`/api/v1/uploads/${strangerUpload}/review`, { status: "completed" })).status).toBe(404);
    expect((await c("providerUsers").put(`/api/v1/uploads/${strangerUpload}/visibility`, { visibility: 0 })).status).toBe(404);
    const done = await c("medicalSupport").put<{ upload: ReviewUpload }>(`/api/v1/uploads/${strangerUpload}/review`, { status: "completed" });
    expect([done.status, done.body.code, done.body.data!.upload.status]).toEqual([200, "uploads.reviewUpdated", "completed"]);
    const hidden = await c("medicalSupport").put<{ upload: ReviewUpload }>(`/api/v1/uploads/${strangerUpload}/visibility`, { visibility: 0 });
    expect(hidden.body.data!.upload.visibility).toBe(0);
    const [row] = await db().select().from(schema.uploads).where(eq(schema.uploads.id, strangerUpload));
    expect([row!.status, row!.visibility]).toEqual(["completed", 0]);
    const bad = await c("medicalSupport").put(`/api/v1/uploads/${strangerUpload}/visibility`, { visibility: 5 });
    expect(bad.status).toBe(400);
    const audits = await db().select().from(schema.auditEvents).where(and(eq(schema.auditEvents.entityType, "upload"), eq(schema.auditEvents.entityId, String(strangerUpload))));
    expect(audits.map((a) => a.action).sort()).toEqual(["upload.review", "upload.visibility"]);
    expect(audits.every((a) => a.patientId === row!.patientId && a.actorRole === "medicalSupport")).toBe(true);
    const list = await c("medicalSupport").get<ReviewUpload[]>("/api/v1/uploads/review?perPage=100");
    expect(list.body.data!.map((i) => i.id)).not.toContain(strangerUpload);
  });
});
