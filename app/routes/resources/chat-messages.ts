import { data } from "react-router";
import type { Route } from "./+types/chat-messages";
import { loadEarlierMessages } from "~/lib/chats.server";
import { idParam } from "../../../api/contract/common.ts";

/**
 * GET /resources/chats/:id/messages?before= — an older page of a chat as JSON, for the thread's loading on scroll
 * (app/components/chat/thread.tsx). Patients and staff (app/lib/access.ts); the API decides who reaches the chat.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = idParam.safeParse(params.id);
  const before = idParam.safeParse(new URL(request.url).searchParams.get("before"));
  if (!id.success || !before.success) return data({ messages: [], nextBefore: null }, { status: 400, headers: { "Cache-Control": "no-store" } });
  return data(await loadEarlierMessages(context, id.data, before.data), { headers: { "Cache-Control": "no-store" } });
}
