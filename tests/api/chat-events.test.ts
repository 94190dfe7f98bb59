/**
 * Live chat events (issue 17; api/domain/chat-events.ts, GET /api/v1/chats/events): who receives which event (a patient
 * their own chats, staff the patients they may see), ids only, a second API instance's subscriber receiving a message
 * sent through the first (two createApi instances on one database: on PostgreSQL two processes' worth of pools and
 * LISTEN connections, on PGlite in-process), heartbeats, the per-user cap, release on disconnect, and the session
 * re-checked (a signed-out session's stream ends).
 */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import * as schema from "../../api/db/schema.ts";
import { chatEventsOf, createApi } from "../../api/app.ts";
import { openDatabase, type Database } from "../../api/db/client.ts";
import { createLogger } from "../../api/logger.ts";
import type { Chat, ChatMessage } from "../../api/contract/chats.ts";
import { Client, LOGINS, signedIn, startTestApi, type TestApi } from "./harness.ts";
import { openEvents, type StreamEvent } from "./chat-events-helpers.ts";

let api: TestApi;
let patient: Client;
let nurse: Client;
let provider: Client;
let patientId = 0;
let medical: Chat;

const TIMINGS = { heartbeatMs: 150, sessionCheckMs: 150, maxStreamsPerUser: 2 };

async function idOf(email: string): Promise<number> {
  const [u] = await api.database.db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, email));
  return u!.id;
}
const send = (c: Client, chatId: number, message: string) => c.post<{ message: ChatMessage }>("/api/v1/chats/create-message", { chatId, message });
const isMessage = (id: number) => (e: StreamEvent) => e.event === "chat" && e.data.messageId === id;

beforeAll(async () => {
  api = await startTestApi({ chatEvents: TIMINGS });
  patient = await signedIn(api.url, "patients");
  nurse = await signedIn(api.url, "medicalSupport");
  provider = await signedIn(api.url, "providerUsers");
  patientId = await idOf(LOGINS.patients);
  const chats = (await patient.get<{ chats: Chat[] }>("/api/v1/chats")).body.data!.chats;
  medical = chats.find((c) => c.category === "medical")!;
});
afterAll(() => api?.close());

