import type { MiddlewareFunction } from "react-router";
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
      onUnauthorized(path) {
        notify(context, "info", getT(context)("common:auth.signedOutExpired"));
        throw loginRedirect(path);
      },
    }),
  );
  const response = await next();
  for (const cookie of await session.commit()) response.headers.append("Set-Cookie", cookie);
  return response;
};
