import { Link } from "react-router";
import type { Route } from "./+types/help-center";
import { PageTitle } from "~/components/page-title";
import { SearchInput } from "~/components/ui/search-input";
import { loadPatientChats } from "~/lib/chats.server";
import { helpTopics } from "~/lib/content.server";
import type { RouteHandle } from "~/lib/route-handle";
import { useTranslation } from "~/lib/use-translation";

export const handle = { title: "common:pages.patientHelpCenter", i18n: ["help"] } satisfies RouteHandle;

/**
 * /patient/help-center (issue 18): questions and answers by topic from content/<language>/help-center.json, searched on
 * the server (`?q=`: a GET form, works without JavaScript; with it, 600 ms after typing stops), and a link to the
 * patient's support chat (their chat of category "support", else the chat categories).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const chats = await loadPatientChats(context).catch(() => []);
  const support = chats.find((c) => c.category === "support");
  return { ...helpTopics(request, context), supportPath: support ? `/patient/chats/${support.id}#composer` : "/patient/chats/categories" };
}

export default function PatientHelpCenter({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { query, topics, supportPath } = loaderData;
  const count = topics.reduce((n, topic) => n + topic.questions.length, 0);
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <PageTitle title={handle.title} />
        <p className="text-sm text-muted-foreground">{t("help:intro")}</p>
      </header>
      <SearchInput key={query} role="search" label={t("help:search.label")} showLabel defaultValue={query} submitLabel={t("help:search.submit")} className="max-w-xl" />
      {query ? (
        <p className="text-sm" role="status" data-testid="help-results">
          {t("help:search.results", { count, query })}
        </p>
      ) : null}
      {topics.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="help-none">
          {t("help:search.none")}
        </p>
      ) : (
        topics.map((topic) => (
          <section key={topic.key} aria-labelledby={`help-${topic.key}`} className="flex flex-col gap-3 rounded-lg border bg-card p-4" data-testid="help-topic" data-topic={topic.key}>
            <h2 id={`help-${topic.key}`} className="text-lg font-semibold">
              {topic.title}
            </h2>
            <dl className="flex flex-col gap-3">
              {topic.questions.map((qa) => (
                <div key={qa.q}>
                  <dt className="font-medium">{qa.q}</dt>
                  <dd className="text-sm text-muted-foreground">{qa.a}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))
      )}
      <section aria-labelledby="help-contact" className="flex flex-col gap-2 rounded-lg border bg-card p-4">
        <h2 id="help-contact" className="text-lg font-semibold">
          {t("help:contact.title")}
        </h2>
        <p className="text-sm">{t("help:contact.text")}</p>
        <p>
          <Link to={supportPath} className="font-medium text-primary underline underline-offset-4 hover:no-underline" data-testid="support-chat">
            {t("help:contact.link")}
          </Link>
        </p>
        <p className="text-sm">
          <Link to="/terms-and-conditions" className="text-primary underline underline-offset-4">
            {t("common:pages.termsAndConditions")}
          </Link>{" "}
          ·{" "}
          <Link to="/cancellation-policy" className="text-primary underline underline-offset-4">
            {t("common:pages.cancellationPolicy")}
          </Link>
        </p>
      </section>
    </div>
  );
}
