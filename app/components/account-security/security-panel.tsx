import { EmailSection } from "./email-section";
import { PasswordSection } from "./password-section";
import { SessionsSection } from "./sessions-section";
import type { HeadingLevel } from "./shared";
import { TwoFactorSection } from "./two-factor-section";
import type { AccountSecurityData, SecurityActionData } from "./types";

/**
 * The account security panel (issue 5): password, email, two-factor authentication and sessions, each its
 * own section (anchors #password, #email, #two-factor, #sessions) with its own form(s). The page that mounts
 * it provides the loader (`loadAccountSecurity`) and the action (`accountSecurityAction`) of
 * app/lib/account-security.server.ts; `level` is the heading level of the sections.
 */
export function AccountSecurityPanel({
  data,
  actionData,
  level,
}: {
  data: AccountSecurityData;
  actionData: SecurityActionData | undefined;
  level: HeadingLevel;
}) {
  return (
    <div className="flex flex-col gap-6">
      <PasswordSection level={level} actionData={actionData} />
      <EmailSection level={level} email={data.email} actionData={actionData} />
      <TwoFactorSection level={level} authMethods={data.authMethods} actionData={actionData} />
      <SessionsSection level={level} sessions={data.sessions} utcOffsetMinutes={data.utcOffsetMinutes} />
    </div>
  );
}
