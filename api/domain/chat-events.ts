/**
 * Live chat events (issue 17): the triggers of migration chat_messaging NOTIFY `chat_events` with
 * `{ kind, chatId, patientId, messageId }` for every new, edited or deleted message, in the writing transaction (so any
 * API instance's write reaches every instance's listener, and only once it is committed). Each API process holds one
 * hub: it LISTENs (through `Database.listen`, one dedicated connection per process on PostgreSQL, PGlite's own listen
 * in the embedded default) from the first open stream on, adds the chat's assignee (one read per event, not per
 * stream) and hands each event to the streams whose user may see it: a patient their own chats, staff the patients they
 * may see (api/domain/patient-access.ts, cached per stream for a minute). Events carry ids only, never message text:
 * the page refetches what it shows.
 *
 * Streams are server-sent events (GET /api/v1/chats/events, api/routes/chats.ts): a heartbeat comment every
 * `heartbeatMs` (proxies keep the connection; a dead peer is noticed), the session re-read every `sessionCheckMs` (a
 * revoked, expired or deactivated session ends its stream), at most `maxStreamsPerUser` open streams per user on one
 * process (a tab each; the next answers 429), and everything released when the peer goes away.
 */
import { eq, sql } from "drizzle-orm";
import type { Database, Db } from "../db/client.ts";
import { chats } from "../db/schema.ts";
import { canSeePatient, seesEveryPatient, type Viewer } from "./patient-access.ts";

export const CHAT_EVENTS_CHANNEL = "chat_events";

/** What changed: a message was added, edited or deleted; `resync` after a lost LISTEN connection (re-read everything). */
export type ChatEventKind = "message" | "edited" | "deleted" | "resync";
export type ChatEvent = { kind: ChatEventKind; chatId: number; patientId: number; messageId: number; assignedProviderId: number | null };

export type ChatEventsOptions = { heartbeatMs: number; sessionCheckMs: number; maxStreamsPerUser: number };
export const CHAT_EVENTS_DEFAULTS: ChatEventsOptions = { heartbeatMs: 15_000, sessionCheckMs: 30_000, maxStreamsPerUser: 5 };

const VISIBILITY_TTL_MS = 60_000;

type Subscriber = { viewer: Viewer; deliver: (event: ChatEvent) => void; end: (reason: string) => void; visible: Map<number, { ok: boolean; at: number }> };

function parsePayload(payload: string): Omit<ChatEvent, "assignedProviderId"> | null {
  try {
    const p = JSON.parse(payload) as Record<string, unknown>;
    const kind = p.kind;
    if (kind !== "message" && kind !== "edited" && kind !== "deleted") return null;
    const [chatId, patientId, messageId] = [p.chatId, p.patientId, p.messageId].map(Number);
    if (![chatId, patientId, messageId].every((n) => Number.isSafeInteger(n) && n! > 0)) return null;
    return { kind, chatId: chatId!, patientId: patientId!, messageId: messageId! };
  } catch {
    return null;
  }
}

export class TooManyStreamsError extends Error {}

export class ChatEventHub {
  readonly options: ChatEventsOptions;
  private readonly subscribers = new Set<Subscriber>();
  private readonly perUser = new Map<number, number>();
  private listening: Promise<() => Promise<void>> | null = null;
  private closed = false;

  constructor(
    private readonly database: Pick<Database, "db" | "listen">,
    options: Partial<ChatEventsOptions> = {},
  ) {
    this.options = { ...CHAT_EVENTS_DEFAULTS, ...options };
  }

  /** Open streams on this process (all users). */
  get size(): number {
    return this.subscribers.size;
  }

  /**
   * Registers a stream for `viewer`; answers its release (idempotent). Throws TooManyStreamsError over the per-user cap.
   * Resolves once this process LISTENs, so an event committed after it is delivered.
   */
  async subscribe(viewer: Viewer, deliver: (event: ChatEvent) => void, end: (reason: string) => void): Promise<() => void> {
    if (this.closed) throw new Error("chat events closed");
    const open = this.perUser.get(viewer.id) ?? 0;
    if (open >= this.options.maxStreamsPerUser) throw new TooManyStreamsError();
    const sub: Subscriber = { viewer, deliver, end, visible: new Map() };
    this.subscribers.add(sub);
    this.perUser.set(viewer.id, open + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.subscribers.delete(sub);
      const left = (this.perUser.get(viewer.id) ?? 1) - 1;
      if (left > 0) this.perUser.set(viewer.id, left);
      else this.perUser.delete(viewer.id);
    };
    try {
      await this.ensureListening();
    } catch (error) {
      release();
      throw error;
    }
    return release;
  }

  /** Ends every stream and stops listening (process shutdown). */
  async close(): Promise<void> {
    this.closed = true;
    for (const sub of [...this.subscribers]) sub.end("shutdown");
    this.subscribers.clear();
    this.perUser.clear();
    const stop = await this.listening?.catch(() => null);
    this.listening = null;
    await stop?.().catch(() => {});
  }

  private ensureListening(): Promise<() => Promise<void>> {
    this.listening ??= this.database
      .listen(
        CHAT_EVENTS_CHANNEL,
        (payload) => void this.onPayload(payload),
        () => this.broadcastResync(),
      )
      .catch((error: unknown) => {
        this.listening = null;
        throw error;
      });
    return this.listening;
  }

  private async onPayload(payload: string): Promise<void> {
    const parsed = parsePayload(payload);
    if (!parsed || this.subscribers.size === 0) return;
    let assignedProviderId: number | null = null;
    try {
      const [row] = await this.database.db.select({ a: chats.assignedProviderId }).from(chats).where(eq(chats.id, parsed.chatId)).limit(1);
      assignedProviderId = row?.a ?? null;
    } catch {
      // The event still goes out; the client re-reads the counts anyway.
    }
    const event: ChatEvent = { ...parsed, assignedProviderId };
    await Promise.all([...this.subscribers].map((sub) => this.offer(sub, event)));
  }

  private async offer(sub: Subscriber, event: ChatEvent): Promise<void> {
    try {
      if (await this.maysee(sub, event.patientId)) sub.deliver(event);
    } catch {
      // A failed visibility read skips this event for this stream (never shows what may not be seen).
    }
  }

  private async maysee(sub: Subscriber, patientId: number): Promise<boolean> {
    const { viewer } = sub;
    if (viewer.role === "patients") return viewer.id === patientId;
    if (seesEveryPatient(viewer.role)) return true;
    const now = Date.now();
    const cached = sub.visible.get(patientId);
    if (cached && now - cached.at < VISIBILITY_TTL_MS) return cached.ok;
    const ok = await canSeePatient(this.database.db, viewer, patientId);
    if (sub.visible.size > 1000) sub.visible.clear();
    sub.visible.set(patientId, { ok, at: now });
    return ok;
  }

  private broadcastResync() {
    for (const sub of this.subscribers) sub.deliver({ kind: "resync", chatId: 0, patientId: 0, messageId: 0, assignedProviderId: null });
  }
}

/** Whether the session behind a stream is still live (not revoked, not expired, its user active). */
export async function sessionStillLive(db: Db, sessionId: number): Promise<boolean> {
  const result = (await db.execute(sql`
    select 1 from sessions s join users u on u.id = s.user_id
     where s.id = ${sessionId} and s.revoked_at is null and s.expires_at > now() and u.user_status = 'active'
       and s.last_seen_at + make_interval(secs => s.idle_timeout_seconds) > now()
     limit 1`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}
