/** Reading GET /api/v1/chats/events (server-sent events) in API tests: open, wait for an event, close. */
import type { Client, Reply } from "./harness.ts";

export type StreamEvent = { event: string; data: Record<string, unknown> };

export type EventStream = {
  status: number;
  /** The answer's JSON when it was not a stream (401, 403, 429…). */
  body: Reply["body"];
  headers: Headers;
  /** Events received so far (heartbeat comments are not events). */
  events: StreamEvent[];
  comments: number;
  /** Resolves with the first event (already received or coming) that matches, or rejects after `timeoutMs`. */
  next(match: (e: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  /** Resolves when the server has closed the stream. */
  ended: Promise<void>;
  close(): void;
};

/** Opens the caller's event stream with its cookies (like the web tier does for a browser). */
export async function openEvents(client: Client, path = "/api/v1/chats/events"): Promise<EventStream> {
  const abort = new AbortController();
  const headers: Record<string, string> = { Accept: "text/event-stream", "X-Requested-With": "XMLHttpRequest", "X-Frontend-Version": "2" };
  if (client.cookies.size) headers.Cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const res = await fetch(client.base + path, { headers, signal: abort.signal });
  const events: StreamEvent[] = [];
  const waiters: { match: (e: StreamEvent) => boolean; resolve: (e: StreamEvent) => void }[] = [];
  const stream: EventStream = {
    status: res.status,
    body: { code: "ok", message: "" },
    headers: res.headers,
    events,
    comments: 0,
    next(match, timeoutMs = 3000) {
      const seen = events.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const waiter = { match, resolve };
        waiters.push(waiter);
        setTimeout(() => {
          const i = waiters.indexOf(waiter);
          if (i >= 0) {
            waiters.splice(i, 1);
            reject(new Error(`no matching event within ${timeoutMs} ms (got ${JSON.stringify(events)})`));
          }
        }, timeoutMs);
      });
    },
    ended: Promise.resolve(),
    close: () => abort.abort(),
  };
  if (!res.headers.get("content-type")?.startsWith("text/event-stream")) {
    const text = await res.text();
    stream.body = text ? JSON.parse(text) : {};
    return stream;
  }
  stream.ended = (async () => {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let event = "message";
          const data: string[] = [];
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) stream.comments++;
            else if (line.startsWith("event: ")) event = line.slice(7);
            else if (line.startsWith("data: ")) data.push(line.slice(6));
          }
          if (!data.length) continue;
          const e: StreamEvent = { event, data: JSON.parse(data.join("\n")) as Record<string, unknown> };
          events.push(e);
          for (const w of [...waiters]) {
            if (w.match(e)) {
              waiters.splice(waiters.indexOf(w), 1);
              w.resolve(e);
            }
          }
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  return stream;
}
