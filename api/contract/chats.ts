/**
 * Chats (spec §3, §4, §7; issue 17): one conversation of a patient per category (./chat-rules.ts).
 *
 * | call | query / body | answer |
 * |---|---|---|
 * | GET  /api/v1/chats | patientId (staff; a patient: their own) | { chats: Chat[] } (one per category) |
 * | GET  /api/v1/chats/{id} | | { chat } |
 * | GET  /api/v1/chats/messages | chatId, before?, perPage? (20) | { messages, nextBefore } newest first |
 * | GET  /api/v1/provider-unread-chats, /provider-unread-and-assigned-chats, /provider-read-chats | cursor?, perPage? | ChatEntry[] + pages |
 * | GET  /api/v2/staff/chats | type (unread), filter.providerIds[], filter.assigned, cursor?, perPage? | ChatEntry[] + pages |
 * | PUT  /api/v1/chats/{chatId}/assign-provider | { providerId \| null } | { chat } |
 * | PUT  /api/v1/chats/{chatId}/toggle-bot | { enabled } | { chat } |
 * | POST /api/v1/chats/create-message | multipart: chatId, message, attachments[], suggested? | { message } |
 * | POST /api/v1/chats/edit-message | multipart: messageId, message, addAttachments[], addAttachmentsTitle, deleteAttachments[] | { message } |
 * | DELETE /api/v1/chats/messages/{messageId} | | { messageId } |
 * | POST /api/v1/chats/mark-messages-read | { messageId } | { chat } |
 * | POST /api/v1/chats/mark-all-messages-read | { chatId } | { chat } |
 * | GET  /api/v1/chats/patient-unread-messages-count | | number |
 * | GET  /api/v1/chats/last-chat-message-from-provider | | { message \| null } |
 * | GET  /api/v2/chats/check-validity | patientId, category | { valid, chatId } |
 * | GET  /api/v1/chats/attachments/{id} | | the file (participants only) |
 * | GET  /api/v3/integration/ai/chat/{id}/generate-message | | { suggestion } |
 *
 * - Object level: a patient reaches only their own chats; staff only patients they may see (404 otherwise).
 * - Message HTML is sanitised on the server to p, b, i, u, strong, em, br, a (spec §5).
 * - Unread figures are maintained columns of chats (migration chat_messaging), never a count over all messages.
 */
import { z } from "zod";
import { CHAT_CATEGORIES } from "./enums.ts";
import { CHAT_MESSAGE_MAX, CHAT_PAGE_SIZE, CHAT_V } from "./chat-rules.ts";
import { idParam, pagesSchema } from "./common.ts";
import { V } from "./validation.ts";

export * from "./chat-rules.ts";

const id = idParam;

export const chatSchema = z.object({
  id: z.number().int(),
  patientId: z.number().int(),
  treatmentId: z.number().int().nullable(),
  category: z.enum(CHAT_CATEGORIES),
  assignedProviderId: z.number().int().nullable(),
  assignedProviderName: z.string().nullable(),
  botEnabled: z.boolean(),
  lastMessageAt: z.string().nullable(),
  lastMessageId: z.number().int(),
  /** Unread for the caller's side: staff messages for the patient, the patient's messages for staff. */
  unreadCount: z.number().int(),
  createdAt: z.string(),
});
export type Chat = z.infer<typeof chatSchema>;

/** `GET /api/v1/chats/{id}`: `data.chat`. */
export const chatAnswerSchema = z.object({ chat: chatSchema });

export const chatsQuerySchema = z.object({ patientId: id.optional().meta({ description: "Staff: required; a patient: their own id or absent" }) });
export const chatsAnswerSchema = z.object({ chats: z.array(chatSchema) });

export const attachmentSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  url: z.string(),
});
export type ChatAttachment = z.infer<typeof attachmentSchema>;

