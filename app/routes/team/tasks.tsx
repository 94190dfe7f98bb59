import type { Route } from "./+types/tasks";
import { TasksPage } from "~/components/tasks/tasks-page";
import type { RouteHandle } from "~/lib/route-handle";
import { areaOf } from "~/lib/area";
import { tasksAction, tasksLoader } from "~/lib/tasks.server";

export const handle = { title: "common:pages.tasks" } satisfies RouteHandle;

/** /staff/tasks and /manager/tasks (spec §2): the shared tasks page (app/components/tasks/tasks-page.tsx, app/lib/tasks.server.ts). */
export function loader({ request, context }: Route.LoaderArgs) {
  return tasksLoader(request, context, areaOf(new URL(request.url).pathname));
}

export function action({ request, context }: Route.ActionArgs) {
  return tasksAction(request, context, areaOf(new URL(request.url).pathname));
}

export default function TeamTasks({ loaderData, actionData }: Route.ComponentProps) {
  return <TasksPage data={loaderData} actionData={actionData ?? undefined} />;
}
