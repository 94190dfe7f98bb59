/**
 * Chats (spec §4, §7): one conversation of a patient per category. `GET /api/v1/chats/{id}` answers one chat —
 * to staff (any chat, audited: it is a patient's record) and to its own patient (another patient's id is a 404).
 * Its messages are another call (`GET /api/v1/chats/messages`, with the message screens).
 */
import { z } from "zod";
import { CHAT_CATEGORIES } from "./enums.ts";

export const chatSchema = z.object({
  id: z.number().int(),
  patientId: z.number().int(),
  treatmentId: z.number().int().nullable(),
  category: z.enum(CHAT_CATEGORIES),
  assignedProviderId: z.number().int().nullable(),
  botEnabled: z.boolean(),
  lastMessageAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Chat = z.infer<typeof chatSchema>;

/** `GET /api/v1/chats/{id}`: `data.chat`. */
export const chatAnswerSchema = z.object({ chat: chatSchema });
