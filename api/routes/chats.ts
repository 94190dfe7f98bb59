/**
 * Messaging (spec §7 chats; issue 17; contract and call table api/contract/chats.ts). Every call checks the permission
 * matrix, then the object rule: a patient reaches only their own chats, staff only the patients they may see
 * (api/domain/patient-access.ts); anything else is a 404, like an unknown id. Staff reads and every change are audited.
 *
 * The unread figures are columns of chats kept by the triggers of migration chat_messaging (an insert adds to the other
 * side's counter; a soft delete takes one off) and by the read calls here (a pointer moves; the counter is recounted
 * over the messages after it only). The same triggers NOTIFY chat_events for the live streams.
 *
 * Paths with a fixed segment (/chats/messages, /chats/create-message…) are registered before `/chats/:id`.
 */
import { randomBytes } from "node:crypto";
import { Router, type Request, type Response } from "express";
import multer from "multer";
import { and, desc, eq, inArray, isNotNull, isNull, lt, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  CHAT_ATTACHMENT_MAX_BYTES,
  CHAT_ATTACHMENT_URL_PREFIX,
  CHAT_ATTACHMENTS_MAX,
  CHAT_CATEGORIES,
  CHAT_FIELDS,
  CHAT_IMAGE_MAX_SIDE,
  CHAT_V,
  assignProviderSchema,
  chatListQuerySchema,
  chatMessagesQuerySchema,
  chatsQuerySchema,
  checkValidityQuerySchema,
  createMessageSchema,
  editMessageSchema,
  isChatCategory,
  markAllReadSchema,
  markReadSchema,
  staffChatsQuerySchema,
  toggleBotSchema,
  type Chat,
  type ChatAttachment,
  type ChatEntry,
  type ChatMessage,
} from "../contract/chats.ts";
import { idParam } from "../contract/common.ts";
import { STAFF_ROLES, type Role } from "../contract/roles.ts";
import type { Db } from "../db/client.ts";
import { chatAttachments, chatMessages, chatReads, chats, prescriptions, products, subscriptions, tasks, treatments, uploads, users } from "../db/schema.ts";
import { replyAssistant } from "../domain/assistant/index.ts";
import { templateLocale } from "../domain/message-templates.ts";
import { SERVICE_SECTION_SLUGS, type ServiceSection } from "../contract/enums.ts";
import { audit, auditRead } from "../domain/audit.ts";
import { messageToHtml, previewText, refuseMessageChange } from "../domain/chats.ts";
import { canSeePatient, visiblePatientsSql, type Viewer } from "../domain/patient-access.ts";
import { sessionStillLive, TooManyStreamsError } from "../domain/chat-events.ts";
import { CHAT_BOT_JOB, type ChatBotJob } from "../domain/chat-bot.ts";
import { objectStorage } from "../domain/storage.ts";
import { ImageRejectedError, isAcceptablePdf, reencodePng } from "../domain/uploads.ts";
import { endpoint } from "../http/endpoint.ts";
import { ApiError, badRequest, fieldCode, forbidden, notFound, ok, unauthorized } from "../http/errors.ts";
import { parseBody, parseQuery, parseWith } from "../http/validate.ts";

type ChatRow = typeof chats.$inferSelect;

function viewerOf(req: Request): Viewer {
  const user = req.auth.user;
  if (!user) throw unauthorized();
  return { id: user.id, role: req.auth.role };
}
const isPatient = (v: Viewer) => v.role === "patients";

/** The chat, when `viewer` may see it; otherwise 404. */
async function chatFor(db: Db, viewer: Viewer, chatId: number): Promise<ChatRow> {
  const [row] = await db.select().from(chats).where(eq(chats.id, chatId)).limit(1);
  if (!row || !isChatCategory(row.category) || !(await canSeePatient(db, viewer, row.patientId))) throw notFound();
  return row;
}

async function chatOut(db: Db, viewer: Viewer, row: ChatRow): Promise<Chat> {
  const [assigned] = row.assignedProviderId ? await db.select({ fullName: users.fullName }).from(users).where(eq(users.id, row.assignedProviderId)) : [];
  return {
    id: row.id,
    patientId: row.patientId,
    treatmentId: row.treatmentId,
    category: isChatCategory(row.category) ? row.category : "support",
    assignedProviderId: row.assignedProviderId,
    assignedProviderName: assigned?.fullName ?? null,
    botEnabled: row.botEnabled,
    lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
    lastMessageId: row.lastMessageId,
    unreadCount: isPatient(viewer) ? row.patientUnreadCount : row.staffUnreadCount,
    createdAt: row.createdAt.toISOString(),
  };
}

const attachmentUrl = (id: number) => `${CHAT_ATTACHMENT_URL_PREFIX}${id}`;

