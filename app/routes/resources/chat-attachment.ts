import type { Route } from "./+types/chat-attachment";
import { chatAttachmentResponse } from "~/lib/chats.server";
import { idParam } from "../../../api/contract/common.ts";

/**
 * Chat attachments (issue 17): the API hands out "/api/v1/chats/attachments/{id}", served to the chat's participants
 * only; the web answers that same path with the viewer's session (as the avatars are). See chatAttachmentResponse.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = idParam.safeParse(params.id);
  if (!id.success) return new Response(null, { status: 404 });
  return chatAttachmentResponse(context, id.data);
}
