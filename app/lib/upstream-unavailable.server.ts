import { data, type MiddlewareFunction } from "react-router";
import { getUpstream } from "./upstream.server.ts";
import { UNAVAILABLE, type UnavailablePayload } from "./upstream-unavailable.ts";

/**
 * One place for "the upstream does not answer" on every route (issue 12): a loader (or a resource route) that
 * let the upstream's no-response failure through would answer a 500 "Something went wrong"; instead the answer
 * becomes 503 Service Unavailable, rendered by the root error boundary with the spec §8 text "Please check your
 * internet connection and try again." (app/lib/upstream-unavailable.ts). Only the 500 of an uncaught
 * error, in a request whose upstream call got no response (Upstream.unreachable), is turned so; any other 500
 * stays a 500, and an answer a route chose (the sign-out page's 503, a form's 400) stays as it is.
 *
 * Actions need nothing of this: they catch the UpstreamError and answer the form with the §8 toast and the
 * user's input (formFailure in app/lib/account.server.ts, errorToastMessage in app/lib/toast.server.ts).
 *
 * Sits right inside webSessionMiddleware (which still writes the session cookie on the 503) and outside the toast
 * middleware: the page says it, so no "check your connection" toast is carried over to the next page.
 */
export const upstreamUnavailableMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  const response = await next();
  if (response.status === 500 && getUpstream(context).unreachable) {
    throw data<UnavailablePayload>({ reason: UNAVAILABLE }, { status: 503, statusText: "Service Unavailable" });
  }
  return response;
};