/** Messages with their senders and attachments, as the contract's ChatMessage. */
async function messagesOut(db: Db, viewer: Viewer, chat: ChatRow, ids: number[]): Promise<ChatMessage[]> {
  if (!ids.length) return [];
  const sender = alias(users, "sender");
  const rows = await db
    .select({
      id: chatMessages.id,
      chatId: chatMessages.chatId,
      senderId: chatMessages.senderId,
      senderName: sender.fullName,
      senderAvatarUrl: sender.avatarUrl,
      automatic: chatMessages.automatic,
      message: chatMessages.message,
      createdAt: chatMessages.createdAt,
      editedAt: chatMessages.editedAt,
    })
    .from(chatMessages)
    .leftJoin(sender, eq(sender.id, chatMessages.senderId))
    .where(inArray(chatMessages.id, ids))
    .orderBy(desc(chatMessages.id));
  const files = await db
    .select({ id: chatAttachments.id, messageId: chatAttachments.messageId, title: chatAttachments.title, mimeType: uploads.mimeType, sizeBytes: uploads.sizeBytes })
    .from(chatAttachments)
    .innerJoin(uploads, eq(uploads.id, chatAttachments.uploadId))
    .where(inArray(chatAttachments.messageId, ids))
    .orderBy(chatAttachments.id);
  const byMessage = new Map<number, ChatAttachment[]>();
  for (const f of files) {
    const list = byMessage.get(f.messageId) ?? [];
    list.push({ id: f.id, title: f.title, mimeType: f.mimeType, sizeBytes: f.sizeBytes, url: attachmentUrl(f.id) });
    byMessage.set(f.messageId, list);
  }
  return rows.map((m) => {
    const fromPatient = m.senderId === chat.patientId;
    return {
      id: m.id,
      chatId: m.chatId,
      senderId: m.senderId,
      senderName: m.senderName ?? null,
      senderAvatarUrl: m.senderAvatarUrl ?? null,
      fromPatient,
      own: m.senderId === viewer.id,
      automatic: m.automatic,
      message: m.message,
      createdAt: m.createdAt.toISOString(),
      editedAt: m.editedAt?.toISOString() ?? null,
      read: fromPatient ? m.id <= chat.staffReadMessageId : m.id <= chat.patientReadMessageId,
      attachments: byMessage.get(m.id) ?? [],
    };
  });
}

/**
 * Moves the viewer's side's read pointer of a chat to `upTo` (never back) and recounts that side's unread messages
 * after it (only those: an index range of (chat_id, id)). Also the viewer's own row of chat_reads.
 */
async function markRead(db: Db, viewer: Viewer, chatId: number, upTo: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (isPatient(viewer)) {
      await tx.execute(sql`
        update chats c set patient_read_message_id = greatest(c.patient_read_message_id, ${upTo}::int),
          patient_unread_count = (select count(*) from chat_messages m where m.chat_id = c.id and m.id > greatest(c.patient_read_message_id, ${upTo}::int)
                                   and m.deleted_at is null and m.sender_id is distinct from c.patient_id)::int
         where c.id = ${chatId}`);
    } else {
      await tx.execute(sql`
        update chats c set staff_read_message_id = greatest(c.staff_read_message_id, ${upTo}::int),
          staff_unread_count = (select count(*) from chat_messages m where m.chat_id = c.id and m.id > greatest(c.staff_read_message_id, ${upTo}::int)
                                 and m.deleted_at is null and m.sender_id is not distinct from c.patient_id)::int
         where c.id = ${chatId}`);
    }
    await tx
      .insert(chatReads)
      .values({ chatId, userId: viewer.id, lastReadMessageId: upTo })
      .onConflictDoUpdate({ target: [chatReads.chatId, chatReads.userId], set: { lastReadMessageId: sql`greatest(${chatReads.lastReadMessageId}, excluded.last_read_message_id)` } });
  });
}

/** Unread messages of a patient (all their chats: at most one per category) or of a staff member (chats assigned to them). */
export async function unreadCountOf(db: Db, userId: number, patient: boolean): Promise<number> {
  const [row] = patient
    ? await db.select({ n: sql<number>`coalesce(sum(${chats.patientUnreadCount}), 0)`.mapWith(Number) }).from(chats).where(eq(chats.patientId, userId))
    : await db
        .select({ n: sql<number>`coalesce(sum(${chats.staffUnreadCount}), 0)`.mapWith(Number) })
        .from(chats)
        .where(and(eq(chats.assignedProviderId, userId), sql`${chats.staffUnreadCount} > 0`));
  return row?.n ?? 0;
}

// ── uploads of a message ─────────────────────────────────────────────────────────────────────────

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: CHAT_ATTACHMENT_MAX_BYTES, files: CHAT_ATTACHMENTS_MAX, fields: 40, parts: 50, fieldSize: 64 * 1024 },
});

