import { Link, useSearchParams } from "react-router";
import { useRevalidateOnChatEvents } from "~/lib/chat-events";
import type { Route } from "./+types/messages";
import { PageTitle } from "~/components/page-title";
import { Avatar } from "~/components/ui/avatar";
import { Badge } from "~/components/ui/badge";
import { Tabs } from "~/components/ui/tabs";
import { loadStaffList, type EntryView, type ListTab } from "~/lib/chats.server";
import type { RouteHandle } from "~/lib/route-handle";
import { takeToasts } from "~/lib/toast.server";
import { useTranslation } from "~/lib/use-translation";

export const handle = { title: "common:pages.messages", i18n: ["chat"] } satisfies RouteHandle;

const TABS: ListTab[] = ["unread", "assigned", "read"];

/** The staff message lists (issue 17, spec §7): unread, assigned to me (unread), read; newest first, cursor-paged. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const requested = url.searchParams.get("tab");
  const tab: ListTab = TABS.find((x) => x === requested) ?? "unread";
  const cursor = (url.searchParams.get("cursor") ?? "").slice(0, 100) || undefined;
  const list = await loadStaffList(context, tab, cursor);
  return { tab, ...list, toasts: takeToasts(context) };
}

/** The message room of an entry: the patient, the chat's category and the chat itself. */
const roomPath = (e: Pick<EntryView, "treatment" | "category" | "chatId">) => `/staff/messages/${e.treatment.patientId}/chat/${e.category}/${e.chatId}`;

export default function StaffMessages({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { tab, entries, nextCursor } = loaderData;
  const [search] = useSearchParams();
  // Live: the first page of a list follows new messages (a burst within a second is one refresh).
  useRevalidateOnChatEvents(() => !search.get("cursor"), 1000);
  const list = (
    <div className="flex flex-col gap-4">
      {entries.length === 0 ? (
        <p className="text-muted-foreground">{t("chat:staff.empty")}</p>
      ) : (
        <ul className="divide-y rounded-lg border" data-testid="chat-entries">
          {entries.map((e) => (
            <li key={e.chatId} className="flex items-start gap-3 p-4">
              <Avatar name={e.userFullName} src={e.userAvatarUrl} size="md" decorative />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2">
                  <a href={roomPath(e)} target="_blank" rel="noopener noreferrer" className="font-semibold text-primary underline">
                    {e.userFullName}
                    <span className="sr-only"> {t("chat:staff.newTab")}</span>
                  </a>
                  <Badge variant="neutral">{t(`chat:categories.${e.category}`)}</Badge>
                  {e.unreadCount > 0 ? <Badge variant="primary">{t("chat:staff.unread", { count: e.unreadCount })}</Badge> : null}
                </p>
                <p className="truncate text-sm text-muted-foreground">{e.message}</p>
              </div>
              <time dateTime={e.lastMessageDate ?? undefined} className="shrink-0 text-sm text-muted-foreground">
                {e.when}
              </time>
            </li>
          ))}
        </ul>
      )}
      {nextCursor ? (
        <p>
          <Link to={`?tab=${tab}&cursor=${encodeURIComponent(nextCursor)}`} className="text-primary underline">
            {t("chat:staff.more")}
          </Link>
        </p>
      ) : null}
    </div>
  );
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <PageTitle title={handle.title} />
        <p className="text-muted-foreground">{t("chat:staff.intro")}</p>
      </div>
      <Tabs label={t("chat:staff.listLabel")} value={tab} items={TABS.map((id) => ({ id, label: t(`chat:staff.tabs.${id}`), content: id === tab ? list : null }))} />
    </div>
  );
}
