import type { Route } from "./+types/profile";
import { ProfileSecuritySection } from "~/components/account-security/profile-security";
import type { SecurityActionData } from "~/components/account-security/types";
import { PageTitle } from "~/components/page-title";
import { accountSecurityAction, loadAccountSecurity } from "~/lib/account-security.server";
import type { RouteHandle } from "~/lib/route-handle";
import { takeToasts } from "~/lib/toast.server";

export const handle = { title: "common:pages.profile", i18n: ["security"] } satisfies RouteHandle;

/**
 * The profile page (spec §2; the header's profile menu links here with #general, #schedule, #licenses).
 * For now it holds the account security section (#security); the other sections come with their issues.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const security = await loadAccountSecurity(context);
  return { security, toasts: takeToasts(context) };
}

export function action(args: Route.ActionArgs) {
  return accountSecurityAction(args, new URL(args.request.url).pathname);
}

export default function TeamProfile({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageTitle title={handle.title} />
      <ProfileSecuritySection data={loaderData.security} actionData={actionData as SecurityActionData | undefined} />
    </>
  );
}
