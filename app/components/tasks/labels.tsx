import { useTranslation } from "~/lib/use-translation";
import { Badge, taskStatusBadgeVariant, type TaskStatus } from "~/components/ui/badge";
import type { SelectOption } from "~/components/ui/select";
import { CATEGORY_OPTIONS, TASK_JOURNEY_VALUES, TASK_SOURCES, TASK_STATUS_VALUES, TASK_STATUS_STRINGS } from "./task-model";

type T = (key: string, options?: Record<string, unknown>) => string;

/** A task status badge in the colour of spec §4 (todo warning, in progress light blue, …). */
export function StatusBadge({ status, className }: { status: string; className?: string }) {
  const { t } = useTranslation();
  const key = status as TaskStatus;
  return (
    <Badge variant={taskStatusBadgeVariant[key] ?? "neutral"} dot className={className} data-status={status}>
      {t(`tasks:status.${status}`)}
    </Badge>
  );
}

export const statusOptions = (t: T): SelectOption[] =>
  TASK_STATUS_VALUES.map((v) => ({ value: TASK_STATUS_STRINGS[v], label: t(`tasks:status.${TASK_STATUS_STRINGS[v]}`) }));
export const journeyOptions = (t: T): SelectOption[] => TASK_JOURNEY_VALUES.map((v) => ({ value: String(v), label: t(`tasks:journey.${v}`) }));
export const categoryOptions = (t: T): SelectOption[] => CATEGORY_OPTIONS.map((v) => ({ value: String(v), label: t(`tasks:category.${v}`) }));
export const sourceOptions = (t: T): SelectOption[] => TASK_SOURCES.map((v) => ({ value: v, label: t(`tasks:source.${v}`) }));

/** Label of an optional code ("—" when empty). */
export const categoryLabel = (t: T, category: number | null) => (category === null ? "—" : t(`tasks:category.${category}`));
export const journeyLabel = (t: T, journey: number | null) => (journey === null ? "—" : t(`tasks:journey.${journey}`));
export const sourceLabel = (t: T, source: string | null) => (source === null ? "—" : t(`tasks:source.${source}`));
