/**
 * What a submitted intake changes beyond the treatment (issue 15): the account takes the intake's names and, when it
 * has none, the time zone of the state of residence (the layouts' session summary then carries it); a patient already
 * in care keeps their status; the "needs a clinician's look" task goes to the medical support member with the fewest
 * open tasks. A patient already in care becomes ready to review again (the queue reads the status). Cancelling an intake in progress. The qualify adapter against real HTTP services that fail: a port
 * nobody listens on (502 'Error while connecting to Qualify service') and a server answering 500 (503 'Qualify
 * service is unavailable now'). The overview's identification pictures.
 */
import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, ne } from "drizzle-orm";
import * as schema from "../../api/db/schema.ts";
import { zoneOffsetMinutes } from "../../api/contract/profile-rules.ts";
import { Client, startTestApi, type TestApi } from "./harness.ts";
import { answerUpToPlan, intake, save, start, type Journey } from "./intake-helpers.ts";

async function choosePlanAndSubmit(c: Client, id: number) {
  const plans = (await intake(c, id)).body.data!.plans;
  const variant = plans.find((p) => p.available)!.variants[0]!;
  expect((await save(c, id, "plan", { variantId: String(variant.id) })).status).toBe(200);
  return c.post<{ journey: Journey }>(`/api/v1/journeys/${id}/submit`, {});
}

