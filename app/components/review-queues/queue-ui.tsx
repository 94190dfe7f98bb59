import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { offsetText } from "~/components/account/time-zones";
import { useTranslation } from "~/lib/use-translation";

/**
 * The keyset pager of the review queues: "Next page" carries the API's cursor (other query values kept), and a
 * page reached by cursor offers "Back to the first page". Plain links: they work without JavaScript.
 */
export function CursorPager({ nextCursor, paged }: { nextCursor: string | null; paged: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  if (!nextCursor && !paged) return null;
  const params = new URLSearchParams(location.search);
  params.delete("cursor");
  const first = `${location.pathname}${params.size ? `?${params}` : ""}`;
  const next = new URLSearchParams(params);
  if (nextCursor) next.set("cursor", nextCursor);
  return (
    <nav aria-label={t("review:pager.label")} className="flex flex-wrap items-center gap-4 text-sm">
      {paged ? (
        <Link to={first} className="text-primary underline underline-offset-4 hover:no-underline">
          {t("review:pager.first")}
        </Link>
      ) : null}
      {nextCursor ? (
        <Link to={`${location.pathname}?${next}`} className="text-primary underline underline-offset-4 hover:no-underline" data-testid="next-page">
          {t("review:pager.next")}
        </Link>
      ) : null}
    </nav>
  );
}

/** A list's empty state. */
export function QueueEmpty({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed bg-card px-4 py-8 text-center text-muted-foreground" data-testid="queue-empty">
      {children}
    </p>
  );
}

/** Table cell classes shared by the queues. */
export const th = "px-3 py-2 text-start text-xs font-medium text-muted-foreground";
export const td = "px-3 py-3 align-top text-sm";

/** Names the time zone the list's dates are shown in (the viewer's profile zone, or its UTC offset). */
export function ZoneNote({ utcOffsetMinutes, zoneName }: { utcOffsetMinutes: number; zoneName: string | null }) {
  const { t } = useTranslation();
  const offset = `UTC${offsetText(utcOffsetMinutes)}`;
  const zone = zoneName ? `${zoneName.replaceAll("_", " ")} (${offset})` : offset;
  return (
    <p className="text-sm text-muted-foreground" data-testid="zone-note">
      {t("review:zoneNote", { zone })}
    </p>
  );
}
