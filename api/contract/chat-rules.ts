/**
 * Messaging rules shared by the API and the web (no zod: the browser may import this module). Issue 17.
 *
 * Categories (decision, README "Messaging (issue 17)"): a patient has one chat per category —
 * medical (the medical team: questions about treatment, dose, side effects), support (customer support: account,
 * orders, shipping) and pharmacy (the pharmacy: prescriptions, refills, deliveries). The set is CHAT_CATEGORIES of
 * ./enums.ts; the chats exist from the first time the patient's chats are listed.
 */
export { CHAT_CATEGORIES, isChatCategory, type ChatCategory } from "./enums.ts";

/** Spec §9: chat page size 20, first page index 0. */
export const CHAT_PAGE_SIZE = 20;
/** Spec §9: patients poll the unread count every 30 s (with JavaScript; without, it is fresh on each page load). */
export const UNREAD_POLL_MS = 30_000;
/** The longest message (characters of HTML). */
export const CHAT_MESSAGE_MAX = 5000;
/** Attachments per message and their size (spec §5 "maximum size in MB (value not shown)": decided 10 MB). */
export const CHAT_ATTACHMENTS_MAX = 5;
export const CHAT_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** The longest side of a re-encoded image attachment (larger pictures are scaled down). */
export const CHAT_IMAGE_MAX_SIDE = 2048;
/** Multipart field names (spec §3: chatId, message, attachments; edit: messageId, message, addAttachments, addAttachmentsTitle, deleteAttachments). */
export const CHAT_FIELDS = {
  attachments: "attachments",
  addAttachments: "addAttachments",
} as const;
/** Accepted attachment types (checked by content, never by name). */
export const CHAT_ATTACHMENT_TYPES = ["image/jpeg", "image/png", "image/gif", "application/pdf"] as const;
/** The staff lists of spec §7 (and the header's unread assigned list). */
export const STAFF_CHAT_LISTS = ["unread", "assigned", "read"] as const;
export type StaffChatList = (typeof STAFF_CHAT_LISTS)[number];
/** Validation message keys (locales/<lng>/validation.json): spec §5 'Message cannot be empty', 'Message is required'. */
export const CHAT_V = {
  messageEmpty: "validation.messageEmpty",
  messageRequired: "validation.messageRequired",
} as const;
/** The URL of a chat attachment (served only to the chat's participants). */
export const CHAT_ATTACHMENT_URL_PREFIX = "/api/v1/chats/attachments/";
