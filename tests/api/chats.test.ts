/**
 * Messaging (issue 17; api/routes/chats.ts): object-level refusals, sanitising, attachments by content and size,
 * editing and deleting one's own messages only, the maintained unread figures after sending, reading and marking all
 * read (and profile's count agreeing), the staff lists and the header filter. Each call × role: tests/api/permissions.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import * as schema from "../../api/db/schema.ts";
import { chatAnswerSchema, chatMessagesAnswerSchema, chatsAnswerSchema, type Chat, type ChatEntry, type ChatMessage } from "../../api/contract/chats.ts";
import { Client, LOGINS, signedIn, startTestApi, type TestApi } from "./harness.ts";
import { fetchBytes, makeImage, uploadFile } from "./patient-account-helpers.ts";

let api: TestApi;
let patient: Client;
let nurse: Client;
let provider: Client;
let manager: Client;
let patientId = 0;
let medical: Chat;

async function idOf(email: string): Promise<number> {
  const [u] = await api.database.db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, email));
  return u!.id;
}

beforeAll(async () => {
  api = await startTestApi();
  patient = await signedIn(api.url, "patients");
  nurse = await signedIn(api.url, "medicalSupport");
  provider = await signedIn(api.url, "providerUsers");
  manager = await signedIn(api.url, "providers");
  patientId = await idOf(LOGINS.patients);
  const r = await patient.get<{ chats: Chat[] }>("/api/v1/chats");
  medical = chatsAnswerSchema.parse(r.body.data).chats.find((c) => c.category === "medical")!;
});
afterAll(() => api?.close());

const send = (c: Client, chatId: number, message: string) => c.post<{ message: ChatMessage }>("/api/v1/chats/create-message", { chatId, message });
const unread = async (c: Client) => (await c.get<number>("/api/v1/chats/patient-unread-messages-count")).body.data!;

describe("GET /api/v1/chats", () => {
  it("lists one chat per category for the patient (made on first listing) and for staff by patientId", async () => {
    const own = chatsAnswerSchema.parse((await patient.get("/api/v1/chats")).body.data).chats;
    expect(own.map((c) => c.category)).toEqual(["medical", "support", "pharmacy"]);
    const asNurse = await nurse.get(`/api/v1/chats?patientId=${patientId}`);
    expect(chatsAnswerSchema.parse(asNurse.body.data).chats.map((c) => c.id)).toEqual(own.map((c) => c.id));
    expect((await nurse.get("/api/v1/chats")).status).toBe(400);
  });

  it("refuses other patients' chats with 404 (a patient; a provider who may not see them; an unknown id)", async () => {
    const other = await idOf("patient2@demo.test");
    expect((await patient.get(`/api/v1/chats?patientId=${other}`)).status).toBe(404);
    const otherChats = chatsAnswerSchema.parse((await nurse.get(`/api/v1/chats?patientId=${other}`)).body.data).chats;
    expect((await patient.get(`/api/v1/chats/messages?chatId=${otherChats[0]!.id}`)).status).toBe(404);
    expect((await send(patient, otherChats[0]!.id, "Hi")).status).toBe(404);
    // A patient the provider (providerUsers) does not see.
    const providerId = await idOf(LOGINS.providerUsers);
    const [hidden] = await api.database.db.execute(sql`
      select u.id from users u where u.role = 'patients'
        and not exists (select 1 from staff_patient_visibility v where v.patient_id = u.id and v.staff_id = ${providerId}) limit 1`).then((r) => (r as unknown as { rows: { id: number }[] }).rows);
    if (hidden) {
      expect((await provider.get(`/api/v1/chats?patientId=${hidden.id}`)).status).toBe(404);
      const [c] = await api.database.db.select({ id: schema.chats.id }).from(schema.chats).where(eq(schema.chats.patientId, hidden.id)).limit(1);
      if (c) expect((await provider.get(`/api/v1/chats/messages?chatId=${c.id}`)).status).toBe(404);
    }
    expect((await nurse.get("/api/v1/chats?patientId=2147483647")).status).toBe(404);
  });
});

describe("messages", () => {
  it("sanitises message HTML to p, b, i, u, strong, em, br, a on the server", async () => {
    const r = await send(patient, medical.id, '<p onclick="x()">Hi <b>there</b><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a><a href="https://example.test">ok</a><div>kept</div></p>');
    expect(r.status).toBe(200);
    const html = r.body.data!.message.message;
    expect(html).not.toMatch(/script|onerror|onclick|javascript:|<img|<div/i);
    expect(html).toContain("<b>there</b>");
    expect(html).toContain('<a href="https://example.test">ok</a>');
    expect(html).toContain("kept");
  });

  it("an empty message answers the §5 texts", async () => {
    const empty = await send(patient, medical.id, "   ");
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain("Message cannot be empty");
    const missing = await patient.post("/api/v1/chats/create-message", { chatId: medical.id });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain("Message is required");
  });

  it("pages 20 at a time from the newest with a keyset (nextBefore)", async () => {
    // Straight into the table (one statement: the trigger keeps the figures), then read through the API.
    await api.database.db.insert(schema.chatMessages).values(Array.from({ length: 21 }, (_, i) => ({ chatId: medical.id, senderId: patientId, message: `<p>Paging ${i}</p>` })));
    const first = chatMessagesAnswerSchema.parse((await patient.get(`/api/v1/chats/messages?chatId=${medical.id}`)).body.data);
    expect(first.messages).toHaveLength(20);
    expect(first.messages[0]!.message).toContain("Paging 20");
    expect(first.nextBefore).not.toBeNull();
    const second = chatMessagesAnswerSchema.parse((await patient.get(`/api/v1/chats/messages?chatId=${medical.id}&before=${first.nextBefore}`)).body.data);
    expect(second.messages[0]!.id).toBeLessThan(first.messages[19]!.id);
  });

  it("edits and deletes only one's own message; a deleted one is a 409", async () => {
    const mine = (await send(patient, medical.id, "Typo")).body.data!.message;
    expect((await nurse.post("/api/v1/chats/edit-message", { messageId: mine.id, message: "Hacked" })).status).toBe(403);
    expect((await nurse.request("DELETE", `/api/v1/chats/messages/${mine.id}`)).status).toBe(403);
    const edited = await patient.post<{ message: ChatMessage }>("/api/v1/chats/edit-message", { messageId: mine.id, message: "Fixed" });
    expect(edited.status).toBe(200);
    expect(edited.body.data!.message).toMatchObject({ message: "<p>Fixed</p>", own: true });
    expect(edited.body.data!.message.editedAt).not.toBeNull();
    expect((await patient.request("DELETE", `/api/v1/chats/messages/${mine.id}`)).status).toBe(200);
    expect((await patient.request("DELETE", `/api/v1/chats/messages/${mine.id}`)).status).toBe(409);
    expect((await patient.post("/api/v1/chats/edit-message", { messageId: mine.id, message: "Again" })).status).toBe(409);
    const list = chatMessagesAnswerSchema.parse((await patient.get(`/api/v1/chats/messages?chatId=${medical.id}`)).body.data);
    expect(list.messages.some((m) => m.id === mine.id)).toBe(false);
  });
});

describe("attachments", () => {
  it("re-encodes an image as a PNG without metadata, served only to the chat's participants", async () => {
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c33" } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: "secret-camera" } } })
      .toBuffer();
    const r = await uploadFile<{ message: ChatMessage }>(patient, "/api/v1/chats/create-message", { bytes: jpeg, name: "photo.jpg" }, { field: "attachments", extra: { chatId: String(medical.id), message: "" } });
    expect(r.status).toBe(200);
    const file = r.body.data!.message.attachments[0]!;
    expect(file.mimeType).toBe("image/png");
    const got = await fetchBytes(patient, file.url);
    expect(got.status).toBe(200);
    expect(got.bytes.subarray(1, 4).toString()).toBe("PNG");
    expect(got.bytes.includes(Buffer.from("secret-camera"))).toBe(false);
    expect((await fetchBytes(nurse, file.url)).status).toBe(200);
    const other = new Client(api.url);
    await other.login("patient2@demo.test");
    expect((await fetchBytes(other, file.url)).status).toBe(404);
  });

  it("takes a PDF; refuses another type (415), a PDF with JavaScript, and a file over the limit (413)", async () => {
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
    const ok = await uploadFile<{ message: ChatMessage }>(patient, "/api/v1/chats/create-message", { bytes: pdf, name: "lab.pdf" }, { field: "attachments", extra: { chatId: String(medical.id), message: "Lab results" } });
    expect(ok.status).toBe(200);
    expect(ok.body.data!.message.attachments[0]!.mimeType).toBe("application/pdf");
    const html = await uploadFile(patient, "/api/v1/chats/create-message", { bytes: Buffer.from("<html><script>x</script></html>"), name: "x.png" }, { field: "attachments", extra: { chatId: String(medical.id), message: "x" } });
    expect(html.status).toBe(415);
    const js = Buffer.from("%PDF-1.4\n1 0 obj << /OpenAction << /JS (app.alert(1)) >> >> endobj\n%%EOF\n");
    expect((await uploadFile(patient, "/api/v1/chats/create-message", { bytes: js, name: "x.pdf" }, { field: "attachments", extra: { chatId: String(medical.id), message: "x" } })).status).toBe(415);
    const big = Buffer.concat([await makeImage("png", 8, 8), Buffer.alloc(10 * 1024 * 1024 + 10)]);
    const tooLarge = await uploadFile(patient, "/api/v1/chats/create-message", { bytes: big, name: "big.png" }, { field: "attachments", extra: { chatId: String(medical.id), message: "x" } });
    expect(tooLarge.status).toBe(413);
    expect(JSON.stringify(tooLarge.body)).toContain("Uploaded image is too large");
  });
});

describe("unread figures", () => {
  it("count staff messages for the patient and patient messages for the assigned staff member, down after reading and mark-all", async () => {
    const all = chatsAnswerSchema.parse((await patient.get("/api/v1/chats")).body.data).chats;
    const support = all.find((c) => c.category === "support")!;
    for (const c of all) await patient.post("/api/v1/chats/mark-all-messages-read", { chatId: c.id });
    const nurseId = await idOf(LOGINS.medicalSupport);
    expect((await nurse.put(`/api/v1/chats/${support.id}/assign-provider`, { providerId: nurseId })).status).toBe(200);
    await nurse.post("/api/v1/chats/mark-all-messages-read", { chatId: support.id });
    const base = await unread(patient);
    expect(base).toBe(0);
    const staffBase = await unread(nurse);

    const a = (await send(nurse, support.id, "Hello from support")).body.data!.message;
    await send(nurse, support.id, "Second note");
    expect(await unread(patient)).toBe(2);
    const profile = await patient.get<{ unreadChatMessagesCount: number }>("/api/v1/profile");
    expect(profile.body.data!.unreadChatMessagesCount).toBe(2);

    const read = await patient.post<{ chat: Chat }>("/api/v1/chats/mark-messages-read", { messageId: a.id });
    expect(chatAnswerSchema.parse(read.body.data).chat.unreadCount).toBe(1);
    expect(await unread(patient)).toBe(1);
    await patient.post("/api/v1/chats/mark-all-messages-read", { chatId: support.id });
    expect(await unread(patient)).toBe(0);

    // The patient writes: the assigned nurse's figure goes up, the staff lists show the chat as unread.
    const p1 = (await send(patient, support.id, "Question one")).body.data!.message;
    await send(patient, support.id, "Question two");
    expect(await unread(nurse)).toBe(staffBase + 2);
    const assigned = await nurse.get<ChatEntry[]>("/api/v1/provider-unread-and-assigned-chats");
    expect(assigned.body.data!.find((e) => e.chatId === support.id)).toMatchObject({ unreadCount: 2, message: "Question two", treatment: { patientId } });
    const header = await nurse.get<ChatEntry[]>(`/api/v2/staff/chats?type=unread&filter.providerIds[]=${nurseId}&filter.assigned=true`);
    expect(header.body.data!.some((e) => e.chatId === support.id)).toBe(true);
    expect((await manager.get<ChatEntry[]>("/api/v1/provider-unread-chats")).body.data!.some((e) => e.chatId === support.id)).toBe(true);

    // Deleting an unread message takes it off the count; the sender's own message is never unread for them.
    await patient.request("DELETE", `/api/v1/chats/messages/${p1.id}`);
    expect(await unread(nurse)).toBe(staffBase + 1);
    await nurse.post("/api/v1/chats/mark-all-messages-read", { chatId: support.id });
    expect(await unread(nurse)).toBe(staffBase);
    const readList = await nurse.get<ChatEntry[]>("/api/v1/provider-read-chats?perPage=50");
    expect(readList.body.data!.some((e) => e.chatId === support.id)).toBe(true);
    const [row] = await api.database.db.select().from(schema.chats).where(and(eq(schema.chats.id, support.id)));
    expect(row!.staffUnreadCount).toBe(0);
  });

  it("last-chat-message-from-provider answers the newest staff message; check-validity the chat of a category", async () => {
    const support = chatsAnswerSchema.parse((await patient.get("/api/v1/chats")).body.data).chats.find((c) => c.category === "support")!;
    await send(nurse, support.id, "Newest from staff");
    const last = await patient.get<{ message: ChatMessage | null }>("/api/v1/chats/last-chat-message-from-provider");
    expect(last.body.data!.message?.message).toContain("Newest from staff");
    const valid = await nurse.get<{ valid: boolean; chatId: number }>(`/api/v2/chats/check-validity?patientId=${patientId}&category=support`);
    expect(valid.body.data).toEqual({ valid: true, chatId: support.id });
    expect((await nurse.get(`/api/v2/chats/check-validity?patientId=${patientId}&category=nope`)).status).toBe(400);
  });
});

describe("assignment and the bot flag", () => {
  it("assigns to an active staff member only and toggles the bot, audited", async () => {
    expect((await nurse.put(`/api/v1/chats/${medical.id}/assign-provider`, { providerId: patientId })).status).toBe(400);
    const suspended = await idOf("michael.brooks@staff.demo.test");
    expect((await nurse.put(`/api/v1/chats/${medical.id}/assign-provider`, { providerId: suspended })).status).toBe(400);
    const bot = await nurse.put<{ chat: Chat }>(`/api/v1/chats/${medical.id}/toggle-bot`, { enabled: true });
    expect(bot.body.data!.chat.botEnabled).toBe(true);
    const audits = await api.database.db.select().from(schema.auditEvents).where(eq(schema.auditEvents.action, "chat.toggleBot"));
    expect(audits.length).toBeGreaterThan(0);
    expect((await patient.put(`/api/v1/chats/${medical.id}/toggle-bot`, { enabled: false })).status).toBe(403);
  });
});

describe("suggested replies", () => {
  it("drafts a reply from the templates and the chart's facts; sending it records that a suggestion was used", async () => {
    const r = await nurse.get<{ suggestion: { text: string; source: string } }>(`/api/v3/integration/ai/chat/${medical.id}/generate-message`);
    expect(r.status).toBe(200);
    expect(r.body.data!.suggestion.source).toBe("templates");
    expect(r.body.data!.suggestion.text).toMatch(/Emma|Hi/);
    expect((await patient.get(`/api/v3/integration/ai/chat/${medical.id}/generate-message`)).status).toBe(403);
    const sent = await nurse.post<{ message: ChatMessage }>("/api/v1/chats/create-message", { chatId: medical.id, message: `${r.body.data!.suggestion.text} (edited)`, suggested: "true" });
    expect(sent.status).toBe(200);
    const used = await api.database.db.select().from(schema.auditEvents).where(and(eq(schema.auditEvents.action, "chat.suggestion.used"), eq(schema.auditEvents.entityId, String(sent.body.data!.message.id))));
    expect(used).toHaveLength(1);
  });
});
