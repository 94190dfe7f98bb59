import { data } from "react-router";
import type { Route } from "./+types/chats-mine";
import { loadMyUnreadChats } from "~/lib/chats.server";

/**
 * GET /resources/chats/mine?cursor= — the header's unread chats assigned to the signed-in user (spec §2, §6), 20 a page,
 * as JSON for its fetcher (infinite scroll). Staff only (app/lib/access.ts). A failure answers an empty page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const cursor = new URL(request.url).searchParams.get("cursor")?.slice(0, 100) || null;
  try {
    return data(await loadMyUnreadChats(context, cursor), { headers: { "Cache-Control": "no-store" } });
  } catch {
    return data({ items: [], nextCursor: null }, { headers: { "Cache-Control": "no-store" } });
  }
}
