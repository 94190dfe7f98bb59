import type { Route } from "./+types/avatar";
import { accountApi } from "~/lib/account.server";
import { UpstreamError } from "~/lib/upstream.server";
import { avatarKeyParam } from "../../../api/contract/patient-account.ts";

/**
 * Profile pictures. The API hands out `avatarUrl` as "/api/v1/avatars/{key}" (api/contract/patient-account.ts),
 * readable with a signed-in upstream session only; the browser talks to the web alone (ARCHITECTURE §1), so the
 * web answers that same path by fetching the picture with the user's session and passing the bytes on. Any
 * `avatarUrl` can therefore be used as an <img src> as it is, on every page and for every role.
 * A missing, foreign or broken picture is a plain 404 (the Avatar component then shows the initials).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const key = avatarKeyParam.safeParse(params.key);
  if (!key.success) return new Response(null, { status: 404 });
  try {
    const upstream = await accountApi(context).avatar(key.data);
    const type = upstream.headers.get("content-type") ?? "";
    if (!/^image\/(png|jpeg|gif)$/.test(type)) {
      await upstream.body?.cancel();
      return new Response(null, { status: 404 });
    }
    return new Response(upstream.body, {
      status: 200,
      headers: {
        "Content-Type": type,
        // Cache-Control: no-store comes from server.ts, as for every page (the picture is behind a session).
        "X-Content-Type-Options": "nosniff",
        "Content-Disposition": "inline",
      },
    });
  } catch (error) {
    if (error instanceof UpstreamError) return new Response(null, { status: error.status === null || error.status >= 500 ? 502 : 404 });
    throw error;
  }
}
