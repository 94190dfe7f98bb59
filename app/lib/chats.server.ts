/**
 * Messaging pages (issue 17): the loaders and actions shared by the patient's chat (/patient/chats/:id) and the staff
 * message room (/staff/messages/:patientId/chat/:chatCategory?/:chatId?). Plain HTML forms: a multipart post sends or
 * edits a message with its attachments; delete, mark all read, assign and the bot flag are small posts. History: 20
 * messages a page from the newest (spec §9), "Load earlier" is a link (?pages=n+1) that reads one page more by keyset.
 */
import { viewerUtcOffset } from "./profile.server.ts";
import { data, redirect, type RouterContextProvider } from "react-router";
import type { TFunction } from "i18next";
import type { Chat, ChatEntry, ChatMessage } from "../../api/contract/chats.ts";
import { CHAT_ATTACHMENT_MAX_BYTES, CHAT_ATTACHMENTS_MAX, CHAT_FIELDS, CHAT_MESSAGE_MAX, CHAT_PAGE_SIZE, CHAT_V } from "../../api/contract/chat-rules.ts";
import { STAFF_ROLES } from "../../api/contract/roles.ts";
import { formFailure, successMessage } from "./account.server.ts";
import { readForm } from "./csrf.server.ts";
import { getViewer } from "./auth.server.ts";
import { getLanguage, getT } from "./i18n.server.ts";
import { notify, redirectWithToast, takeToasts } from "./toast.server.ts";
import { getUpstream, UpstreamError, notFoundPage as notFound } from "./upstream.server.ts";
import { relativeTime, formatDate } from "./format.ts";

type Context = Readonly<RouterContextProvider>;

export type ChatFormResult = { intent: string; errors: Record<string, string[]>; values: Record<string, string> };

/** At most this many pages of history on one page (200 messages). */
const MAX_PAGES = 10;

/** A message as the thread shows it (dates formatted on the server, in the reader's language). */
export type ThreadMessage = ChatMessage & { when: string; whenFull: string };

function shape(m: ChatMessage, locale: ReturnType<typeof getLanguage>, now: Date, utcOffsetMinutes: number): ThreadMessage {
  return { ...m, when: relativeTime(m.createdAt, now, { locale, utcOffsetMinutes }), whenFull: formatDate(m.createdAt, { withTime: true, locale, utcOffsetMinutes }) };
}

/** One chat with its newest `pages` × 20 messages (oldest first), marked read up to the newest. */
export async function loadThread(request: Request, context: Context, chatId: number) {
  const url = new URL(request.url);
  const requested = Number(url.searchParams.get("pages") ?? "1");
  const pages = Number.isInteger(requested) && requested >= 1 ? Math.min(requested, MAX_PAGES) : 1;
  const editId = Number(url.searchParams.get("edit") ?? "");
  const upstream = getUpstream(context);
  let chat: Chat;
  try {
    chat = (await upstream.call("GET /api/v1/chats/:id", { params: { id: chatId } })).data.chat;
  } catch (error) {
    if (error instanceof UpstreamError && (error.status === 404 || error.status === 400)) throw notFound();
    throw error;
  }
  const messages: ChatMessage[] = [];
  let before: number | null = null;
  for (let page = 0; page < pages; page++) {
    try {
      const answer: { data: { messages: ChatMessage[]; nextBefore: number | null } } = await upstream.call("GET /api/v1/chats/messages", { query: { chatId, perPage: CHAT_PAGE_SIZE, ...(before ? { before } : {}) } });
      messages.push(...answer.data.messages);
      before = answer.data.nextBefore;
    } catch (error) {
      // Spec §8: chat paging is silent on error (the first page is not: the page cannot show without it).
      if (page === 0) throw error;
      before = null;
    }
    if (!before) break;
  }
  const newest = messages[0];
  if (newest && chat.unreadCount > 0) {
    try {
      chat = (await upstream.call("POST /api/v1/chats/mark-messages-read", { body: { messageId: newest.id } })).data.chat;
    } catch {
      // Reading still works; the counter stays until the next visit.
    }
  }
  const locale = getLanguage(context);
  const now = new Date();
  const utcOffsetMinutes = await viewerUtcOffset(context);
  const thread = messages.reverse().map((m) => shape(m, locale, now, utcOffsetMinutes));
  return {
    chat,
    messages: thread,
    hasEarlier: before !== null,
    /** Where the next older page starts (the keyset `before`), for loading on scroll. */
    earlierBefore: before,
    pages,
    editing: thread.find((m) => m.id === editId && m.own) ?? null,
    toasts: takeToasts(context),
  };
}

