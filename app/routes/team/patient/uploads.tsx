import type { Route } from "./+types/uploads";
import { Link } from "react-router";
import { PageTitle } from "~/components/page-title";
import { usePatientRecord } from "~/components/patient-page";
import { Empty, Pager } from "~/components/patient-record/record-ui";
import { Badge } from "~/components/ui/badge";
import { useArea } from "~/lib/area";
import { formatDate } from "~/lib/format";
import { uploadsLoader } from "~/lib/patients.server";
import type { RouteHandle } from "~/lib/route-handle";
import { useTranslation } from "~/lib/use-translation";
import { cn } from "~/lib/utils";

export const handle = { title: "common:pages.patientTabs.uploads" } satisfies RouteHandle;

export function loader({ request, params, context }: Route.LoaderArgs) {
  return uploadsLoader(request, context, params.patientId);
}

const CATEGORIES = [1, 2, 3, 4, 5] as const;

/** Uploads (spec §3 document categories, visibility; §4 upload statuses): filter by category with links. */
export default function TeamPatientTabUploads({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const area = useArea();
  const { patient, utcOffsetMinutes } = usePatientRecord();
  const { uploads, category, page, pageCount } = loaderData;
  const base = `/${area}/patients/${patient.id}/uploads`;
  const filter = (c: number | null, label: string) => (
    <li key={c ?? "all"}>
      <Link
        to={c === null ? base : `${base}?category=${c}`}
        aria-current={category === c ? "page" : undefined}
        className={cn("inline-block rounded-full border px-3 py-1 text-sm", category === c ? "border-primary bg-primary-subtle text-primary" : "text-muted-foreground")}
      >
        {label}
      </Link>
    </li>
  );
  return (
    <div className="flex flex-col gap-4">
      <PageTitle title={handle.title} level={2} />
      <nav aria-label={t("patients:uploads.categories")}>
        <ul className="flex flex-wrap gap-2">
          {filter(null, t("patients:uploads.all"))}
          {CATEGORIES.map((c) => filter(c, t(`patients:documentCategory.${c}`)))}
        </ul>
      </nav>
      {uploads.length === 0 ? (
        <Empty>{t("patients:uploads.none")}</Empty>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" data-testid="uploads">
            <caption className="sr-only">{t("common:pages.patientTabs.uploads")}</caption>
            <thead className="text-left text-muted-foreground">
              <tr>
                <th scope="col" className="px-2 py-1">{t("patients:uploads.document")}</th>
                <th scope="col" className="px-2 py-1">{t("patients:uploads.category")}</th>
                <th scope="col" className="px-2 py-1">{t("patients:uploads.status")}</th>
                <th scope="col" className="px-2 py-1">{t("patients:uploads.visibility")}</th>
                <th scope="col" className="px-2 py-1">{t("patients:uploads.uploadedBy")}</th>
                <th scope="col" className="px-2 py-1">{t("patients:uploads.date")}</th>
              </tr>
            </thead>
            <tbody>
              {uploads.map((u) => (
                <tr key={u.id} className="border-t align-top" data-category={u.category}>
                  <td className="px-2 py-2">
                    {u.mimeType.startsWith("image/") ? <a href={u.url}>{u.title || u.fileName}</a> : (u.title || u.fileName)}
                    {u.imageKind ? <span className="text-muted-foreground"> · {t(`patients:imageKind.${u.imageKind}`)}</span> : null}
                  </td>
                  <td className="px-2 py-2">{t(`patients:documentCategory.${u.category}`)}</td>
                  <td className="px-2 py-2">
                    <Badge variant={u.status === "completed" ? "success" : "warning"}>{t(`patients:uploadStatus.${u.status}`)}</Badge>
                  </td>
                  <td className="px-2 py-2">{t(`patients:visibility.${u.visibility}`)}</td>
                  <td className="px-2 py-2">{u.uploadedBy?.fullName ?? "—"}</td>
                  <td className="px-2 py-2 tabular-nums">{formatDate(u.createdAt, { utcOffsetMinutes })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} pageCount={pageCount} href={(p) => `${base}?${category ? `category=${category}&` : ""}page=${p}`} />
    </div>
  );
}