/** Parses a multipart body (files of `attachments` / `addAttachments`); other bodies were parsed by express already. */
function readFiles(req: Request, res: Response, field: string): Promise<Express.Multer.File[]> {
  if (!req.is("multipart/form-data")) return Promise.resolve([]);
  return new Promise((resolve, reject) => {
    upload.array(field, CHAT_ATTACHMENTS_MAX)(req, res, (err: unknown) => {
      if (!err) return resolve(((req.files as Express.Multer.File[] | undefined) ?? []).filter((f) => f.size > 0));
      if (err instanceof multer.MulterError) {
        if (err.code === "LIMIT_FILE_SIZE") return reject(new ApiError(413, "chats.attachmentTooLarge", { fields: fieldCode(field, "chats.attachmentTooLarge") }));
        if (err.code === "LIMIT_FILE_COUNT" || err.code === "LIMIT_UNEXPECTED_FILE") return reject(badRequest("chats.tooManyAttachments", fieldCode(field, "chats.tooManyAttachments")));
      }
      reject(badRequest("common.badRequest"));
    });
  });
}

type Prepared = { bytes: Buffer; mimeType: "image/png" | "application/pdf"; ext: "png" | "pdf"; title: string };

/** Each file checked by content: images re-encoded (no metadata), PDFs without active content; anything else refused. */
async function prepareFiles(files: Express.Multer.File[], field: string, title?: string): Promise<Prepared[]> {
  const out: Prepared[] = [];
  for (const f of files) {
    const name = (title?.trim() || f.originalname || "").replace(/[^\p{L}\p{N} ._()-]/gu, "").slice(0, 120);
    if (isAcceptablePdf(f.buffer)) {
      out.push({ bytes: f.buffer, mimeType: "application/pdf", ext: "pdf", title: name || "document.pdf" });
      continue;
    }
    try {
      const image = await reencodePng(f.buffer, CHAT_IMAGE_MAX_SIDE);
      out.push({ bytes: image.bytes, mimeType: "image/png", ext: "png", title: name || "image.png" });
    } catch (err) {
      if (!(err instanceof ImageRejectedError)) throw err;
      const code = err.reason === "type" ? "chats.attachmentType" : "chats.attachmentUnreadable";
      throw new ApiError(err.reason === "type" ? 415 : 400, code, { fields: fieldCode(field, code) });
    }
  }
  return out;
}

/** Stores the files and links them to the message (uploads rows: category Other, completed, visible to the patient). */
async function attach(req: Request, db: Db, chat: ChatRow, messageId: number, files: Prepared[]): Promise<void> {
  const storage = objectStorage(req.deps.config);
  for (const f of files) {
    const key = `chats/${randomBytes(16).toString("hex")}.${f.ext}`;
    await storage.put(key, f.bytes, f.mimeType);
    const [u] = await db
      .insert(uploads)
      .values({ patientId: chat.patientId, uploadedById: req.auth.user?.id ?? null, category: 5, title: f.title, fileName: f.title, mimeType: f.mimeType, sizeBytes: f.bytes.length, storageKey: key, status: "completed", visibility: 1 })
      .returning({ id: uploads.id });
    await db.insert(chatAttachments).values({ messageId, uploadId: u!.id, title: f.title });
  }
}

/** The text of a message as stored HTML; the §5 texts when it is empty and nothing is attached. */
function messageHtml(text: string | undefined, hasFiles: boolean): string {
  const html = messageToHtml(text ?? "");
  if (!html && !hasFiles) throw badRequest("common.invalidFields", fieldCode("message", text === undefined ? CHAT_V.messageRequired : CHAT_V.messageEmpty));
  return html;
}

// ── the staff lists ──────────────────────────────────────────────────────────────────────────────

function parseCursor(cursor: string | undefined): { at: Date; id: number } | null {
  if (!cursor) return null;
  const m = /^(\d{1,15})_(\d{1,10})$/.exec(cursor);
  if (!m) throw badRequest("common.invalidFields", fieldCode("cursor", "validation.invalid"));
  return { at: new Date(Number(m[1])), id: Number(m[2]) };
}