describe("GET /api/v1/chats/events", () => {
  it("streams an event with ids only to the chat's patient and to staff who may see the patient", async () => {
    const ownStream = await openEvents(patient);
    const nurseStream = await openEvents(nurse);
    try {
      expect(ownStream.status).toBe(200);
      expect(ownStream.headers.get("content-type")).toMatch(/^text\/event-stream/);
      expect(ownStream.headers.get("cache-control")).toContain("no-transform");
      await ownStream.next((e) => e.event === "ready");
      const sent = await send(nurse, medical.id, "A reply only the patient reads.");
      expect(sent.status).toBe(200);
      const id = sent.body.data!.message.id;
      const got = await ownStream.next(isMessage(id));
      expect(got.data).toEqual({ kind: "message", chatId: medical.id, patientId, messageId: id, assignedProviderId: medical.assignedProviderId });
      expect(JSON.stringify(got.data)).not.toContain("reply only");
      await nurseStream.next(isMessage(id));
      // An edit and a delete are events too.
      await send(patient, medical.id, "Mine.").then(async (r) => {
        const mine = r.body.data!.message.id;
        await patient.post("/api/v1/chats/edit-message", { messageId: mine, message: "Mine, edited." });
        await ownStream.next((e) => e.data.kind === "edited" && e.data.messageId === mine);
        await patient.request("DELETE", `/api/v1/chats/messages/${mine}`);
        await ownStream.next((e) => e.data.kind === "deleted" && e.data.messageId === mine);
      });
    } finally {
      ownStream.close();
      nurseStream.close();
    }
  });

  it("sends no event of another patient's chat to a patient, nor of a patient a scoped provider may not see", async () => {
    const providerId = await idOf(LOGINS.providerUsers);
    const rows = (await api.database.db.execute(sql`
      select u.id from users u where u.role = 'patients' and u.id <> ${patientId}
        and not exists (select 1 from staff_patient_visibility v where v.patient_id = u.id and v.staff_id = ${providerId}) order by u.id limit 1`)) as unknown as { rows: { id: number }[] };
    const hidden = rows.rows[0]!;
    const hiddenChat = (await nurse.get<{ chats: Chat[] }>(`/api/v1/chats?patientId=${hidden.id}`)).body.data!.chats[0]!;
    const ownStream = await openEvents(patient);
    const providerStream = await openEvents(provider);
    const nurseStream = await openEvents(nurse);
    try {
      const other = await send(nurse, hiddenChat.id, "For someone else.");
      const otherId = other.body.data!.message.id;
      await nurseStream.next(isMessage(otherId));
      // A later event of the patient's own chat arrives; the other one never did (events go out in order).
      const own = await send(nurse, medical.id, "For the demo patient.");
      await ownStream.next(isMessage(own.body.data!.message.id));
      expect(ownStream.events.some(isMessage(otherId))).toBe(false);
      await nurseStream.next(isMessage(own.body.data!.message.id));
      expect(providerStream.events.some(isMessage(otherId))).toBe(false);
    } finally {
      ownStream.close();
      providerStream.close();
      nurseStream.close();
    }
  });

  it("refuses a guest (401) and, over the per-user cap, answers 429; a closed stream frees its place", async () => {
    const guest = await openEvents(new Client(api.url));
    expect(guest.status).toBe(401);
    const first = await openEvents(patient);
    const second = await openEvents(patient);
    const third = await openEvents(patient);
    expect([first.status, second.status, third.status]).toEqual([200, 200, 429]);
    expect(third.body.code).toBe("chats.tooManyStreams");
    expect(third.headers.get("retry-after")).toBe("30");
    first.close();
    await expect.poll(async () => {
      const again = await openEvents(patient);
      again.close();
      return again.status;
    }, { timeout: 2000 }).toBe(200);
    second.close();
  });

  it("sends heartbeats and ends the stream when its session ends", async () => {
    const c = await signedIn(api.url, "patients");
    const s = await openEvents(c);
    expect(s.status).toBe(200);
    await expect.poll(() => s.comments, { timeout: 2000 }).toBeGreaterThan(0);
    const out = await c.post("/actions/users/logout", {});
    expect(out.status).toBe(200);
    const end = await s.next((e) => e.event === "end", 2000);
    expect(end.data).toEqual({ reason: "session" });
    await s.ended;
  });
});

describe("live notification received by a second API instance's subscriber", () => {
  let second: { url: string; close(): Promise<void> };

  beforeAll(async () => {
    // A second API instance on the same database: its own pool and LISTEN connection on PostgreSQL (as another
    // process would have); on PGlite the same in-process database.
    const database: Database = api.databaseUrl ? await openDatabase({ databaseUrl: api.databaseUrl, poolSize: 2 }) : api.database;
    const app = createApi({ config: api.config, database, logger: createLogger("silent"), chatEvents: TIMINGS });
    const server: Server = await new Promise((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    second = {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      async close() {
        await chatEventsOf(app).close();
        await new Promise<void>((r) => server.close(() => r()));
        if (database !== api.database) await database.close();
      },
    };
  });
  afterAll(() => second?.close());

  it("a message sent through one instance is seen on the other's event stream", async () => {
    const onSecond = await signedIn(second.url, "patients");
    const stream = await openEvents(onSecond);
    try {
      expect(stream.status).toBe(200);
      await stream.next((e) => e.event === "ready");
      const started = performance.now();
      const sent = await send(nurse, medical.id, "Through the first instance.");
      const got = await stream.next(isMessage(sent.body.data!.message.id), 2000);
      expect(got.data.chatId).toBe(medical.id);
      expect(performance.now() - started).toBeLessThan(2000);
    } finally {
      stream.close();
    }
  });
});
