/**
 * Messaging rules (issue 17): who may change a message, and the message's states.
 *
 * A message is `active` (as sent, or edited) or `deleted` (soft: deleted_at set, hidden from both sides). Only its
 * sender edits or deletes it; a deleted message takes no change. Automatic messages (the bot) have no sender and
 * cannot be edited or deleted by anyone.
 */
export type MessageState = "active" | "deleted";
export type MessageAction = "edit" | "delete";
export type MessageRefusal = "notOwn" | "deleted";

export function messageState(m: { deletedAt: Date | null }): MessageState {
  return m.deletedAt ? "deleted" : "active";
}

/** null when `actorId` may do `action` to the message; otherwise why not. */
export function refuseMessageChange(m: { senderId: number | null; deletedAt: Date | null; automatic: boolean }, actorId: number, action: MessageAction): MessageRefusal | null {
  void action; // edit and delete share the rules
  if (m.automatic || m.senderId !== actorId) return "notOwn";
  if (messageState(m) === "deleted") return "deleted";
  return null;
}

/** The next state of an allowed action. */
export function nextMessageState(action: MessageAction): MessageState {
  return action === "delete" ? "deleted" : "active";
}

/** Plain text of message HTML, for previews (lists, the header). */
export function previewText(html: string, max = 200): string {
  const text = html
    .replace(/<br\s*\/?>/gi, " ")
    .replace(/<\/p>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Message text as typed → stored HTML: markup is sanitised (api/domain/sanitize.ts); plain text becomes paragraphs. */
export { descriptionToHtml as messageToHtml } from "./sanitize.ts";
