import { Link } from "react-router";
import type { Route } from "./+types/chats";
import { PageTitle } from "~/components/page-title";
import { Badge } from "~/components/ui/badge";
import { loadPatientChats } from "~/lib/chats.server";
import { relativeTime } from "~/lib/format";
import { viewerUtcOffset } from "~/lib/profile.server";
import { getLanguage } from "~/lib/i18n.server";
import type { RouteHandle } from "~/lib/route-handle";
import { takeToasts } from "~/lib/toast.server";
import { useTranslation } from "~/lib/use-translation";

export const handle = { title: "common:pages.patientChats", i18n: ["chat"] } satisfies RouteHandle;

/** The patient's conversations (issue 17): one per category, with its unread count and last message time. */
export async function loader({ context }: Route.LoaderArgs) {
  const chats = await loadPatientChats(context);
  const locale = getLanguage(context);
  const now = new Date();
  const utcOffsetMinutes = await viewerUtcOffset(context);
  return {
    chats: chats.map((c) => ({ id: c.id, category: c.category, unreadCount: c.unreadCount, when: c.lastMessageAt ? relativeTime(c.lastMessageAt, now, { locale, utcOffsetMinutes }) : null })),
    toasts: takeToasts(context),
  };
}

export default function PatientChats({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <PageTitle title={handle.title} />
        <p className="text-muted-foreground">{t("chat:list.intro")}</p>
      </div>
      <ul className="grid gap-3" data-testid="chat-list">
        {loaderData.chats.map((c) => (
          <li key={c.id} className="rounded-lg border p-4">
            <Link to={`/patient/chats/${c.id}`} className="flex flex-wrap items-center justify-between gap-2 font-semibold text-primary underline">
              <span>{t(`chat:categories.${c.category}`)}</span>
            </Link>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              {c.when ? t("chat:list.last", { when: c.when }) : t("chat:list.noMessages")}
              {c.unreadCount > 0 ? <Badge variant="primary" data-testid="chat-unread">{t("chat:list.unread", { count: c.unreadCount })}</Badge> : null}
            </p>
          </li>
        ))}
      </ul>
      <p>
        <Link to="/patient/chats/categories" className="text-primary underline">
          {t("chat:list.startNew")}
        </Link>
      </p>
    </div>
  );
}
