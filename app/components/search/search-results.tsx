import { Link } from "react-router";
import type { GlobalSearch } from "../../../api/contract/global-search.ts";
import { StatusBadge } from "~/components/tasks/labels";
import { TASK_STATUS_STRINGS } from "~/components/tasks/task-model";
import { Avatar } from "~/components/ui/avatar";
import type { Area } from "~/lib/area";
import { useTranslation } from "~/lib/use-translation";
import { Highlight } from "./highlight";

type Group = "treatments" | "tasks" | "providers";
export const GROUPS: readonly Group[] = ["treatments", "tasks", "providers"];

/** Where a result leads: the patient record, the task modal over the tasks page, a provider's tasks. */
export const resultHref = {
  treatment: (area: Area, patientId: number) => `/${area}/patients/${patientId}`,
  task: (area: Area, taskId: number) => `/${area}/tasks?task=${taskId}`,
  provider: (area: Area, staffId: number) => `/${area}/tasks?assignee=${staffId}`,
};

const rowClass = "flex items-center gap-3 rounded-md px-3 py-2 hover:bg-secondary-hover focus-visible:outline-2 focus-visible:outline-ring";

export function TreatmentRow({ item, area }: { item: GlobalSearch["treatments"][number]; area: Area }) {
  const { t } = useTranslation();
  const p = item.patient;
  return (
    <Link to={resultHref.treatment(area, p.id)} className={rowClass}>
      <Avatar name={p.fullName} src={p.avatar} size="xs" decorative />
      <span className="min-w-0">
        <span className="block truncate font-medium">
          <Highlight html={item.highlight.fullName} text={p.fullName} />
        </span>
        <span className="block truncate text-xs text-muted-foreground">
          <Highlight html={item.highlight.id} text={t("search:page.patientId", { id: p.id })} /> · <Highlight html={item.highlight.email} text={p.email} />
          {p.phone ? (
            <>
              {" · "}
              <Highlight html={item.highlight.phone} text={p.phone} />
            </>
          ) : null}
          {p.age !== null ? ` · ${t("search:page.age", { count: p.age })}` : null}
          {item.journeys.length ? ` · ${item.journeys.map((j) => t(`search:journeys.${j}`)).join(", ")}` : null}
        </span>
      </span>
    </Link>
  );
}

export function TaskRow({ item, area }: { item: GlobalSearch["tasks"][number]; area: Area }) {
  const { t } = useTranslation();
  const status = TASK_STATUS_STRINGS[item.status as keyof typeof TASK_STATUS_STRINGS];
  return (
    <Link to={resultHref.task(area, item.id)} className={rowClass}>
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium">
          <Highlight html={item.highlight.title} text={item.title} />
        </span>
        <span className="block truncate text-xs text-muted-foreground">
          {t("search:page.taskId", { id: item.id })}
          {item.patient ? ` · ${t("search:page.forPatient", { name: item.patient.fullName })}` : null}
        </span>
      </span>
      {status ? <StatusBadge status={status} /> : null}
    </Link>
  );
}

export function ProviderRow({ item, area }: { item: GlobalSearch["users"][number]; area: Area }) {
  const { t } = useTranslation();
  return (
    <Link to={resultHref.provider(area, item.id)} className={rowClass}>
      <Avatar name={item.fullName} src={item.avatarUrl} size="xs" decorative />
      <span className="min-w-0">
        <span className="block truncate font-medium">
          <Highlight html={item.highlight.fullName} text={item.fullName} />
        </span>
        <span className="block truncate text-xs text-muted-foreground">
          <Highlight html={item.highlight.email} text={item.email} />
          {item.roles.length ? ` · ${item.roles.map((r) => t(`access:roles.${r.handle}`)).join(", ")}` : null}
        </span>
      </span>
    </Link>
  );
}