describe("submitting an intake", () => {
  let api: TestApi;
  let liam: Client;
  beforeAll(async () => {
    api = await startTestApi();
    liam = new Client(api.url);
    await liam.login("patient2@demo.test");
  });
  afterAll(() => api?.close());

  it("copies the intake's names and the state's time zone to the account and assigns the task to medical support", async () => {
    const { db } = api.database;
    const [before] = await db.select().from(schema.users).where(eq(schema.users.email, "patient2@demo.test"));
    await db.update(schema.users).set({ timeZone: null, utcOffsetMinutes: 0 }).where(eq(schema.users.id, before!.id));
    const id = (await start(liam, 1)).body.data!.journey.id;
    await answerUpToPlan(liam, id, { firstName: "Liam", lastName: "Foster-Quinn", dateOfBirth: "1990-06-01", sex: "male", stateOfResidence: "CO" });
    const submitted = await choosePlanAndSubmit(liam, id);
    expect(submitted.status).toBe(200);
    const [after] = await db.select().from(schema.users).where(eq(schema.users.id, before!.id));
    expect(after).toMatchObject({ firstName: "Liam", lastName: "Foster-Quinn", fullName: "Liam Foster-Quinn", timeZone: "America/Denver" });
    expect(after!.utcOffsetMinutes).toBe(zoneOffsetMinutes("America/Denver"));
    const summary = await liam.post<{ summary: { utcOffsetMinutes: number; timeZone: string } }>("/api/v1/users/session-info", { summary: true });
    expect(summary.body.data!.summary).toMatchObject({ timeZone: "America/Denver", utcOffsetMinutes: zoneOffsetMinutes("America/Denver") });

    // The task (the intake answered yes to a "review" contraindication) has an assignee: an active medical support member.
    const [task] = await db.select().from(schema.tasks).where(and(eq(schema.tasks.patientId, before!.id), eq(schema.tasks.auto, true)));
    expect(task!.providerId).not.toBeNull();
    const [assignee] = await db.select().from(schema.users).where(eq(schema.users.id, task!.providerId!));
    expect(assignee).toMatchObject({ role: "medicalSupport", userStatus: "active" });
    // …the one with the fewest open tasks (ties: the lowest id).
    const members = await db.select({ id: schema.users.id }).from(schema.users).where(and(eq(schema.users.role, "medicalSupport"), eq(schema.users.userStatus, "active"))).orderBy(asc(schema.users.id));
    const open = await Promise.all(
      members.map(async (m) => ({ id: m.id, n: (await db.select({ id: schema.tasks.id }).from(schema.tasks).where(and(eq(schema.tasks.providerId, m.id), ne(schema.tasks.status, 3)))).length - (m.id === task!.providerId ? 1 : 0) })),
    );
    const fewest = Math.min(...open.map((o) => o.n));
    expect(open.find((o) => o.n === fewest)!.id).toBe(task!.providerId);
  });

  it("a patient already in care who submits another intake is ready to review again, so the treatment is in the queue", async () => {
    const { db } = api.database;
    const [u] = await db.select().from(schema.users).where(eq(schema.users.email, "patient2@demo.test"));
    await db.update(schema.patients).set({ statusKey: "active", status: 1 }).where(eq(schema.patients.userId, u!.id));
    const id = (await start(liam, 1)).body.data!.journey.id;
    await answerUpToPlan(liam, id);
    const submitted = await choosePlanAndSubmit(liam, id);
    expect(submitted.status).toBe(200);
    const [p] = await db.select().from(schema.patients).where(eq(schema.patients.userId, u!.id));
    expect(p!.statusKey).toBe("ready_to_review_new_patient");
    const [t] = await db.select().from(schema.treatments).where(eq(schema.treatments.id, submitted.body.data!.journey.treatmentId!));
    expect(t!.reviewStatus).toBe("pending");
  });

  it("cancels an intake in progress once; a cancelled intake cannot be saved or submitted; another patient's is 404", async () => {
    const id = (await start(liam, 4)).body.data!.journey.id;
    const cancelled = await liam.post<{ journey: Journey }>(`/api/v1/journeys/${id}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.code).toBe("intake.cancelled");
    expect(cancelled.body.data!.journey.status).toBe("cancelled");
    expect((await liam.post(`/api/v1/journeys/${id}/cancel`, {})).body.code).toBe("intake.closed");
    expect((await save(liam, id, "about", { firstName: "Liam" })).status).toBe(409);
    expect((await liam.post(`/api/v1/journeys/${id}/submit`, {})).status).toBe(409);
    const emma = new Client(api.url);
    await emma.login("patient@demo.test");
    expect((await emma.post(`/api/v1/journeys/${id}/cancel`, {})).status).toBe(404);
    // The same kind can start again: a new intake.
    const again = (await start(liam, 4)).body.data!.journey.id;
    expect(again).not.toBe(id);
  });

  it("shows the latest intake's identification pictures on the overview, served to their patient", async () => {
    const overview = await liam.get<{ identification: { journeyId: number; idPhoto: number | null; selfie: number | null } | null }>("/api/v1/patient/overview/actions");
    const pictures = overview.body.data!.identification!;
    expect(pictures.idPhoto).toBeGreaterThan(0);
    expect(pictures.selfie).toBeGreaterThan(0);
    const file = await fetch(`${api.url}/api/v1/journeys/${pictures.journeyId}/intake/uploads/${pictures.idPhoto}/file`, { headers: { Cookie: [...liam.cookies].map(([k, v]) => `${k}=${v}`).join("; "), Accept: "image/png" } });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
  });
});

describe("the qualify service over HTTP, failing for real", () => {
  const servers: Server[] = [];
  afterAll(async () => {
    for (const s of servers) await new Promise((r) => s.close(r));
  });
  const listen = (handler: RequestListener) =>
    new Promise<Server>((resolve) => {
      const s = createServer(handler).listen(0, "127.0.0.1", () => resolve(s));
      servers.push(s);
    });

  async function submitWith(url: string) {
    const api = await startTestApi({ env: { QUALIFY_PROVIDER: "http", QUALIFY_URL: url } });
    try {
      const liam = new Client(api.url);
      await liam.login("patient2@demo.test");
      const id = (await start(liam, 1)).body.data!.journey.id;
      await answerUpToPlan(liam, id);
      const r = await choosePlanAndSubmit(liam, id);
      const journey = (await intake(liam, id)).body.data!.journey;
      return { status: r.status, code: r.body.code, message: r.body.message, journeyStatus: journey.status };
    } finally {
      await api.close();
    }
  }

  it("nobody listening: 502 'Error while connecting to Qualify service', nothing changes", async () => {
    const closed = await listen(() => {});
    const { port } = closed.address() as AddressInfo;
    await new Promise((r) => closed.close(r));
    servers.pop();
    const r = await submitWith(`http://127.0.0.1:${port}/qualify`);
    expect(r).toMatchObject({ status: 502, code: "qualify.connectionError", message: "Error while connecting to Qualify service", journeyStatus: "in_progress" });
  });

  it("a service answering 500: 503 'Qualify service is unavailable now', nothing changes", async () => {
    const failing = await listen((_req, res) => {
      res.writeHead(500, { "content-type": "application/json" }).end('{"error":"boom"}');
    });
    const { port } = failing.address() as AddressInfo;
    const r = await submitWith(`http://127.0.0.1:${port}/qualify`);
    expect(r).toMatchObject({ status: 503, code: "qualify.unavailable", message: "Qualify service is unavailable now", journeyStatus: "in_progress" });
  });
});
