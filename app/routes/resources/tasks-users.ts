import { data } from "react-router";
import type { Route } from "./+types/tasks-users";
import { isPickerTeam } from "~/components/tasks/task-model";
import { loadPickerPage } from "~/lib/tasks.server";
import { UpstreamError } from "~/lib/upstream.server";

/**
 * GET /resources/tasks/users?kind=assignee|patient&team=&search=&page=&key= — one page (20) of the user
 * picker's people (app/components/tasks/user-picker.tsx) as JSON, for the picker's fetcher. `key` is echoed
 * so the picker can tell which request an answer belongs to. Staff only (app/lib/access.ts).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const kind = params.get("kind") === "patient" ? "patient" : "assignee";
  const team = params.get("team");
  const page = Number(params.get("page") ?? "1");
  const key = (params.get("key") ?? "").slice(0, 200);
  try {
    const result = await loadPickerPage(context, kind, {
      search: (params.get("search") ?? "").slice(0, 100),
      team: isPickerTeam(team) ? team : "all",
      page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    });
    return data({ ...result, key }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    // The picker shows an empty page; the next scroll or search tries again.
    return data({ items: [], page: 1, hasMore: false, key }, { status: 200, headers: { "Cache-Control": "no-store" } });
  }
}
