import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { Icon } from "~/components/icons";
import { Avatar } from "~/components/ui/avatar";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { EntryView } from "~/lib/chats.server";
import { useChatEvents } from "~/lib/chat-events";
import { UnreadBadge } from "~/components/patient-nav";
import { useTranslation } from "~/lib/use-translation";

type Page = { items: EntryView[]; nextCursor: string | null };
const LOAD_AHEAD_PX = 10;

/**
 * The header's unread assigned chats (spec §2): full name, avatar, last message, time ago; each opens the message room
 * in a new tab; a link to all messages; infinite scroll by cursor. Without JavaScript it is a link to /staff/messages.
 * The badge counts unread messages in chats assigned to the user (fresh on each page load; with JavaScript re-read on
 * each live event of a chat assigned to them, and the open list reloaded).
 */
export function HeaderChats({ messagesPath, label, unread = 0, me = null }: { messagesPath: string; label: string; unread?: number; me?: number | null }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const fetcher = useFetcher<Page>();
  const counter = useFetcher<{ count: number | null }>();
  const [items, setItems] = useState<EntryView[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [count, setCount] = useState(unread);
  const listRef = useRef<HTMLUListElement>(null);
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const refresh = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => setCount(unread), [unread]);
  useEffect(() => {
    if (typeof counter.data?.count === "number") setCount(counter.data.count);
  }, [counter.data]);
  useEffect(() => () => clearTimeout(refresh.current), []);
  useChatEvents((e) => {
    if (e.kind !== "resync" && (me === null || e.assignedProviderId !== me)) return;
    clearTimeout(refresh.current);
    refresh.current = setTimeout(() => {
      void counter.load("/resources/chats/unread");
      // The list is read again: from its first page now when open, on the next opening otherwise.
      setItems(null);
      setNext(null);
      if (detailsRef.current?.open) void fetcher.load("/resources/chats/mine");
    }, 150);
  });

  useEffect(() => {
    const page = fetcher.data;
    if (!page) return;
    setItems((current) => [...(current ?? []), ...page.items.filter((x) => !current?.some((c) => c.chatId === x.chatId))]);
    setNext(page.nextCursor);
  }, [fetcher.data]);

  const iconClasses = "inline-flex size-10 cursor-pointer list-none items-center justify-center rounded-full text-muted-foreground hover:bg-secondary-hover hover:text-foreground [&::-webkit-details-marker]:hidden";
  if (!hydrated) {
    return (
      <Link to={messagesPath} className={`${iconClasses} relative`}>
        <Icon name="messages" />
        <span className="sr-only">{label}</span>
        <UnreadBadge count={count} className="absolute -top-1 -right-1" />
      </Link>
    );
  }
  const onToggle = (open: boolean) => {
    if (open && items === null && fetcher.state === "idle") void fetcher.load("/resources/chats/mine");
  };
  const onScroll = () => {
    const el = listRef.current;
    if (!el || fetcher.state !== "idle" || !next) return;
    if (el.scrollTop + el.clientHeight >= el.scrollHeight - LOAD_AHEAD_PX) void fetcher.load(`/resources/chats/mine?cursor=${encodeURIComponent(next)}`);
  };
  return (
    <details ref={detailsRef} className="relative" data-testid="chats-menu" onToggle={(e) => onToggle(e.currentTarget.open)}>
      <summary className={`${iconClasses} relative`}>
        <Icon name="messages" />
        <span className="sr-only">{label}</span>
        <UnreadBadge count={count} className="absolute -top-1 -right-1" />
      </summary>
      <div className="absolute right-0 z-40 mt-2 grid w-[min(24rem,calc(100vw-2rem))] gap-3 rounded-lg border bg-popover p-3 text-popover-foreground shadow-lg">
        <h2 className="text-sm font-semibold">{t("common:chatsMenu.title")}</h2>
        {items && items.length === 0 ? <p className="text-sm text-muted-foreground">{t("common:chatsMenu.empty")}</p> : null}
        <ul ref={listRef} onScroll={onScroll} className="grid max-h-60 gap-1 overflow-y-auto" data-testid="chats-menu-list">
          {(items ?? []).map((e) => (
            <li key={e.chatId}>
              <a href={`/staff/messages/${e.treatment.patientId}/chat/${e.category}/${e.chatId}`} target="_blank" rel="noopener noreferrer" className="flex items-start gap-2 rounded-md p-2 hover:bg-muted">
                <Avatar name={e.userFullName} src={e.userAvatarUrl} size="sm" decorative />
                <span className="min-w-0 flex-1">
                  <span className="flex justify-between gap-2 text-sm font-medium">
                    <span className="truncate">{e.userFullName}</span>
                    <span className="shrink-0 text-xs text-muted-foreground">{e.when}</span>
                  </span>
                  <span className="block truncate text-xs text-muted-foreground">{e.message}</span>
                  <span className="sr-only">{t("common:chatsMenu.newTab")}</span>
                </span>
              </a>
            </li>
          ))}
        </ul>
        <Link to={messagesPath} className="text-sm text-primary underline">
          {t("common:chatsMenu.all")}
        </Link>
      </div>
    </details>
  );
}
