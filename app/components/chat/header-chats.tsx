import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { Icon } from "~/components/icons";
import { Avatar } from "~/components/ui/avatar";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { EntryView } from "~/lib/chats.server";
import { useTranslation } from "~/lib/use-translation";

type Page = { items: EntryView[]; nextCursor: string | null };
const LOAD_AHEAD_PX = 10;

/**
 * The header's unread assigned chats (spec §2): full name, avatar, last message, time ago; each opens the message room
 * in a new tab; a link to all messages; infinite scroll by cursor. Without JavaScript it is a link to /staff/messages.
 */
export function HeaderChats({ messagesPath, label }: { messagesPath: string; label: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const fetcher = useFetcher<Page>();
  const [items, setItems] = useState<EntryView[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const page = fetcher.data;
    if (!page) return;
    setItems((current) => [...(current ?? []), ...page.items.filter((x) => !current?.some((c) => c.chatId === x.chatId))]);
    setNext(page.nextCursor);
  }, [fetcher.data]);

  const iconClasses = "inline-flex size-10 cursor-pointer list-none items-center justify-center rounded-full text-muted-foreground hover:bg-secondary-hover hover:text-foreground [&::-webkit-details-marker]:hidden";
  if (!hydrated) {
    return (
      <Link to={messagesPath} className={iconClasses}>
        <Icon name="messages" />
        <span className="sr-only">{label}</span>
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
    <details className="relative" data-testid="chats-menu" onToggle={(e) => onToggle(e.currentTarget.open)}>
      <summary className={iconClasses}>
        <Icon name="messages" />
        <span className="sr-only">{label}</span>
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
