import type { Route } from "./+types/profile";
import { ProfileSecuritySection } from "~/components/account-security/profile-security";
import type { SecurityActionData } from "~/components/account-security/types";
import { PageTitle } from "~/components/page-title";
import { GeneralSection } from "~/components/staff-profile/general-section";
import { LicensesSection } from "~/components/staff-profile/licenses-section";
import { ScheduleSection } from "~/components/staff-profile/schedule-section";
import { SignatureSection } from "~/components/staff-profile/signature-section";
import { accountSecurityAction, loadAccountSecurity } from "~/lib/account-security.server";
import { isMultipart } from "~/lib/avatar-upload.server";
import type { RouteHandle } from "~/lib/route-handle";
import { isTeamProfileIntent, type TeamFormResult } from "~/lib/team-profile";
import { loadTeamProfile, teamProfileAction } from "~/lib/team-profile.server";
import { takeToasts } from "~/lib/toast.server";

export const handle = { title: "common:pages.profile", i18n: ["security", "staffOps", "account", "tasks"] } satisfies RouteHandle;

/**
 * The profile page (spec §2; the header's profile menu links here with #general, #schedule, #licenses): account
 * settings (#general), availability and schedule (#schedule), licenses (#licenses), the clinicians' signature
 * (#signature) and account security
 * (#security). Each section's forms are plain posts that work without JavaScript; one action takes them all, by
 * intent (app/lib/team-profile.server.ts for the first three, app/lib/account-security.server.ts for security).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [team, security] = await Promise.all([loadTeamProfile(request, context), loadAccountSecurity(context)]);
  return { ...team, security, toasts: takeToasts(context) };
}

export async function action(args: Route.ActionArgs) {
  const path = new URL(args.request.url).pathname;
  if (isMultipart(args.request)) return teamProfileAction(args.request, args.context, path);
  const intent = await args.request
    .clone()
    .formData()
    .then((f) => f.get("intent"))
    .catch(() => null);
  if (isTeamProfileIntent(intent)) return teamProfileAction(args.request, args.context, path);
  return accountSecurityAction(args, path);
}

export default function TeamProfile({ loaderData, actionData }: Route.ComponentProps) {
  const teamResult = actionData && typeof actionData === "object" && "intent" in actionData && isTeamProfileIntent(actionData.intent) ? (actionData as TeamFormResult) : undefined;
  const securityResult = teamResult ? undefined : (actionData as SecurityActionData | undefined);
  return (
    <>
      <PageTitle title={handle.title} />
      <GeneralSection general={loaderData.general} result={teamResult} />
      <ScheduleSection availability={loaderData.availability} settings={loaderData.settings} calendar={loaderData.calendar} result={teamResult} />
      <LicensesSection licenses={loaderData.licenses} result={teamResult} />
      {loaderData.signature ? <SignatureSection signature={loaderData.signature} result={teamResult} /> : null}
      <ProfileSecuritySection data={loaderData.security} actionData={securityResult} />
    </>
  );
}
