import type { Route } from "./+types/chat-attachment";
import { getUpstream, UpstreamError } from "~/lib/upstream.server";
import { idParam } from "../../../api/contract/common.ts";

/**
 * Chat attachments (issue 17): the API hands out "/api/v1/chats/attachments/{id}", served to the chat's participants
 * only; the web answers that same path with the viewer's session (as the avatars are), a PNG inline or a PDF as a
 * download. Anything else, or a refusal, is a plain 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = idParam.safeParse(params.id);
  if (!id.success) return new Response(null, { status: 404 });
  try {
    const upstream = await getUpstream(context).download("GET /api/v1/chats/attachments/:id", { params: { id: id.data } });
    const type = upstream.headers.get("content-type") ?? "";
    if (type !== "image/png" && type !== "application/pdf") {
      await upstream.body?.cancel();
      return new Response(null, { status: 404 });
    }
    return new Response(upstream.body, {
      status: 200,
      headers: {
        "Content-Type": type,
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'; sandbox",
        "Content-Disposition": type === "application/pdf" ? 'attachment; filename="document.pdf"' : "inline",
      },
    });
  } catch (error) {
    if (error instanceof UpstreamError) return new Response(null, { status: error.status === null || error.status >= 500 ? 502 : 404 });
    throw error;
  }
}