function valuesOf(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && key !== "csrfToken" && key !== "formToken") out[key] = value;
  return out;
}

function failure(context: Context, error: unknown, t: TFunction, fallbackKey: string): Record<string, string[]> {
  if (error instanceof UpstreamError && error.fieldErrors && Object.keys(error.fieldErrors).length) {
    const f = formFailure(context, error, t);
    return { ...f.fieldErrors, ...(f.formErrors.length ? { "": f.formErrors } : {}) };
  }
  if (!(error instanceof UpstreamError)) throw error;
  const message = t(fallbackKey);
  notify(context, "error", message);
  return { "": [message] };
}

const files = (form: FormData, field: string) => form.getAll(field).filter((f): f is File => f instanceof File && f.size > 0);

/** The form's files checked before they go upstream: count and size (the API checks the type by content). */
function fileProblem(list: File[], field: string): Record<string, string[]> | null {
  if (list.length > CHAT_ATTACHMENTS_MAX) return { [field]: ["chat:errors.tooMany"] };
  if (list.some((f) => f.size > CHAT_ATTACHMENT_MAX_BYTES)) return { [field]: ["chat:errors.tooLarge"] };
  return null;
}

/**
 * The chat's posts: send, edit, delete, markAllRead; staff also assign and bot. `back` is the page to return to.
 * A failed send keeps the typed text and says 'Error while sending message' (spec §8).
 */
export async function threadAction(request: Request, context: Context, chatId: number, back: string) {
  const t = getT(context);
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > CHAT_ATTACHMENTS_MAX * CHAT_ATTACHMENT_MAX_BYTES + 256 * 1024) {
    return data<ChatFormResult>({ intent: "send", errors: { [CHAT_FIELDS.attachments]: ["chat:errors.tooLarge"] }, values: {} }, { status: 413 });
  }
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "send");
  const values = valuesOf(form);
  const upstream = getUpstream(context);
  const message = String(form.get("message") ?? "");
  try {
    switch (intent) {
      case "send": {
        const attached = files(form, CHAT_FIELDS.attachments);
        const problem = fileProblem(attached, CHAT_FIELDS.attachments);
        if (problem) return data<ChatFormResult>({ intent, errors: problem, values }, { status: 400 });
        if (!message.trim() && !attached.length) return data<ChatFormResult>({ intent, errors: { message: [CHAT_V.messageEmpty] }, values }, { status: 400 });
        if (message.length > CHAT_MESSAGE_MAX) return data<ChatFormResult>({ intent, errors: { message: ["chat:errors.tooLong"] }, values }, { status: 400 });
        const body = new FormData();
        body.append("chatId", String(chatId));
        body.append("message", message);
        if (form.get("suggested") === "true") body.append("suggested", "true");
        for (const f of attached) body.append(CHAT_FIELDS.attachments, f, f.name);
        await upstream.call("POST /api/v1/chats/create-message", { body });
        return redirect(`${back}#latest`);
      }
      case "edit": {
        const added = files(form, CHAT_FIELDS.addAttachments);
        const problem = fileProblem(added, CHAT_FIELDS.addAttachments);
        if (problem) return data<ChatFormResult>({ intent, errors: problem, values }, { status: 400 });
        const body = new FormData();
        body.append("messageId", String(form.get("messageId") ?? ""));
        body.append("message", message);
        for (const id of form.getAll("deleteAttachments")) body.append("deleteAttachments", String(id));
        for (const f of added) body.append(CHAT_FIELDS.addAttachments, f, f.name);
        const answer = await upstream.call("POST /api/v1/chats/edit-message", { body });
        return redirectWithToast(context, back, "success", successMessage(answer, t, t("chat:toast.edited")));
      }
      case "delete": {
        const answer = await upstream.call("DELETE /api/v1/chats/messages/:messageId", { params: { messageId: String(form.get("messageId") ?? "") } });
        return redirectWithToast(context, back, "success", successMessage(answer, t, t("chat:toast.deleted")));
      }
      case "markAllRead": {
        const answer = await upstream.call("POST /api/v1/chats/mark-all-messages-read", { body: { chatId } });
        return redirectWithToast(context, back, "success", successMessage(answer, t, t("chat:toast.allRead")));
      }
      case "assign": {
        const raw = String(form.get("providerId") ?? "");
        const answer = await upstream.call("PUT /api/v1/chats/:chatId/assign-provider", { params: { chatId }, body: { providerId: raw ? Number(raw) : null } });
        return redirectWithToast(context, back, "success", successMessage(answer, t, t("chat:toast.assigned")));
      }
      case "bot": {
        const answer = await upstream.call("PUT /api/v1/chats/:chatId/toggle-bot", { params: { chatId }, body: { enabled: form.get("enabled") === "true" } });
        return redirectWithToast(context, back, "success", successMessage(answer, t, t(form.get("enabled") === "true" ? "chat:toast.botOn" : "chat:toast.botOff")));
      }
      default:
        return data<ChatFormResult>({ intent, errors: { "": [t("common:upstream.badRequest")] }, values }, { status: 400 });
    }
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) throw notFound();
    const fallback = intent === "edit" ? "chat:errors.edit" : intent === "send" ? "chat:errors.send" : "chat:errors.generic";
    return data<ChatFormResult>({ intent, errors: failure(context, error, t, fallback), values }, { status: error instanceof UpstreamError && error.status === 403 ? 403 : 400 });
  }
}

