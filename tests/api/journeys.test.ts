/**
 * The patient's journeys and overview (issue 15 part B; api/routes/journeys.ts, contract api/contract/journeys.ts):
 * each call × role (patients only, their own), another patient's journey 404, the demo patient's journeys in their
 * states with timelines, the review clock, the actions waiting, the next charge and shipment, progress.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as schema from "../../api/db/schema.ts";
import {
  journeyDetailSchema,
  journeyProgressSchema,
  journeysListSchema,
  overviewActionsSchema,
  overviewNextSchema,
  type JourneySummary,
} from "../../api/contract/journeys.ts";
import { Client, LOGINS, signedIn, startTestApi, type TestApi } from "./harness.ts";

let api: TestApi;
let patient: Client;
let journeys: JourneySummary[] = [];
const bySection = (s: number, state?: string) => journeys.find((j) => j.sectionType === s && (!state || j.state === state))!;

beforeAll(async () => {
  api = await startTestApi();
  patient = await signedIn(api.url, "patients");
  journeys = journeysListSchema.parse((await patient.get("/api/v1/patient/journeys")).body.data).journeys;
});
afterAll(() => api?.close());

describe("GET /api/v1/patient/journeys", () => {
  it("the demo patient's journeys, newest first, in their displayed states", () => {
    expect(journeys.length).toBeGreaterThanOrEqual(5);
    expect(journeys.map((j) => j.id)).toEqual([...journeys.map((j) => j.id)].sort((a, b) => b - a));
    expect(bySection(1, "approved")).toBeTruthy();
    // The medical intake's seed (api/db/seed/intake.ts): a weight-loss intake in progress, shown as such.
    expect(bySection(1, "intake")).toBeTruthy();
    expect(bySection(4, "pending")).toBeTruthy();
    expect(bySection(4, "cancelled")).toBeTruthy();
    expect(bySection(2).state).toBe("declined");
    expect(bySection(3).state).toBe("approved");
  });

  it("the one in review carries the 48 h review clock and says what happens next", () => {
    const j = bySection(4, "pending");
    expect(j.currentStep).toBe("reviewed");
    expect(j.next).toBe("review");
    expect(j.reviewClock?.kind).toBe("review");
    const left = Date.parse(j.reviewClock!.dueAt) - Date.now();
    expect(left).toBeGreaterThan(41 * 3_600_000);
    expect(left).toBeLessThan(43 * 3_600_000);
  });

  it("the active weight loss: shipped orders, a check-in due (current step)", () => {
    const j = bySection(1, "approved");
    const step = Object.fromEntries(j.timeline.map((s) => [s.key, s]));
    expect(step.intakeSubmitted!.status).toBe("done");
    expect(step.ordered!.status).toBe("done");
    expect(step.shipped!.status).toBe("done");
    expect(step.checkIn!.status).toBe("current");
    expect(step.renewal!.expected).toBe(true);
    expect(j.next).toBe("checkIn");
    expect(j.reviewClock).toBeNull();
  });

  it("the declined one: every later step skipped", () => {
    const j = bySection(2);
    expect(j.next).toBe("declined");
    expect(j.timeline.filter((s) => s.status === "skipped").length).toBeGreaterThan(0);
  });

  it("staff get 403, a guest 401", async () => {
    for (const role of ["providers", "medicalSupport", "customerSupport"] as const) {
      expect((await (await signedIn(api.url, role)).get("/api/v1/patient/journeys")).status, role).toBe(403);
    }
    expect((await (await signedIn(api.url, "guest")).get("/api/v1/patient/journeys")).status).toBe(401);
  });
});

describe("GET /api/v1/patient/journeys/:id", () => {
  it("treatment(s) with subscription and items, the journey's orders newest first by date (two years), the timeline", async () => {
    const r = await patient.get(`/api/v1/patient/journeys/${bySection(1, "approved").id}`);
    expect(r.status).toBe(200);
    const d = journeyDetailSchema.parse(r.body.data);
    expect(d.journey.id).toBe(bySection(1, "approved").id);
    expect(d.treatments[0]!.displayedState).toBe("approved");
    expect(d.treatments[0]!.subscription?.items.length).toBeGreaterThan(0);
    expect(d.orders.length).toBeGreaterThanOrEqual(10);
    const oldest = Date.parse(d.orders[d.orders.length - 1]!.dateOrdered);
    expect(Date.now() - oldest).toBeGreaterThan(600 * 86_400_000);
    const dates = d.orders.map((o) => Date.parse(o.dateOrdered));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it("the declined journey: its treatment is declined", async () => {
    const d = journeyDetailSchema.parse((await patient.get(`/api/v1/patient/journeys/${bySection(2).id}`)).body.data);
    expect(d.treatments[0]!.displayedState).toBe("declined");
    expect(d.orders).toEqual([]);
  });

  it("another patient's journey, an unknown or malformed id: 404 journeys.notFound", async () => {
    const liam = (await api.database.db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, "patient2@demo.test")))[0]!.id;
    const [other] = await api.database.db.select({ id: schema.journeys.id }).from(schema.journeys).where(eq(schema.journeys.patientId, liam)).limit(1);
    expect(other).toBeTruthy();
    for (const path of [`/api/v1/patient/journeys/${other!.id}`, `/api/v1/patient/journeys/${other!.id}/progress`, "/api/v1/patient/journeys/999999", "/api/v1/patient/journeys/abc", "/api/v1/patient/journeys/0"]) {
      const r = await patient.get(path);
      expect(r.status, path).toBe(404);
      expect(r.body.code, path).toBe("journeys.notFound");
    }
    // …and Liam reads his own.
    const c = new Client(api.url);
    await c.sessionInfo();
    await c.login("patient2@demo.test");
    expect((await c.get(`/api/v1/patient/journeys/${other!.id}`)).status).toBe(200);
    expect((await c.get(`/api/v1/patient/journeys/${bySection(1, "approved").id}`)).status).toBe(404);
  });

  it("staff 403, guest 401", async () => {
    expect((await (await signedIn(api.url, "providerUsers")).get(`/api/v1/patient/journeys/${bySection(1, "approved").id}`)).status).toBe(403);
    expect((await (await signedIn(api.url, "guest")).get(`/api/v1/patient/journeys/${bySection(1, "approved").id}`)).status).toBe(401);
  });
});

describe("GET /api/v1/patient/journeys/:id/progress", () => {
  it("weight loss: weights, start, goal and milestones every 5 % then the goal", async () => {
    const d = journeyProgressSchema.parse((await patient.get(`/api/v1/patient/journeys/${bySection(1, "approved").id}/progress`)).body.data);
    expect(d.tracked).toBe(true);
    expect(d.weights.length).toBeGreaterThan(12);
    expect(d.weightGoal).toBe(160);
    expect(d.milestones.at(-1)).toMatchObject({ goal: true, targetLb: 160 });
    expect(d.milestones[0]).toMatchObject({ percent: 5, goal: false });
    expect(d.milestones[0]!.reachedOn).not.toBeNull();
  });

  it("other kinds: not tracked", async () => {
    const d = journeyProgressSchema.parse((await patient.get(`/api/v1/patient/journeys/${bySection(3).id}/progress`)).body.data);
    expect(d).toMatchObject({ tracked: false, weights: [], milestones: [] });
  });
});

describe("the overview's panels", () => {
  it("actions: the check-in due (with its link id), unread messages", async () => {
    const r = await patient.get("/api/v1/patient/overview/actions");
    expect(r.status).toBe(200);
    const d = overviewActionsSchema.parse(r.body.data);
    expect(d.checkIns.length).toBeGreaterThanOrEqual(1);
    expect(d.actions.some((a) => a.kind === "checkInDue" && a.checkInId === d.checkIns[0]!.id)).toBe(true);
    expect(d.unreadMessages).toBeGreaterThanOrEqual(0);
  });

  it("actions: a card decline when an invoice is past due; missing information when the clinician asked for changes", async () => {
    const c = new Client(api.url);
    await c.sessionInfo();
    await c.login("patient2@demo.test");
    const liam = (await api.database.db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, "patient2@demo.test")))[0]!.id;
    await api.database.db.update(schema.invoices).set({ status: "past_due" }).where(eq(schema.invoices.userId, liam));
    await api.database.db.update(schema.patients).set({ statusKey: "missing_information" }).where(eq(schema.patients.userId, liam));
    const d = overviewActionsSchema.parse((await c.get("/api/v1/patient/overview/actions")).body.data);
    expect(d.actions).toContainEqual({ kind: "cardDecline", reason: "unpaidInvoice" });
    expect(d.actions.some((a) => a.kind === "missingInformation" && a.reason === "reviewChanges")).toBe(true);
  });

  it("next: the next charge with its amount and the shipment on its way", async () => {
    const d = overviewNextSchema.parse((await patient.get("/api/v1/patient/overview/next")).body.data);
    expect(d.nextCharge?.amountCents).toBeGreaterThan(0);
    expect(Date.parse(d.nextCharge!.at)).toBeGreaterThan(Date.now());
    expect(d.nextShipment).not.toBeNull();
  });

  it("staff 403 and guests 401 on both", async () => {
    const nurse = await signedIn(api.url, "medicalSupport");
    const guest = await signedIn(api.url, "guest");
    for (const path of ["/api/v1/patient/overview/actions", "/api/v1/patient/overview/next"]) {
      expect((await nurse.get(path)).status, path).toBe(403);
      expect((await guest.get(path)).status, path).toBe(401);
    }
  });

  it("a patient reading their own journeys writes no audit row", async () => {
    const rows = await api.database.db.select().from(schema.auditEvents).where(eq(schema.auditEvents.actorRole, "patients"));
    expect(rows.filter((r) => r.action.startsWith("journey"))).toEqual([]);
    expect(LOGINS.patients).toBe("patient@demo.test");
  });
});
