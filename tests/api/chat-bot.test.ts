/**
 * The chat bot's automatic acknowledgement (issue 17; api/domain/chat-bot.ts) with the job worker started: a patient's
 * message in a chat with the bot on, with no staff reply within CHAT_BOT_DELAY_SECONDS, gets the "chatBot" template as
 * an automatic message (staff see it marked automatic; the patient's unread count has it); a staff reply, the bot off,
 * an earlier acknowledgement or a deleted message make the job a no-op; a job run twice writes once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, gt } from "drizzle-orm";
import * as schema from "../../api/db/schema.ts";
import { acknowledge } from "../../api/domain/chat-bot.ts";
import type { Chat, ChatMessage } from "../../api/contract/chats.ts";
import { Client, signedIn, startTestApi, type TestApi } from "./harness.ts";

let api: TestApi;
let patient: Client;
let nurse: Client;
let chats: Chat[];

const chatOf = (category: string) => chats.find((c) => c.category === category)!;
const send = async (c: Client, chatId: number, message: string) => (await c.post<{ message: ChatMessage }>("/api/v1/chats/create-message", { chatId, message })).body.data!.message.id;
const bot = (chatId: number, enabled: boolean) => nurse.request("PUT", `/api/v1/chats/${chatId}/toggle-bot`, { enabled });
const automaticAfter = (chatId: number, id: number) =>
  api.database.db
    .select({ id: schema.chatMessages.id, message: schema.chatMessages.message, senderId: schema.chatMessages.senderId })
    .from(schema.chatMessages)
    .where(and(eq(schema.chatMessages.chatId, chatId), gt(schema.chatMessages.id, id), eq(schema.chatMessages.automatic, true)));

beforeAll(async () => {
  api = await startTestApi({ jobsWorker: true, env: { CHAT_BOT_DELAY_SECONDS: "1" } });
  patient = await signedIn(api.url, "patients");
  nurse = await signedIn(api.url, "medicalSupport");
  chats = (await patient.get<{ chats: Chat[] }>("/api/v1/chats")).body.data!.chats;
});
afterAll(() => api?.close());

describe("automatic acknowledgement", () => {
  it("acknowledges a patient's unanswered message once, from the template, marked automatic for staff", async () => {
    const chat = chatOf("support");
    expect((await bot(chat.id, true)).status).toBe(200);
    const unreadBefore = (await patient.get<number>("/api/v1/chats/patient-unread-messages-count")).body.data!;
    const first = await send(patient, chat.id, "Where is my order?");
    await send(patient, chat.id, "It was due yesterday.");
    await expect.poll(async () => (await automaticAfter(chat.id, first)).length, { timeout: 10_000, interval: 250 }).toBe(1);
    const [ack] = await automaticAfter(chat.id, first);
    expect(ack!.senderId).toBeNull();
    expect(ack!.message).toContain("thanks for your message");
    expect(ack!.message).toContain("Emma");
    // Staff see which message was automatic; the patient has it unread.
    const page = (await nurse.get<{ messages: ChatMessage[] }>(`/api/v1/chats/messages?chatId=${chat.id}`)).body.data!.messages;
    expect(page.find((m) => m.id === ack!.id)?.automatic).toBe(true);
    expect((await patient.get<number>("/api/v1/chats/patient-unread-messages-count")).body.data).toBe(unreadBefore + 1);
    // The second message's job found the acknowledgement after it: still one.
    await new Promise((r) => setTimeout(r, 2500));
    expect(await automaticAfter(chat.id, first)).toHaveLength(1);
    await bot(chat.id, false);
  });

  it("does nothing when staff replied in time, the bot is off, or the message was deleted; twice writes once", async () => {
    const chat = chatOf("pharmacy");
    await bot(chat.id, true);
    // Staff replied before the job ran.
    const answered = await send(patient, chat.id, "Can I get a refill?");
    await send(nurse, chat.id, "Yes, it is on its way.");
    expect(await acknowledge(api.database.db, { chatId: chat.id, messageId: answered })).toBeNull();
    // Deleted.
    const deleted = await send(patient, chat.id, "Never mind.");
    await patient.request("DELETE", `/api/v1/chats/messages/${deleted}`);
    expect(await acknowledge(api.database.db, { chatId: chat.id, messageId: deleted })).toBeNull();
    // A job run twice (a retry after a crash): one acknowledgement.
    const twice = await send(patient, chat.id, "One more question.");
    const [a, b] = await Promise.all([acknowledge(api.database.db, { chatId: chat.id, messageId: twice }), acknowledge(api.database.db, { chatId: chat.id, messageId: twice })]);
    expect([a, b].filter((x) => x !== null)).toHaveLength(1);
    // The bot off: nothing.
    await bot(chat.id, false);
    const off = await send(patient, chat.id, "Hello?");
    expect(await acknowledge(api.database.db, { chatId: chat.id, messageId: off })).toBeNull();
    await new Promise((r) => setTimeout(r, 2500));
    expect(await automaticAfter(chat.id, twice)).toHaveLength(1);
  });
});
