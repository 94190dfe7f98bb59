import { isbot } from "isbot";

/**
 * A browser that has run our JavaScript before carries the `th_js` cookie (set on hydration); only then is
 * the page streamed (shell first). Everyone else — JavaScript off, bots — gets the complete page
 * (ARCHITECTURE §3: a Suspense fallback is only replaced by script). app/entry.server.tsx renders by it, and a
 * streamed dashboard's loader (app/lib/journeys.server.ts) resolves its panels before rendering when it is false:
 * React writes a boundary that suspended as its fallback plus a script that swaps the content in, even when the
 * page is sent whole (onAllReady), so without script the panels must not suspend at all.
 */
export function wantsStreaming(request: Request): boolean {
  const userAgent = request.headers.get("user-agent");
  if (userAgent && isbot(userAgent)) return false;
  return /(?:^|;\s*)th_js=1(?:;|$)/.test(request.headers.get("cookie") ?? "");
}
