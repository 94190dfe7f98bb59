import { data } from "react-router";
import type { Route } from "./+types/tasks-mine";
import { isMyTaskTab, loadMyTasks } from "~/lib/tasks.server";

/**
 * GET /resources/tasks/mine?tab=<status>&cursor=&page= — the header dropdown's next rows (spec §2: the
 * signed-in user's tasks, page size 20 from page 1, infinite scroll) as JSON for its fetcher.
 * Staff only (app/lib/access.ts). A failure answers an empty page (spec §8: the list stops paging silently).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const tab = params.get("tab");
  const page = Number(params.get("page") ?? "1");
  const result = await loadMyTasks(
    context,
    isMyTaskTab(tab) ? tab : "todo",
    params.get("cursor")?.slice(0, 300) || null,
    Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  );
  return data(result ?? { tab: isMyTaskTab(tab) ? tab : "todo", page: 1, items: [], nextCursor: null }, { headers: { "Cache-Control": "no-store" } });
}
