import type { Route } from "./+types/chat-events";
import { chatEventsResponse } from "~/lib/chats.server";

/**
 * GET /resources/chats/events — the signed-in user's live chat events as server-sent events (ids only), relayed from
 * the API (app/lib/chats.server.ts). Patients and staff (app/lib/access.ts); read by app/lib/chat-events.ts.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return chatEventsResponse(request, context);
}