async function staffList(req: Request, res: Response, where: SQL[], cursor: string | undefined, perPage: number): Promise<void> {
  const viewer = viewerOf(req);
  const { db } = req.deps;
  const after = parseCursor(cursor);
  const visible = await visiblePatientsSql(db, viewer, chats.patientId);
  const patient = alias(users, "patient");
  const last = alias(chatMessages, "last");
  const rows = await db
    .select({
      chatId: chats.id,
      lastId: chats.lastMessageId,
      category: chats.category,
      lastAt: chats.lastMessageAt,
      patientId: chats.patientId,
      fullName: patient.fullName,
      avatarUrl: patient.avatarUrl,
      unread: chats.staffUnreadCount,
      assignedProviderId: chats.assignedProviderId,
      message: sql<string | null>`case when ${last.deletedAt} is null then ${last.message} end`,
    })
    .from(chats)
    .innerJoin(patient, eq(patient.id, chats.patientId))
    .leftJoin(last, eq(last.id, chats.lastMessageId))
    .where(and(isNotNull(chats.lastMessageAt), ...where, visible, after ? sql`(${chats.lastMessageAt}, ${chats.id}) < (${after.at.toISOString()}::timestamptz, ${after.id}::int)` : undefined))
    .orderBy(sql`${chats.lastMessageAt} desc`, sql`${chats.id} desc`)
    .limit(perPage + 1);
  const page = rows.slice(0, perPage);
  const items: ChatEntry[] = page.map((r) => ({
    chatId: r.chatId,
    id: r.lastId,
    category: isChatCategory(r.category) ? r.category : "support",
    message: previewText(r.message ?? ""),
    lastMessageDate: r.lastAt?.toISOString() ?? null,
    userFullName: r.fullName,
    userAvatarUrl: r.avatarUrl,
    treatment: { patientId: r.patientId },
    unreadCount: r.unread,
    assignedProviderId: r.assignedProviderId,
  }));
  const tail = page[page.length - 1];
  const hasMore = rows.length > perPage;
  if (items.length) await auditRead(req, { action: "chats.list", entityType: "chat", patientIds: [...new Set(items.map((i) => i.treatment.patientId))] });
  res.status(200).json({
    code: "ok",
    message: "",
    data: items,
    pages: { totalCount: items.length, page: 0, perPage, hasMore, nextCursor: hasMore && tail?.lastAt ? `${tail.lastAt.getTime()}_${tail.chatId}` : null },
  });
}

/** `filter.providerIds[]`, `filter[providerIds][]` and `filter.assigned` as flat keys. */
function normaliseStaffChatsQuery(raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    const k = key.replace(/\[\]$/, "").replace(/^filter\[(\w+)\]$/, "filter.$1");
    out[k] = value;
  }
  return out;
}

/**
 * GET /api/v1/chats/events: the caller's live chat events as server-sent events (api/domain/chat-events.ts). Each event
 * is `event: chat` with `{ kind, chatId, patientId, messageId, assignedProviderId }` (ids only); `: ping` comments keep
 * the connection; `event: end` says why the server ended it (the session, shutdown) just before it closes.
 */
async function eventStream(req: Request, res: Response): Promise<void> {
  const viewer = viewerOf(req);
  const sessionId = req.auth.sessionId;
  const { chatEvents: hub, db } = req.deps;
  const timers: NodeJS.Timeout[] = [];
  let release: (() => void) | null = null;
  let done = false;
  const finish = (reason: string | null) => {
    if (done) return;
    done = true;
    for (const t of timers) clearInterval(t);
    release?.();
    if (reason && !res.writableEnded) res.write(`event: end\ndata: ${JSON.stringify({ reason })}\n\n`);
    res.end();
  };
  try {
    release = await hub.subscribe(
      viewer,
      (event) => {
        if (!done) res.write(`event: chat\ndata: ${JSON.stringify(event)}\n\n`);
      },
      (reason) => finish(reason),
    );
  } catch (error) {
    if (error instanceof TooManyStreamsError) throw new ApiError(429, "chats.tooManyStreams", { headers: { "Retry-After": "30" } });
    throw error;
  }
  req.on("close", () => finish(null));
  res.status(200);
  res.set({ "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store, no-transform", "X-Accel-Buffering": "no" });
  res.flushHeaders();
  // The browser reconnects after 3 s when the connection drops (EventSource's own retry).
  res.write("retry: 3000\nevent: ready\ndata: {}\n\n");
  timers.push(setInterval(() => res.write(": ping\n\n"), hub.options.heartbeatMs));
  timers.push(
    setInterval(() => {
      if (sessionId === null) return finish("session");
      sessionStillLive(db, sessionId).then(
        (live) => {
          if (!live) finish("session");
        },
        () => {},
      );
    }, hub.options.sessionCheckMs),
  );
  if (req.socket.destroyed) finish(null);
}

