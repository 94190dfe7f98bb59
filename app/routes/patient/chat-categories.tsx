import { Link } from "react-router";
import type { Route } from "./+types/chat-categories";
import { PageTitle } from "~/components/page-title";
import { loadPatientChats } from "~/lib/chats.server";
import type { RouteHandle } from "~/lib/route-handle";
import { useTranslation } from "~/lib/use-translation";

export const handle = { title: "common:pages.patientChatCategories", i18n: ["chat"] } satisfies RouteHandle;

/** The chat categories (README "Messaging (issue 17)"): who the patient writes to; each opens its conversation. */
export async function loader({ context }: Route.LoaderArgs) {
  const chats = await loadPatientChats(context);
  return { chats: chats.map((c) => ({ id: c.id, category: c.category })) };
}

export default function PatientChatCategories({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <PageTitle title={handle.title} />
        <p className="text-muted-foreground">{t("chat:categoriesPage.intro")}</p>
      </div>
      <ul className="grid gap-3 md:grid-cols-3" data-testid="chat-categories">
        {loaderData.chats.map((c) => (
          <li key={c.id} className="rounded-lg border p-4">
            <Link to={`/patient/chats/${c.id}#composer`} className="font-semibold text-primary underline">
              {t(`chat:categories.${c.category}`)}
            </Link>
            <p className="mt-1 text-sm text-muted-foreground">{t(`chat:categoryHints.${c.category}`)}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
