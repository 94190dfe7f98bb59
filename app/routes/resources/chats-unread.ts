import { data } from "react-router";
import type { Route } from "./+types/chats-unread";
import { loadUnreadCount } from "~/lib/chats.server";

/**
 * GET /resources/chats/unread — `{ count }`: the signed-in user's unread chat messages (a patient's chats; staff, the
 * chats assigned to them), for the counters refreshed by live events. A failure answers `{ count: null }` (keep the
 * shown figure).
 */
export async function loader({ context }: Route.LoaderArgs) {
  try {
    return data({ count: await loadUnreadCount(context) as number | null }, { headers: { "Cache-Control": "no-store" } });
  } catch {
    return data({ count: null as number | null }, { headers: { "Cache-Control": "no-store" } });
  }
}
