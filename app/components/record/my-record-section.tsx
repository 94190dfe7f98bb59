import { Link } from "react-router";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/use-translation";
import { SecuritySection, type HeadingLevel } from "~/components/account-security/shared";
import type { MyAccessLog } from "~/lib/record-export.server";
import { ACCESS_LOG_PARAM, MY_RECORD_PATH } from "./paths";

/** "Download my record" (issue 18): the patient's record as a FHIR R4 JSON file, through the web's resource route. */
export function MyRecordDownload({ level }: { level: HeadingLevel }) {
  const { t } = useTranslation();
  return (
    <SecuritySection id="my-record" title={t("security:record.download.title")} level={level} description={t("security:record.download.description")}>
      <div className="flex flex-col gap-2">
        <p>
          <a
            href={MY_RECORD_PATH}
            download
            data-testid="download-record"
            className="inline-flex items-center gap-2 rounded-md border bg-background px-4 py-2 text-sm font-medium hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            {t("security:record.download.link")}
          </a>
        </p>
        <p className="text-sm text-muted-foreground">{t("security:record.download.note")}</p>
      </div>
    </SecuritySection>
  );
}

/**
 * The patient's access log (issue 18): who on the staff opened their record and when, newest first, times in the
 * patient's zone; "Show earlier access" is a plain link with the next cursor (`?log=`), so it works without JavaScript.
 */
export function MyAccessLogSection({ level, log, utcOffsetMinutes }: { level: HeadingLevel; log: MyAccessLog; utcOffsetMinutes: number }) {
  const { t } = useTranslation();
  const when = (iso: string) => formatDate(iso, { utcOffsetMinutes, withTime: true, t });
  const actionText = (action: string) => t(`security:record.accessLog.action.${action.replace(/\./g, "_")}`, { defaultValue: t("security:record.accessLog.action.other") });
  const roleText = (role: string, title: string) => t(`access:roles.${role}`, { defaultValue: title });
  return (
    <SecuritySection id="access-log" title={t("security:record.accessLog.title")} level={level} description={t("security:record.accessLog.description")}>
      {!log ? (
        <p className="text-muted-foreground">{t("security:unavailable")}</p>
      ) : log.items.length === 0 ? (
        <p className="text-muted-foreground" data-testid="access-log-empty">
          {t("security:record.accessLog.empty")}
        </p>
      ) : (
        <div className="flex flex-col gap-3">
          <div className="overflow-x-auto rounded-lg ring-1 ring-border">
            <table className="w-full text-left text-sm" data-testid="access-log">
              <caption className="sr-only">{t("security:record.accessLog.caption")}</caption>
              <thead className="bg-muted/50">
                <tr>
                  <th scope="col" className="p-3 font-medium">{t("security:record.accessLog.when")}</th>
                  <th scope="col" className="p-3 font-medium">{t("security:record.accessLog.who")}</th>
                  <th scope="col" className="p-3 font-medium">{t("security:record.accessLog.role")}</th>
                  <th scope="col" className="p-3 font-medium">{t("security:record.accessLog.what")}</th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {log.items.map((e) => (
                  <tr key={e.id} data-testid="access-log-entry">
                    <td className="p-3 whitespace-nowrap">
                      <time dateTime={e.at}>{when(e.at)}</time>
                    </td>
                    <td className="p-3">{e.staff.fullName}</td>
                    <td className="p-3">{roleText(e.staff.role, e.staff.roleTitle)}</td>
                    <td className="p-3">{actionText(e.action)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="flex flex-wrap gap-4 text-sm">
            {log.cursor ? (
              <Link to={{ search: "", hash: "access-log" }} preventScrollReset className="underline underline-offset-4">
                {t("security:record.accessLog.newest")}
              </Link>
            ) : null}
            {log.nextCursor ? (
              <Link to={{ search: `?${ACCESS_LOG_PARAM}=${log.nextCursor}`, hash: "access-log" }} preventScrollReset className="underline underline-offset-4" data-testid="access-log-more">
                {t("security:record.accessLog.more")}
              </Link>
            ) : null}
          </p>
        </div>
      )}
    </SecuritySection>
  );
}
