/** GET /api/v1/chats/{id}: staff read any chat (audited), a patient their own; unknown, malformed or another's 404. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as schema from "../../api/db/schema.ts";
import { chatAnswerSchema, type Chat } from "../../api/contract/chats.ts";
import { LOGINS, signedIn, startTestApi, type TestApi } from "./harness.ts";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

async function chatOf(email: string) {
  const [user] = await api.database.db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, email));
  const [chat] = await api.database.db.select().from(schema.chats).where(eq(schema.chats.patientId, user!.id)).limit(1);
  return chat!;
}

describe("GET /api/v1/chats/:id", () => {
  it("staff read a patient's chat, with an audit row; the patient reads their own, not another's", async () => {
    const own = await chatOf(LOGINS.patients);
    const other = await chatOf("patient2@demo.test");
    const nurse = await signedIn(api.url, "medicalSupport");
    const r = await nurse.get<{ chat: Chat }>(`/api/v1/chats/${own.id}`);
    expect(r.status).toBe(200);
    expect(chatAnswerSchema.parse(r.body.data).chat).toMatchObject({ id: own.id, patientId: own.patientId, category: own.category });
    const audits = await api.database.db.select().from(schema.auditEvents).where(eq(schema.auditEvents.action, "chat.read"));
    expect(audits.some((a) => a.entityId === String(own.id))).toBe(true);

    const patient = await signedIn(api.url, "patients");
    expect((await patient.get(`/api/v1/chats/${own.id}`)).status).toBe(200);
    expect((await patient.get(`/api/v1/chats/${other.id}`)).status).toBe(404);
  });

  it("an unknown or malformed id is a 404", async () => {
    const nurse = await signedIn(api.url, "medicalSupport");
    for (const id of ["2147483647", "abc", "0", "1.5"]) expect((await nurse.get(`/api/v1/chats/${id}`)).status, id).toBe(404);
  });
});