/** A patient's chats, one per category (made on first listing). */
export async function loadPatientChats(context: Context, patientId?: number): Promise<Chat[]> {
  try {
    return (await getUpstream(context).call("GET /api/v1/chats", { query: patientId ? { patientId } : {} })).data.chats;
  } catch (error) {
    if (error instanceof UpstreamError && (error.status === 404 || error.status === 400)) throw notFound();
    throw error;
  }
}

export type ListTab = "unread" | "assigned" | "read";
const LIST_ENDPOINT = {
  unread: "GET /api/v1/provider-unread-chats",
  assigned: "GET /api/v1/provider-unread-and-assigned-chats",
  read: "GET /api/v1/provider-read-chats",
} as const;

export type EntryView = ChatEntry & { when: string };

/** One page of a staff list (cursor), dates shown relative. */
export async function loadStaffList(context: Context, tab: ListTab, cursor: string | undefined) {
  const answer = await getUpstream(context).call(LIST_ENDPOINT[tab], { query: { cursor, perPage: CHAT_PAGE_SIZE } });
  const locale = getLanguage(context);
  const now = new Date();
  return {
    entries: answer.data.map((e): EntryView => ({ ...e, when: e.lastMessageDate ? relativeTime(e.lastMessageDate, now, { locale }) : "" })),
    nextCursor: answer.pages?.nextCursor ?? null,
  };
}

/** The active staff for the assignment select (spec §2 user picker: only active users). */
export async function loadAssignees(context: Context) {
  const answer = await getUpstream(context).call("GET /api/v1/users", { query: { roles: [...STAFF_ROLES], userStatus: "active", perPage: 100 } });
  return answer.data.map((u) => ({ id: u.id, fullName: u.fullName }));
}

/** The header's unread chats assigned to the signed-in user (spec §2, §6: filter.providerIds = own id, assigned true), a page by cursor. */
export async function loadMyUnreadChats(context: Context, cursor: string | null) {
  const me = getViewer(context).id;
  if (!me) return { items: [] as EntryView[], nextCursor: null };
  const query = new URLSearchParams({ type: "unread", "filter.assigned": "true", perPage: String(CHAT_PAGE_SIZE) });
  query.append("filter.providerIds[]", String(me));
  if (cursor) query.set("cursor", cursor);
  const answer = await getUpstream(context).call("GET /api/v2/staff/chats", { query });
  const locale = getLanguage(context);
  const now = new Date();
  return {
    items: answer.data.map((e): EntryView => ({ ...e, when: e.lastMessageDate ? relativeTime(e.lastMessageDate, now, { locale }) : "" })),
    nextCursor: answer.pages?.nextCursor ?? null,
  };
}

/** A suggested reply for staff to edit (GET /api/v3/integration/ai/chat/{id}/generate-message); null when none could be made. */
export async function loadSuggestion(context: Context, chatId: number): Promise<string | null> {
  try {
    return (await getUpstream(context).call("GET /api/v3/integration/ai/chat/:id/generate-message", { params: { id: chatId } })).data.suggestion.text;
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    notify(context, "error", getT(context)("chat:errors.generic"));
    return null;
  }
}

