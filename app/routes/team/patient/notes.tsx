import type { Route } from "./+types/notes";
import { PageTitle } from "~/components/page-title";
import { usePatientRecord } from "~/components/patient-page";
import { Empty, Pager } from "~/components/patient-record/record-ui";
import { Badge } from "~/components/ui/badge";
import { useArea } from "~/lib/area";
import { formatDate } from "~/lib/format";
import { recordsLoader } from "~/lib/patients.server";
import type { RouteHandle } from "~/lib/route-handle";
import { useTranslation } from "~/lib/use-translation";

export const handle = { title: "common:pages.patientTabs.notes" } satisfies RouteHandle;

export function loader({ request, params, context }: Route.LoaderArgs) {
  return recordsLoader(request, context, params.patientId, "note");
}

/** Notes (spec §3 Visit note): providers' and nurses' notes, newest first. */
export default function TeamPatientTabNotes({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const area = useArea();
  const { patient, utcOffsetMinutes } = usePatientRecord();
  const { records, page, pageCount } = loaderData;
  return (
    <div className="flex flex-col gap-4">
      <PageTitle title={handle.title} level={2} />
      {records.length === 0 ? <Empty>{t("patients:notes.none")}</Empty> : null}
      <ol className="flex flex-col gap-3" data-testid="notes">
        {records.map((r) =>
          r.type === "note" ? (
            <li key={r.id} className="flex flex-col gap-1 rounded-lg border bg-card p-4">
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <Badge variant={r.kind === "nurse" ? "purple" : "primary"}>{t(`patients:noteKind.${r.kind}`)}</Badge>
                <span className="font-medium">{r.author?.fullName ?? t("patients:notProvided")}</span>
                <span className="text-muted-foreground">{formatDate(r.createdAt, { utcOffsetMinutes, withTime: true })}</span>
                {r.sectionType ? <span className="text-muted-foreground">· {t(`tasks:journey.${r.sectionType}`)}</span> : null}
              </div>
              <p className="text-sm whitespace-pre-line">{r.body}</p>
            </li>
          ) : null,
        )}
      </ol>
      <Pager page={page} pageCount={pageCount} href={(p) => `/${area}/patients/${patient.id}/notes?page=${p}`} />
    </div>
  );
}
