/**
 * Live chat events in the browser (issue 17): one EventSource per tab on /resources/chats/events (the web relays the
 * API's stream), shared by every component that listens (the layouts' counters, the open chat). Events carry ids only;
 * listeners re-read what they show (a revalidation, a count). After a reconnection a `resync` event tells them to
 * re-read everything (events sent while the connection was down are not replayed). The server ends the stream with
 * 204 when there is no session (EventSource then stops; the patients' 30-second polling stays, and pages are fresh on
 * each load). Without JavaScript none of this runs.
 */
import { useEffect, useRef } from "react";
import { useNavigation, useRevalidator } from "react-router";

export type LiveChatEvent = {
  kind: "message" | "edited" | "deleted" | "resync";
  chatId: number;
  patientId: number;
  messageId: number;
  assignedProviderId: number | null;
};
type Listener = (event: LiveChatEvent) => void;

export const CHAT_EVENTS_URL = "/resources/chats/events";
const RESYNC: LiveChatEvent = { kind: "resync", chatId: 0, patientId: 0, messageId: 0, assignedProviderId: null };

const listeners = new Set<Listener>();
let source: EventSource | null = null;
let closeTimer: ReturnType<typeof setTimeout> | undefined;

function emit(event: LiveChatEvent) {
  for (const listener of [...listeners]) listener(event);
}

function open() {
  clearTimeout(closeTimer);
  if (source || typeof EventSource === "undefined") return;
  const es = new EventSource(CHAT_EVENTS_URL);
  let opened = false;
  es.addEventListener("open", () => {
    // A reconnection: whatever happened meanwhile was missed.
    if (opened) emit(RESYNC);
    opened = true;
  });
  es.addEventListener("chat", (message) => {
    try {
      emit(JSON.parse((message as MessageEvent<string>).data) as LiveChatEvent);
    } catch {
      // Not an event of ours.
    }
  });
  es.addEventListener("error", () => {
    if (es.readyState === EventSource.CLOSED && source === es) source = null;
  });
  source = es;
}

function release() {
  // Kept a moment, so that a page change (one listener leaves, the next arrives) does not reconnect.
  clearTimeout(closeTimer);
  closeTimer = setTimeout(() => {
    if (listeners.size === 0 && source) {
      source.close();
      source = null;
    }
  }, 1000);
}

/** Calls `onEvent` for each live chat event while the component is mounted (with JavaScript only). */
export function useChatEvents(onEvent: Listener) {
  const ref = useRef(onEvent);
  ref.current = onEvent;
  useEffect(() => {
    const listener: Listener = (event) => ref.current(event);
    listeners.add(listener);
    open();
    return () => {
      listeners.delete(listener);
      release();
    };
  }, []);
}

/**
 * Revalidates the page's loaders (the open chat, the counters) shortly after a live event that `matches` (a burst is one
 * revalidation), and not in the middle of a form post (that one revalidates anyway when it ends).
 */
export function useRevalidateOnChatEvents(matches: (event: LiveChatEvent) => boolean, delayMs = 150) {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const state = useRef({ revalidator, navigation, matches });
  state.current = { revalidator, navigation, matches };
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useChatEvents((event) => {
    if (event.kind !== "resync" && !state.current.matches(event)) return;
    const run = () => {
      const { revalidator: r, navigation: n } = state.current;
      if (n.state !== "idle" || r.state !== "idle") {
        timer.current = setTimeout(run, 300);
        return;
      }
      void r.revalidate();
    };
    clearTimeout(timer.current);
    timer.current = setTimeout(run, delayMs);
  });
}
