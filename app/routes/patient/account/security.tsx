import type { Route } from "./+types/security";
import { AccountSecurityPanel } from "~/components/account-security/security-panel";
import type { SecurityActionData } from "~/components/account-security/types";
import { PageTitle } from "~/components/page-title";
import { accountSecurityAction, loadAccountSecurity } from "~/lib/account-security.server";
import type { RouteHandle } from "~/lib/route-handle";
import { takeToasts } from "~/lib/toast.server";

export const handle = { title: "common:pages.accountSecurity", i18n: ["security"] } satisfies RouteHandle;

const PATH = "/patient/account/security";

/** The patient's account security page (spec §2 account pages): password, email, two-factor, sessions. */
export async function loader({ context }: Route.LoaderArgs) {
  const security = await loadAccountSecurity(context);
  return { security, toasts: takeToasts(context) };
}

export function action(args: Route.ActionArgs) {
  return accountSecurityAction(args, PATH);
}

export default function PatientAccountSecurity({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageTitle title={handle.title} />
      <AccountSecurityPanel data={loaderData.security} actionData={actionData as SecurityActionData | undefined} level={2} />
    </>
  );
}
