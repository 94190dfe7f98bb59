/**
 * The chat bot's automatic acknowledgement (issue 17). When a chat's bot is on (PUT …/toggle-bot), each patient message
 * enqueues a delayed job (`chats.botAcknowledge`, startAfter CHAT_BOT_DELAY_SECONDS, default 10 minutes; one job per
 * message: singletonKey) in the same transaction as the message. When it runs, it writes the acknowledgement — the
 * "chatBot" message template of the chat's category in the patient's language, {{patientFirstName}} filled — as a
 * message with `automatic = true` and no sender, unless by then:
 *   - the bot was turned off, or the message deleted;
 *   - a staff member has written in the chat after the message (they replied: nothing to acknowledge);
 *   - an automatic message already follows it (a burst of patient messages gets one acknowledgement; a job run twice
 *     writes once — the check and the insert run under a lock of the chat's row).
 * The acknowledgement counts as unread for the patient and not as a staff reply (the staff lists keep the chat unread);
 * staff see it marked automatic. Its insert NOTIFYs chat_events like any message, so open pages update live.
 */
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { chatMessages, chats, messageTemplates, users } from "../db/schema.ts";
import { defineJob } from "../jobs/define.ts";
import { fillTemplate, templateLocale, textToMessageHtml } from "./message-templates.ts";

export const CHAT_BOT_JOB = "chats.botAcknowledge";
export type ChatBotJob = { chatId: number; messageId: number };

const FALLBACK: Record<"en-US" | "es-US", string> = {
  "en-US": "Thanks for your message. We have received it and a member of our team will reply as soon as possible.",
  "es-US": "Gracias por su mensaje. Lo hemos recibido y un miembro de nuestro equipo le responderá lo antes posible.",
};

/** Writes the acknowledgement of `messageId` when it is still due; answers the new message's id, or null (nothing to do). */
export async function acknowledge(db: Db, { chatId, messageId }: ChatBotJob): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [chat] = await tx.select().from(chats).where(eq(chats.id, chatId)).for("update").limit(1);
    if (!chat || !chat.botEnabled) return null;
    const [message] = await tx.select({ senderId: chatMessages.senderId, deletedAt: chatMessages.deletedAt }).from(chatMessages).where(and(eq(chatMessages.id, messageId), eq(chatMessages.chatId, chatId)));
    if (!message || message.deletedAt || message.senderId !== chat.patientId) return null;
    // A staff reply or an automatic message after it: nothing to acknowledge.
    const [after] = await tx
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(and(eq(chatMessages.chatId, chatId), gt(chatMessages.id, messageId), isNull(chatMessages.deletedAt), sql`(${chatMessages.automatic} or ${chatMessages.senderId} is distinct from ${chat.patientId})`))
      .limit(1);
    if (after) return null;
    const [patient] = await tx.select({ firstName: users.firstName, fullName: users.fullName, locale: users.locale }).from(users).where(eq(users.id, chat.patientId));
    const locale = templateLocale(patient?.locale);
    const [template] = await tx
      .select({ text: messageTemplates.text })
      .from(messageTemplates)
      .where(and(eq(messageTemplates.group, "chatBot"), eq(messageTemplates.locale, locale), eq(messageTemplates.category, chat.category), eq(messageTemplates.active, true)))
      .orderBy(messageTemplates.id)
      .limit(1);
    const firstName = patient?.firstName || patient?.fullName.split(" ")[0] || "";
    const html = textToMessageHtml(template ? fillTemplate(template.text, { patientFirstName: firstName }) : FALLBACK[locale]);
    const [m] = await tx.insert(chatMessages).values({ chatId, senderId: null, automatic: true, message: html }).returning({ id: chatMessages.id });
    return m!.id;
  });
}

export const chatBotJob = defineJob<ChatBotJob>({
  name: CHAT_BOT_JOB,
  queue: { retryLimit: 5, retryDelay: 30, retryBackoff: true },
  work: { pollingIntervalSeconds: 2, batchSize: 10 },
  async run(jobs, { db }) {
    for (const job of jobs) await acknowledge(db, job.data);
  },
});
