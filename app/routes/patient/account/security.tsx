import type { Route } from "./+types/security";
import { AccountSecurityPanel } from "~/components/account-security/security-panel";
import type { SecurityActionData } from "~/components/account-security/types";
import { PageTitle } from "~/components/page-title";
import { accountSecurityAction, loadAccountSecurity } from "~/lib/account-security.server";
import type { RouteHandle } from "~/lib/route-handle";
import { takeToasts } from "~/lib/toast.server";
import { loadMyAccessLog } from "~/lib/record-export.server";
import { useViewerZone } from "~/lib/use-viewer-zone";
import { MyAccessLogSection, MyRecordDownload } from "~/components/record/my-record-section";
import { ACCESS_LOG_PARAM } from "~/components/record/paths";

export const handle = { title: "common:pages.accountSecurity", i18n: ["security", "access"] } satisfies RouteHandle;

const PATH = "/patient/account/security";

/**
 * The patient's account security page (spec §2 account pages): password, email, two-factor, sessions; and (issue 18)
 * "Download my record" (FHIR R4 JSON) and who on the staff opened the record (the access log, `?log=` pages it).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [security, accessLog] = await Promise.all([loadAccountSecurity(context), loadMyAccessLog(context, new URL(request.url).searchParams.get(ACCESS_LOG_PARAM))]);
  return { security, accessLog, toasts: takeToasts(context) };
}

export function action(args: Route.ActionArgs) {
  return accountSecurityAction(args, PATH);
}

export default function PatientAccountSecurity({ loaderData, actionData }: Route.ComponentProps) {
  const { utcOffsetMinutes } = useViewerZone();
  return (
    <>
      <PageTitle title={handle.title} />
      <div className="flex flex-col gap-6">
        <AccountSecurityPanel data={loaderData.security} actionData={actionData as SecurityActionData | undefined} level={2} />
        <MyRecordDownload level={2} />
        <MyAccessLogSection level={2} log={loaderData.accessLog} utcOffsetMinutes={utcOffsetMinutes} />
      </div>
    </>
  );
}
