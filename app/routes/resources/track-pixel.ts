import type { Route } from "./+types/track-pixel";
import { fetchSite } from "~/lib/csrf.server";
import { trackApi } from "~/lib/track.server";

/** A 1×1 transparent GIF. */
const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
const VISIT_COOKIE = "th_visit";

/**
 * Analytics without JavaScript: the <noscript> image of app/components/analytics.tsx. Only browsers that do
 * not run scripts request it, so each document they load is one PageView (name and path, no device details),
 * and the first of a visit (no th_visit session cookie yet) also records the visit's Init.
 * Images from other sites are ignored (Sec-Fetch-Site), so nobody can inflate someone else's analytics.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const headers = new Headers({ "Content-Type": "image/gif", "Cache-Control": "no-store" });
  const site = fetchSite(request);
  if (site === "same-origin" || site === null) {
    const url = new URL(request.url);
    const payload = { name: (url.searchParams.get("name") ?? "").slice(0, 200), url: (url.searchParams.get("url") ?? "").slice(0, 2000) };
    const track = trackApi(context);
    try {
      if (!/(?:^|;\s*)th_visit=1(?:;|$)/.test(request.headers.get("cookie") ?? "")) {
        await track.record({ event: "Init", payload });
        headers.append("Set-Cookie", `${VISIT_COOKIE}=1; Path=/; HttpOnly; SameSite=Lax`);
      }
      await track.record({ event: "PageView", payload });
    } catch {
      // Silent.
    }
  }
  return new Response(new Uint8Array(GIF), { status: 200, headers });
}