/** The room's patient (name for the heading). */
export async function loadRoomPatient(context: Context, patientId: number) {
  const answer = await getUpstream(context).call("GET /api/v1/patient/:patientId", { params: { patientId } });
  return { id: patientId, fullName: answer.data.patient.fullName };
}

/**
 * A chat attachment as the web answers it: the API's PNG inline or PDF as a download, or a plain 404 (502 when the
 * API did not answer). Served to the chat's participants only (the API decides).
 */
export async function chatAttachmentResponse(context: Context, id: number): Promise<Response> {
  try {
    const upstream = await getUpstream(context).download("GET /api/v1/chats/attachments/:id", { params: { id } });
    const type = upstream.headers.get("content-type") ?? "";
    if (type !== "image/png" && type !== "application/pdf") {
      await upstream.body?.cancel();
      return new Response(null, { status: 404 });
    }
    return new Response(upstream.body, {
      status: 200,
      headers: {
        "Content-Type": type,
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'; sandbox",
        "Content-Disposition": type === "application/pdf" ? 'attachment; filename="document.pdf"' : "inline",
      },
    });
  } catch (error) {
    if (error instanceof UpstreamError) return new Response(null, { status: error.status === null || error.status >= 500 ? 502 : 404 });
    throw error;
  }
}

/**
 * GET /resources/chats/events: the signed-in user's live chat events, relayed from the API's stream
 * (GET /api/v1/chats/events) byte for byte, so the browser talks only to the web server. The relay lives as long as the
 * browser's connection (its abort ends the upstream call); `no-transform` keeps the compression middleware from
 * buffering it. No session upstream (401), too many streams (429) or no upstream: 204, which tells EventSource not to
 * reconnect (the page then keeps its 30-second polling, and is fresh on each load).
 */
export async function chatEventsResponse(request: Request, context: Context): Promise<Response> {
  const headers = { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store, no-transform", "X-Accel-Buffering": "no" };
  // Ended by the browser going away, or by this web process shutting down (server.ts: the relays would otherwise keep
  // its server open; the browser reconnects to another instance).
  const relay = new AbortController();
  const streams = liveStreams();
  streams.add(relay);
  const forget = () => streams.delete(relay);
  relay.signal.addEventListener("abort", forget, { once: true });
  request.signal.addEventListener("abort", () => relay.abort(), { once: true });
  if (request.signal.aborted) relay.abort();
  try {
    const upstream = await getUpstream(context).download("GET /api/v1/chats/events", { signal: relay.signal, on401: "throw" });
    if (!upstream.headers.get("content-type")?.startsWith("text/event-stream") || !upstream.body) {
      await upstream.body?.cancel();
      relay.abort();
      return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
    }
    return new Response(upstream.body, { status: 200, headers });
  } catch (error) {
    relay.abort();
    if (error instanceof UpstreamError || request.signal.aborted) return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
    throw error;
  }
}

/** The open event-stream relays of this process, where server.ts finds them on shutdown (`Symbol.for` key). */
function liveStreams(): Set<AbortController> {
  const registry = globalThis as { [LIVE_STREAMS]?: Set<AbortController> };
  return (registry[LIVE_STREAMS] ??= new Set());
}
const LIVE_STREAMS = Symbol.for("telehealth.liveStreams");

/** The signed-in user's unread count (a patient's chats; staff: chats assigned to them), for the counters' refresh. */
export async function loadUnreadCount(context: Context): Promise<number> {
  return (await getUpstream(context).call("GET /api/v1/chats/patient-unread-messages-count")).data;
}

/**
 * GET /resources/chats/:id/messages?before= — one older page of a chat (20, oldest first, dates in the reader's
 * language) for loading on scroll with JavaScript; `nextBefore` continues it. Spec §8: paging is silent on error (an
 * empty page).
 */
export async function loadEarlierMessages(context: Context, chatId: number, before: number) {
  try {
    const answer = await getUpstream(context).call("GET /api/v1/chats/messages", { query: { chatId, perPage: CHAT_PAGE_SIZE, before } });
    const locale = getLanguage(context);
    const now = new Date();
    const utcOffsetMinutes = await viewerUtcOffset(context);
    return { messages: [...answer.data.messages].reverse().map((m) => shape(m, locale, now, utcOffsetMinutes)), nextBefore: answer.data.nextBefore };
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return { messages: [] as ThreadMessage[], nextBefore: null, failed: true };
  }
}