export const chatMessageSchema = z.object({
  id: z.number().int(),
  chatId: z.number().int(),
  senderId: z.number().int().nullable(),
  senderName: z.string().nullable(),
  senderAvatarUrl: z.string().nullable(),
  /** Sent by the chat's patient (else staff or automatic). */
  fromPatient: z.boolean(),
  /** Sent by the caller (they may edit and delete it). */
  own: z.boolean(),
  automatic: z.boolean(),
  message: z.string().meta({ description: "Sanitised HTML: p, b, i, u, strong, em, br, a" }),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  /** The other side has read it (their read pointer is at or past it). */
  read: z.boolean(),
  attachments: z.array(attachmentSchema),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatMessagesQuerySchema = z.object({
  chatId: id,
  /** Keyset: messages older than this id. */
  before: id.optional(),
  perPage: z.coerce.number().int().min(1).max(100).default(CHAT_PAGE_SIZE),
});
export const chatMessagesAnswerSchema = z.object({ messages: z.array(chatMessageSchema), nextBefore: z.number().int().nullable() });

/** A chat in the staff lists (spec §3 chat entry). `id` is the last message's id. */
export const chatEntrySchema = z.object({
  chatId: z.number().int(),
  id: z.number().int(),
  category: z.enum(CHAT_CATEGORIES),
  message: z.string().meta({ description: "The last message as plain text (at most 200 characters)" }),
  lastMessageDate: z.string().nullable(),
  userFullName: z.string(),
  userAvatarUrl: z.string().nullable(),
  treatment: z.object({ patientId: z.number().int() }),
  unreadCount: z.number().int(),
  assignedProviderId: z.number().int().nullable(),
});
export type ChatEntry = z.infer<typeof chatEntrySchema>;

const perPage = () => z.coerce.number({ error: V.invalid }).int(V.invalid).min(1, V.invalid).max(50, V.invalid).default(CHAT_PAGE_SIZE);
const cursor = () => z.string().trim().max(100, V.invalid).optional().meta({ description: "pages.nextCursor of the previous page" });
export const chatListQuerySchema = z.object({ cursor: cursor(), perPage: perPage() });
export const chatListPagesSchema = pagesSchema.extend({ hasMore: z.boolean(), nextCursor: z.string().nullable() });

/** GET /api/v2/staff/chats: spec §6 header filter (type unread, filter.providerIds, filter.assigned). */
export const staffChatsQuerySchema = z.object({
  type: z.enum(["unread", "read", "all"], { error: V.invalid }).default("unread"),
  "filter.providerIds": z.preprocess((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]), z.array(id).max(20, V.invalid)).optional(),
  "filter.assigned": z.enum(["true", "false"], { error: V.invalid }).optional(),
  cursor: cursor(),
  perPage: perPage(),
});

export const assignProviderSchema = z.object({ providerId: id.nullable() }).strict();
export const toggleBotSchema = z
  .object({ enabled: z.preprocess((v) => (v === "true" || v === "on" ? true : v === "false" || v === "off" ? false : v), z.boolean({ error: V.invalid })) })
  .strict();
export const markReadSchema = z.object({ messageId: id }).strict();
export const markAllReadSchema = z.object({ chatId: id }).strict();

const messageText = z.string({ error: CHAT_V.messageRequired }).max(CHAT_MESSAGE_MAX, V.maxLength);
/** The text fields of create-message (the files are multipart parts `attachments`). */
export const createMessageSchema = z
  .object({
    chatId: id,
    message: messageText.optional(),
    /** The draft came from generate-message (audited as a suggestion used). */
    suggested: z.enum(["true", "false", "on"]).optional(),
  })
  .strict();
export const editMessageSchema = z
  .object({
    messageId: id,
    message: messageText.optional(),
    addAttachmentsTitle: z.string().max(120, V.maxLength).optional(),
    deleteAttachments: z.preprocess((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]), z.array(id).max(20)).optional(),
  })
  .strict();
export const messageAnswerSchema = z.object({ message: chatMessageSchema });
export const deletedAnswerSchema = z.object({ messageId: z.number().int() });
export const unreadCountAnswerSchema = z.number().int();
export const lastProviderMessageAnswerSchema = z.object({ message: chatMessageSchema.nullable() });
export const checkValidityQuerySchema = z.object({ patientId: id, category: z.enum(CHAT_CATEGORIES, { error: V.invalid }) });
export const checkValidityAnswerSchema = z.object({ valid: z.boolean(), chatId: z.number().int().nullable() });
export const suggestionAnswerSchema = z.object({
  suggestion: z.object({ text: z.string(), source: z.string().meta({ description: "The adapter: templates (local default) or a hosted model" }), templateName: z.string().nullable() }),
});