export function chatsRoutes(): Router {
  const router = Router();

  endpoint(router, "GET /api/v1/chats", async (req, res) => {
    const viewer = viewerOf(req);
    const q = parseQuery(req, chatsQuerySchema);
    const { db } = req.deps;
    const patientId = isPatient(viewer) ? (q.patientId ?? viewer.id) : q.patientId;
    if (!patientId) throw badRequest("common.invalidFields", fieldCode("patientId", "validation.required"));
    const [target] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, patientId));
    if (!target || target.role !== "patients" || !(await canSeePatient(db, viewer, patientId))) throw notFound();
    // Decision: a patient has one chat per category from the first listing (idempotent).
    await db
      .insert(chats)
      .values(CHAT_CATEGORIES.map((category) => ({ patientId, category })))
      .onConflictDoNothing();
    const rows = await db.select().from(chats).where(eq(chats.patientId, patientId)).orderBy(chats.id);
    const list: Chat[] = [];
    for (const category of CHAT_CATEGORIES) {
      const row = rows.find((r) => r.category === category);
      if (row) list.push(await chatOut(db, viewer, row));
    }
    if (!isPatient(viewer)) await auditRead(req, { action: "chats.read", patientId, entityType: "patient", entityId: patientId });
    ok(res, { chats: list });
  });

  endpoint(router, "GET /api/v1/chats/events", async (req, res) => {
    await eventStream(req, res);
  });

  endpoint(router, "GET /api/v1/provider-unread-chats", async (req, res) => {
    const q = parseQuery(req, chatListQuerySchema);
    await staffList(req, res, [sql`${chats.staffUnreadCount} > 0`], q.cursor, q.perPage);
  });
  endpoint(router, "GET /api/v1/provider-unread-and-assigned-chats", async (req, res) => {
    const q = parseQuery(req, chatListQuerySchema);
    await staffList(req, res, [sql`${chats.staffUnreadCount} > 0`, eq(chats.assignedProviderId, viewerOf(req).id)], q.cursor, q.perPage);
  });
  endpoint(router, "GET /api/v1/provider-read-chats", async (req, res) => {
    const q = parseQuery(req, chatListQuerySchema);
    await staffList(req, res, [sql`${chats.staffUnreadCount} = 0`], q.cursor, q.perPage);
  });
  endpoint(router, "GET /api/v2/staff/chats", async (req, res) => {
    const q = parseWith(staffChatsQuerySchema, normaliseStaffChatsQuery(req.query as Record<string, unknown>));
    const where: SQL[] = [];
    if (q.type === "unread") where.push(sql`${chats.staffUnreadCount} > 0`);
    if (q.type === "read") where.push(sql`${chats.staffUnreadCount} = 0`);
    const ids = q["filter.providerIds"];
    if (ids?.length) where.push(inArray(chats.assignedProviderId, ids));
    if (q["filter.assigned"] === "true" && !ids?.length) where.push(isNotNull(chats.assignedProviderId));
    if (q["filter.assigned"] === "false") where.push(isNull(chats.assignedProviderId));
    await staffList(req, res, where, q.cursor, q.perPage);
  });

  endpoint(router, "GET /api/v1/chats/messages", async (req, res) => {
    const viewer = viewerOf(req);
    const q = parseQuery(req, chatMessagesQuerySchema);
    const { db } = req.deps;
    const chat = await chatFor(db, viewer, q.chatId);
    const rows = await db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(and(eq(chatMessages.chatId, chat.id), isNull(chatMessages.deletedAt), q.before ? lt(chatMessages.id, q.before) : undefined))
      .orderBy(desc(chatMessages.id))
      .limit(q.perPage + 1);
    const page = rows.slice(0, q.perPage);
    if (!isPatient(viewer)) await auditRead(req, { action: "chat.messages.read", patientId: chat.patientId, entityType: "chat", entityId: chat.id });
    ok(res, {
      messages: await messagesOut(db, viewer, chat, page.map((r) => r.id)),
      nextBefore: rows.length > q.perPage ? (page[page.length - 1]?.id ?? null) : null,
    });
  });

  endpoint(router, "GET /api/v1/chats/patient-unread-messages-count", async (req, res) => {
    const viewer = viewerOf(req);
    ok(res, await unreadCountOf(req.deps.db, viewer.id, isPatient(viewer)));
  });

  endpoint(router, "GET /api/v1/chats/last-chat-message-from-provider", async (req, res) => {
    const viewer = viewerOf(req);
    const { db } = req.deps;
    const own = await db.select().from(chats).where(eq(chats.patientId, viewer.id));
    let best: { chat: ChatRow; id: number } | null = null;
    for (const chat of own) {
      const [m] = await db
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(and(eq(chatMessages.chatId, chat.id), isNull(chatMessages.deletedAt), sql`${chatMessages.senderId} is distinct from ${viewer.id}`))
        .orderBy(desc(chatMessages.id))
        .limit(1);
      if (m && (!best || m.id > best.id)) best = { chat, id: m.id };
    }
    ok(res, { message: best ? ((await messagesOut(db, viewer, best.chat, [best.id]))[0] ?? null) : null });
  });

  endpoint(router, "GET /api/v2/chats/check-validity", async (req, res) => {
    const viewer = viewerOf(req);
    const q = parseQuery(req, checkValidityQuerySchema);
    const { db } = req.deps;
    const [target] = await db.select({ role: users.role, status: users.userStatus }).from(users).where(eq(users.id, q.patientId));
    if (!target || target.role !== "patients" || !(await canSeePatient(db, viewer, q.patientId))) throw notFound();
    const [chat] = await db.select({ id: chats.id }).from(chats).where(and(eq(chats.patientId, q.patientId), eq(chats.category, q.category)));
    ok(res, { valid: target.status === "active", chatId: chat?.id ?? null });
  });

  endpoint(router, "POST /api/v1/chats/create-message", async (req, res) => {
    const viewer = viewerOf(req);
    const files = await readFiles(req, res, CHAT_FIELDS.attachments);
    const body = parseBody(req, createMessageSchema);
    const { db } = req.deps;
    const chat = await chatFor(db, viewer, body.chatId);
    const html = messageHtml(body.message, files.length > 0);
    const prepared = await prepareFiles(files, CHAT_FIELDS.attachments);
    const [m] = await db.insert(chatMessages).values({ chatId: chat.id, senderId: viewer.id, message: html }).returning({ id: chatMessages.id });
    await attach(req, db, chat, m!.id, prepared);
    // Writing in a chat reads it: the sender's side has seen everything up to their own message.
    await markRead(db, viewer, chat.id, m!.id);
    if (isPatient(viewer) && chat.botEnabled) {
      // The bot's acknowledgement if no staff member replies in time (api/domain/chat-bot.ts). Best effort: the
      // message is sent either way.
      try {
        await req.deps.jobs.send(CHAT_BOT_JOB, { chatId: chat.id, messageId: m!.id } satisfies ChatBotJob, { startAfter: req.deps.config.chatBotDelaySeconds, singletonKey: `chat-bot:${m!.id}` });
      } catch (error) {
        req.deps.logger.warn("chat bot job not queued", { chatId: chat.id, error: error instanceof Error ? error.message : String(error) });
      }
    }
    const suggested = body.suggested === "true" || body.suggested === "on";
    if (!isPatient(viewer)) {
      await audit(req, { action: "chat.message.create", patientId: chat.patientId, entityType: "chat_message", entityId: m!.id, meta: { chatId: chat.id, attachments: prepared.length, suggested } });
      if (suggested) await audit(req, { action: "chat.suggestion.used", patientId: chat.patientId, entityType: "chat_message", entityId: m!.id, meta: { chatId: chat.id } });
    }
    const [fresh] = await db.select().from(chats).where(eq(chats.id, chat.id));
    ok(res, { message: (await messagesOut(db, viewer, fresh!, [m!.id]))[0]! }, "chats.sent");
  });

  endpoint(router, "POST /api/v1/chats/edit-message", async (req, res) => {
    const viewer = viewerOf(req);
    const files = await readFiles(req, res, CHAT_FIELDS.addAttachments);
    const body = parseBody(req, editMessageSchema);
    const { db } = req.deps;
    const [m] = await db.select().from(chatMessages).where(eq(chatMessages.id, body.messageId));
    if (!m) throw notFound();
    const chat = await chatFor(db, viewer, m.chatId);
    const refusal = refuseMessageChange(m, viewer.id, "edit");
    if (refusal === "notOwn") throw forbidden("chats.notOwnMessage");
    if (refusal === "deleted") throw new ApiError(409, "chats.messageDeleted");
    const existing = await db.select({ id: chatAttachments.id }).from(chatAttachments).where(eq(chatAttachments.messageId, m.id));
    const removing = (body.deleteAttachments ?? []).filter((id) => existing.some((e) => e.id === id));
    const keeps = existing.length - removing.length + files.length > 0;
    const html = body.message === undefined ? m.message : messageHtml(body.message, keeps);
    const prepared = await prepareFiles(files, CHAT_FIELDS.addAttachments, body.addAttachmentsTitle);
    await db.update(chatMessages).set({ message: html, editedAt: new Date() }).where(eq(chatMessages.id, m.id));
    if (removing.length) await db.delete(chatAttachments).where(and(eq(chatAttachments.messageId, m.id), inArray(chatAttachments.id, removing)));
    await attach(req, db, chat, m.id, prepared);
    if (!isPatient(viewer)) await audit(req, { action: "chat.message.edit", patientId: chat.patientId, entityType: "chat_message", entityId: m.id, meta: { added: prepared.length, removed: removing.length } });
    ok(res, { message: (await messagesOut(db, viewer, chat, [m.id]))[0]! }, "chats.edited");
  });

  endpoint(router, "DELETE /api/v1/chats/messages/:messageId", async (req, res) => {
    const viewer = viewerOf(req);
    const parsed = idParam.safeParse(req.params.messageId);
    if (!parsed.success) throw notFound();
    const { db } = req.deps;
    const [m] = await db.select().from(chatMessages).where(eq(chatMessages.id, parsed.data));
    if (!m) throw notFound();
    const chat = await chatFor(db, viewer, m.chatId);
    const refusal = refuseMessageChange(m, viewer.id, "delete");
    if (refusal === "notOwn") throw forbidden("chats.notOwnMessage");
    if (refusal === "deleted") throw new ApiError(409, "chats.messageDeleted");
    await db.update(chatMessages).set({ deletedAt: new Date() }).where(eq(chatMessages.id, m.id));
    if (!isPatient(viewer)) await audit(req, { action: "chat.message.delete", patientId: chat.patientId, entityType: "chat_message", entityId: m.id });
    ok(res, { messageId: m.id }, "chats.deleted");
  });

  endpoint(router, "POST /api/v1/chats/mark-messages-read", async (req, res) => {
    const viewer = viewerOf(req);
    const body = parseBody(req, markReadSchema);
    const { db } = req.deps;
    const [m] = await db.select({ chatId: chatMessages.chatId }).from(chatMessages).where(eq(chatMessages.id, body.messageId));
    if (!m) throw notFound();
    const chat = await chatFor(db, viewer, m.chatId);
    await markRead(db, viewer, chat.id, body.messageId);
    const [fresh] = await db.select().from(chats).where(eq(chats.id, chat.id));
    ok(res, { chat: await chatOut(db, viewer, fresh!) });
  });

  endpoint(router, "POST /api/v1/chats/mark-all-messages-read", async (req, res) => {
    const viewer = viewerOf(req);
    const body = parseBody(req, markAllReadSchema);
    const { db } = req.deps;
    const chat = await chatFor(db, viewer, body.chatId);
    await markRead(db, viewer, chat.id, chat.lastMessageId);
    if (!isPatient(viewer)) await audit(req, { action: "chat.markAllRead", patientId: chat.patientId, entityType: "chat", entityId: chat.id });
    const [fresh] = await db.select().from(chats).where(eq(chats.id, chat.id));
    ok(res, { chat: await chatOut(db, viewer, fresh!) }, "chats.allRead");
  });

  endpoint(router, "PUT /api/v1/chats/:chatId/assign-provider", async (req, res) => {
    const viewer = viewerOf(req);
    const parsed = idParam.safeParse(req.params.chatId);
    if (!parsed.success) throw notFound();
    const body = parseBody(req, assignProviderSchema);
    const { db } = req.deps;
    const chat = await chatFor(db, viewer, parsed.data);
    if (body.providerId !== null) {
      const [p] = await db.select({ role: users.role, status: users.userStatus }).from(users).where(eq(users.id, body.providerId));
      if (!p || !(STAFF_ROLES as readonly Role[]).includes(p.role) || p.status !== "active") throw badRequest("common.invalidFields", fieldCode("providerId", "chats.noSuchProvider"));
    }
    await db.update(chats).set({ assignedProviderId: body.providerId }).where(eq(chats.id, chat.id));
    await audit(req, { action: "chat.assign", patientId: chat.patientId, entityType: "chat", entityId: chat.id, meta: { from: chat.assignedProviderId, to: body.providerId } });
    const [fresh] = await db.select().from(chats).where(eq(chats.id, chat.id));
    ok(res, { chat: await chatOut(db, viewer, fresh!) }, "chats.assigned");
  });

  endpoint(router, "PUT /api/v1/chats/:chatId/toggle-bot", async (req, res) => {
    const viewer = viewerOf(req);
    const parsed = idParam.safeParse(req.params.chatId);
    if (!parsed.success) throw notFound();
    const body = parseBody(req, toggleBotSchema);
    const { db } = req.deps;
    const chat = await chatFor(db, viewer, parsed.data);
    await db.update(chats).set({ botEnabled: body.enabled }).where(eq(chats.id, chat.id));
    await audit(req, { action: "chat.toggleBot", patientId: chat.patientId, entityType: "chat", entityId: chat.id, meta: { enabled: body.enabled } });
    const [fresh] = await db.select().from(chats).where(eq(chats.id, chat.id));
    ok(res, { chat: await chatOut(db, viewer, fresh!) }, body.enabled ? "chats.botOn" : "chats.botOff");
  });

  endpoint(router, "GET /api/v1/chats/attachments/:id", async (req, res) => {
    const viewer = viewerOf(req);
    const parsed = idParam.safeParse(req.params.id);
    if (!parsed.success) throw notFound();
    const { db } = req.deps;
    const [a] = await db
      .select({ chatId: chatMessages.chatId, deletedAt: chatMessages.deletedAt, key: uploads.storageKey, mimeType: uploads.mimeType, title: chatAttachments.title })
      .from(chatAttachments)
      .innerJoin(chatMessages, eq(chatMessages.id, chatAttachments.messageId))
      .innerJoin(uploads, eq(uploads.id, chatAttachments.uploadId))
      .where(eq(chatAttachments.id, parsed.data));
    if (!a || a.deletedAt) throw notFound();
    const chat = await chatFor(db, viewer, a.chatId);
    const object = await objectStorage(req.deps.config).get(a.key);
    if (!object) throw notFound();
    if (!isPatient(viewer)) await auditRead(req, { action: "chat.attachment.read", patientId: chat.patientId, entityType: "chat_attachment", entityId: parsed.data });
    const pdf = a.mimeType === "application/pdf";
    res.status(200);
    res.set({
      "Content-Type": pdf ? "application/pdf" : "image/png",
      "Content-Length": String(object.bytes.length),
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cross-Origin-Resource-Policy": "same-site",
      "Content-Disposition": `${pdf ? "attachment" : "inline"}; filename="${pdf ? "document.pdf" : "image.png"}"`,
    });
    res.end(object.bytes);
  });

  endpoint(router, "GET /api/v3/integration/ai/chat/:id/generate-message", async (req, res) => {
    const viewer = viewerOf(req);
    const parsed = idParam.safeParse(req.params.id);
    if (!parsed.success) throw notFound();
    const { db } = req.deps;
    const chat = await chatFor(db, viewer, parsed.data);
    const [patient] = await db.select({ firstName: users.firstName, locale: users.locale }).from(users).where(eq(users.id, chat.patientId));
    const [staff] = await db.select({ fullName: users.fullName }).from(users).where(eq(users.id, viewer.id));
    const [treatment] = await db
      .select({ id: treatments.id, sectionType: treatments.sectionType, product: products.name })
      .from(treatments)
      .leftJoin(products, eq(products.id, treatments.productId))
      .where(eq(treatments.patientId, chat.patientId))
      .orderBy(desc(treatments.id))
      .limit(1);
    const [rx] = await db.select({ medication: prescriptions.medication, dose: prescriptions.unitsDose }).from(prescriptions).where(and(eq(prescriptions.patientId, chat.patientId), isNull(prescriptions.supersededAt))).orderBy(desc(prescriptions.id)).limit(1);
    const [sub] = await db.select({ next: subscriptions.nextChargeAt }).from(subscriptions).where(and(eq(subscriptions.patientId, chat.patientId), isNotNull(subscriptions.nextChargeAt))).orderBy(desc(subscriptions.id)).limit(1);
    const [open] = await db.select({ n: sql<number>`count(*)::int` }).from(tasks).where(and(eq(tasks.patientId, chat.patientId), sql`${tasks.status} <> 3`));
    const [last] = await db.select({ message: chatMessages.message }).from(chatMessages).where(and(eq(chatMessages.chatId, chat.id), eq(chatMessages.senderId, chat.patientId), isNull(chatMessages.deletedAt))).orderBy(desc(chatMessages.id)).limit(1);
    const locale = templateLocale(patient?.locale);
    const slug = treatment ? (SERVICE_SECTION_SLUGS[treatment.sectionType as ServiceSection] ?? "") : "";
    const journeyNames: Record<string, Record<string, string>> = {
      "en-US": { "weight-loss": "weight loss", "sexual-wellness": "sexual wellness", "pharmacy-purchase": "pharmacy", haircare: "hair care" },
      "es-US": { "weight-loss": "pérdida de peso", "sexual-wellness": "bienestar sexual", "pharmacy-purchase": "farmacia", haircare: "cuidado del cabello" },
    };
    const next = sub?.next;
    const suggestion = await replyAssistant().draft(db, {
      locale,
      patientFirstName: patient?.firstName ?? "",
      staffName: staff?.fullName ?? "",
      category: chat.category,
      journey: journeyNames[locale]?.[slug] ?? slug,
      medication: rx?.medication ?? treatment?.product ?? "",
      dosage: rx?.dose ?? "",
      nextShipment: next ? `${String(next.getUTCMonth() + 1).padStart(2, "0")}/${String(next.getUTCDate()).padStart(2, "0")}/${next.getUTCFullYear()}` : "",
      openTasks: open?.n ?? 0,
      lastPatientMessage: previewText(last?.message ?? "", 500),
    });
    await audit(req, { action: "chat.suggestion.generate", patientId: chat.patientId, entityType: "chat", entityId: chat.id, meta: { source: suggestion.source } });
    ok(res, { suggestion });
  });

  endpoint(router, "GET /api/v1/chats/:id", async (req, res) => {
    const viewer = viewerOf(req);
    const parsed = idParam.safeParse(req.params.id);
    if (!parsed.success) throw notFound();
    const row = await chatFor(req.deps.db, viewer, parsed.data);
    if (!isPatient(viewer)) await audit(req, { action: "chat.read", patientId: row.patientId, entityType: "chat", entityId: row.id });
    ok(res, { chat: await chatOut(req.deps.db, viewer, row) });
  });

  return router;
}
