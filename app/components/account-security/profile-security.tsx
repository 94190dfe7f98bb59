import { useTranslation } from "~/lib/use-translation";
import { SECURITY_SECTION_ID } from "./paths";
import { AccountSecurityPanel } from "./security-panel";
import type { AccountSecurityData, SecurityActionData } from "./types";

/**
 * The security section of the staff and manager profile pages (/staff/profile#security,
 * /manager/profile#security): the account security panel under its own h2.
 */
export function ProfileSecuritySection({ data, actionData }: { data: AccountSecurityData; actionData: SecurityActionData | undefined }) {
  const { t } = useTranslation();
  return (
    <section id={SECURITY_SECTION_ID} aria-labelledby={`${SECURITY_SECTION_ID}-heading`} className="flex scroll-mt-24 flex-col gap-4">
      <h2 id={`${SECURITY_SECTION_ID}-heading`} className="text-xl font-semibold">
        {t("security:title")}
      </h2>
      <AccountSecurityPanel data={data} actionData={actionData} level={3} />
    </section>
  );
}
