import { Badge, type BadgeVariant } from "~/components/ui/badge";
import { translateMessage } from "~/lib/i18n";
import { useTranslation } from "~/lib/use-translation";
import type { StaffUserStatus } from "../../../api/contract/staff-admin-rules.ts";

const STATUS_VARIANT: Record<StaffUserStatus, BadgeVariant> = { active: "success", pending: "warning", suspended: "error", inactive: "neutral" };

/** A staff account's status (users.user_status) as a badge. */
export function StaffStatusBadge({ status }: { status: StaffUserStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant={STATUS_VARIANT[status]} dot data-testid="user-status" data-status={status}>
      {t(`staffAdmin:status.${status}`)}
    </Badge>
  );
}

/** Errors of a failed form as text, each message translated. */
export function useFieldError(errors: Record<string, string[]> | undefined) {
  const { t } = useTranslation();
  return (key: string) => (errors?.[key]?.length ? errors[key]!.map((m) => translateMessage(t, m)).join(" ") : undefined);
}
