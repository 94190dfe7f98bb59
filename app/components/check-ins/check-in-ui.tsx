import { Badge, type BadgeVariant } from "~/components/ui/badge";
import { useTranslation } from "~/lib/use-translation";
import type { CheckIn } from "../../../api/contract/check-ins.ts";
import { WEIGHT_LOSS_CHECK_IN, type CheckInStatus } from "../../../api/contract/check-in-rules.ts";

/**
 * Pieces shared by the patient's check-in page and the record's check-ins section: the status badge (spec §4
 * approval: approved, pending — shown as "to answer" or "waiting for review" —, declined) and the answers as a
 * definition list, each question by its label (the patient's wording, or the staff's short one).
 */
const COLOURS: Record<CheckInStatus, BadgeVariant> = { requested: "warning", answered: "primary", approved: "success", declined: "error" };

export function CheckInBadge({ status }: { status: CheckInStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant={COLOURS[status]} data-testid="check-in-status" data-status={status}>
      {t(`checkIns:status.${status}`)}
    </Badge>
  );
}

/** One answer as text: the weight in pounds, choices by their labels, texts as written. */
export function useAnswerText() {
  const { t } = useTranslation();
  return (key: string, value: unknown): string => {
    if (value === undefined || value === null || value === "") return t("checkIns:notAnswered");
    if (key === "currentWeightLb") return t("checkIns:pounds", { value });
    const question = WEIGHT_LOSS_CHECK_IN.find((q) => q.key === key);
    if (question?.options) {
      const list = Array.isArray(value) ? value : [value];
      return list.map((v) => t(`checkIns:questions.${key}.options.${String(v)}`)).join(", ");
    }
    return Array.isArray(value) ? value.join(", ") : String(value);
  };
}

export function CheckInAnswers({ checkIn, audience }: { checkIn: CheckIn; audience: "patient" | "staff" }) {
  const { t } = useTranslation();
  const text = useAnswerText();
  const answers = checkIn.answers ?? {};
  const keys = (checkIn.questions.length ? checkIn.questions.map((q) => q.key) : WEIGHT_LOSS_CHECK_IN.map((q) => q.key)).filter(
    (key) => key in answers || WEIGHT_LOSS_CHECK_IN.find((q) => q.key === key)?.required,
  );
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[minmax(0,16rem)_1fr]" data-testid="check-in-answers">
      {keys.map((key) => (
        <div key={key} className="contents">
          <dt className="text-muted-foreground">{t(`checkIns:questions.${key}.${audience === "patient" ? "label" : "staff"}`)}</dt>
          <dd className="whitespace-pre-wrap break-words">{text(key, answers[key])}</dd>
        </div>
      ))}
    </dl>
  );
}
