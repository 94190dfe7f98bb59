import type { MiddlewareFunction } from "react-router";
import { wantsSessionSummary } from "./auth.server.ts";
import { getLanguage, getT } from "./i18n.server.ts";
import { requestEnvContext } from "./request-context.server.ts";
import { WebSession, webSessionContext } from "./session.server.ts";
import { notify } from "./toast.server.ts";
import { Upstream, loginRedirect, upstreamContext } from "./upstream.server.ts";

/**
 * First middleware of every request: opens the web session, builds this request's upstream client, and
 * after the response is built writes the session cookie back once if anything changed (upstream cookies,
 * CSRF token, sign-in or sign-out), whatever the response is (page, data, redirect, error page).
 */
export const webSessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const session = await WebSession.fromRequest(request);
  context.set(webSessionContext, session);
  context.set(
    upstreamContext,
    new Upstream({
      request,
      session,
      env: context.get(requestEnvContext),
      locale: () => getLanguage(context),
      // A page load renders the layouts, which show the profile summary: the session check brings it along
      // (app/lib/profile.server.ts). Actions, pictures and JSON resources do not ask.
      sessionSummary: wantsSessionSummary(request),
      onUnauthorized(path, reason) {
        // A session that ended between the session check of this request and a later upstream call: said the
        // way the session check says it (beside the sign-in form); a 401 that does not say why, as a toast.
        if (reason) session.flashSignedOut(reason);
        else notify(context, "info", getT(context)("common:auth.signedOutExpired"));
        throw loginRedirect(path);
      },
    }),
  );
  const response = await next();
  // A rendered page set its own (entry.server.tsx); redirects, data and files get the total.
  const { timing } = context.get(requestEnvContext);
  if (!response.headers.has("Server-Timing")) response.headers.set("Server-Timing", timing.header(true));
  // A beacon's answer may arrive after a later navigation changed the session (a sign-in on /login while the
  // page's analytics are still in flight): writing its copy back would undo that change, so beacons never write
  // the session. They only read it; nothing they learn (a CSRF token, a new form token) needs keeping.
  if (BEACONS.has(new URL(request.url).pathname)) return response;
  for (const cookie of await session.commit()) response.headers.append("Set-Cookie", cookie);
  return response;
};

/** The browser's fire-and-forget posts (app/lib/analytics.ts, app/lib/client-errors.ts), answered in any order. */
const BEACONS = new Set(["/resources/track", "/resources/track.gif", "/resources/client-errors"]);
