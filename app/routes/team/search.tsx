import type { Route } from "./+types/search";
import { PageTitle } from "~/components/page-title";
import { GROUPS, ProviderRow, TaskRow, TreatmentRow } from "~/components/search/search-results";
import { GLOBAL_SEARCH_PAGE } from "../../../api/contract/global-search-rules.ts";
import { areaOf } from "~/lib/area";
import { searchResults, searchText } from "~/lib/global-search.server";
import type { RouteHandle } from "~/lib/route-handle";
import { useTranslation } from "~/lib/use-translation";

export const handle = { title: "common:pages.searchResults", i18n: ["search", "access", "tasks"] } satisfies RouteHandle;

/**
 * /staff/search/{search} and /manager/search/{search} (spec §2 globalSearch): the header search's results, in the
 * sections #treatments, #tasks and #providers (the hash of each group's link), 20 rows each
 * (app/lib/global-search.server.ts). Every row is a link: the patient record, the task modal, a provider's tasks.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const area = areaOf(new URL(request.url).pathname);
  const text = searchText(params.search);
  const results = text ? await searchResults(context, text) : null;
  return { area, text: text ?? "", results };
}

export default function TeamSearch({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { area, text, results } = loaderData;
  const counts = results ? { treatments: results.treatments.length, tasks: results.tasks.length, providers: results.users.length } : null;
  const total = counts ? counts.treatments + counts.tasks + counts.providers : 0;
  return (
    <div className="flex flex-col gap-6">
      <PageTitle title={handle.title} />
      <p className="text-lg" data-testid="search-heading">
        {t("search:page.heading", { text })}
      </p>
      <p className="text-sm text-muted-foreground">{t("search:page.intro")}</p>
      {!results ? (
        <p role="alert">{t("search:page.failed")}</p>
      ) : total === 0 ? (
        <p data-testid="search-no-results">{t("search:page.noResults", { text })}</p>
      ) : (
        <>
          <nav aria-label={t("search:page.sections")}>
            <ul className="flex flex-wrap gap-4 text-sm">
              {GROUPS.map((g) => (
                <li key={g}>
                  <a href={`#${g}`} className="text-primary underline underline-offset-4">
                    {t(`search:groups.${g}`)} ({counts![g]})
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          {GROUPS.map((g) => {
            const rows =
              g === "treatments"
                ? results.treatments.map((item) => <TreatmentRow key={item.patient.id} item={item} area={area} />)
                : g === "tasks"
                  ? results.tasks.map((item) => <TaskRow key={item.id} item={item} area={area} />)
                  : results.users.map((item) => <ProviderRow key={item.id} item={item} area={area} />);
            return (
              <section key={g} id={g} aria-labelledby={`${g}-heading`} className="flex scroll-mt-24 flex-col gap-2">
                <h2 id={`${g}-heading`} className="text-xl font-semibold">
                  {t(`search:groups.${g}`)}
                </h2>
                {rows.length ? (
                  <ul className="flex flex-col divide-y rounded-lg border" data-testid={`search-${g}`}>
                    {rows.map((row) => (
                      <li key={row.key}>{row}</li>
                    ))}
                  </ul>
                ) : (
                  <p className="text-sm text-muted-foreground">{t("search:page.none")}</p>
                )}
                {rows.length >= GLOBAL_SEARCH_PAGE ? <p className="text-sm text-muted-foreground">{t("search:page.limit", { count: GLOBAL_SEARCH_PAGE })}</p> : null}
              </section>
            );
          })}
        </>
      )}
    </div>
  );
}
