import { randomBytes } from "node:crypto";
import { createContext, createCookieSessionStorage, redirect, type RouterContextProvider, type SessionStorage } from "react-router";
import { createToastUtilsWithCustomSession, getToast } from "remix-toast";
import type { TFunction } from "i18next";
import { webConfig } from "./config.server.ts";
import { createSignedCookie } from "./signed-cookie.server.ts";
import { translateUpstream } from "./upstream-messages.ts";
import { UpstreamError } from "./upstream.server.ts";
import type { Toast, ToastType } from "./toast.ts";

/**
 * Toasts (spec §8, §9; ARCHITECTURE §3) with remix-toast: a toast travels to the next request in
 * remix-toast's flash cookie (`flash: { toast }`), signed with our secret.
 *
 * One addition for pages that work without JavaScript: a toast raised while this same request still
 * renders the page (a no-JS form post that re-renders with errors, a loader that failed) is shown in
 * this response instead of the next one. The root middleware (toastMiddleware below) therefore
 *  - reads the incoming flash toast;
 *  - collects toasts raised during the request with notify();
 *  - lets loaders hand them to the page with takeToasts(): the shell route's loader does, and so does any
 *    loader that may raise one itself (loaders run side by side, so the shell may have finished first) —
 *    the Toaster shows the `toasts` of every matched route's data;
 *  - after the response is built, flashes the newest toast that no loader handed over (or all of them when
 *    the response is a redirect, which renders nothing) for the next request, and clears the old flash.
 */
/** __Host- binds the cookie to this exact origin (it needs Secure, so production only), as the session cookie. */
export const toastCookieName = (production: boolean) => (production ? "__Host-th_toast" : "th_toast");
/** Whether a request carries a toast cookie (either name): only then is it read and verified. */
const CARRIES_TOAST = /(?:^|;\s*)(?:__Host-)?th_toast=/;
export const carriesToast = (cookie: string) => CARRIES_TOAST.test(cookie);

let storage: SessionStorage | undefined;
function toastStorage(): SessionStorage {
  if (!storage) {
    const { production, cookieSecret } = webConfig();
    storage = createCookieSessionStorage({
      cookie: createSignedCookie(toastCookieName(production), {
        httpOnly: true,
        sameSite: "lax",
        secure: production,
        path: "/",
        secrets: [cookieSecret],
      }),
    });
  }
  return storage;
}

/** remix-toast's helpers (redirectWithSuccess, dataWithError, …) bound to our signed cookie. */
export function toastUtils() {
  return createToastUtilsWithCustomSession(toastStorage());
}

type ToastState = { incoming: Toast | null; pending: Toast[]; delivered: Set<string> };
const toastStateContext = createContext<ToastState>();

function withId(toast: Omit<Toast, "id"> & { id?: string }): Toast {
  return { ...toast, id: toast.id ?? randomBytes(6).toString("base64url") };
}

/** Raise a toast: shown in this response when it renders the page, else on the next page. */
export function notify(context: Readonly<RouterContextProvider>, type: ToastType, message: string) {
  context.get(toastStateContext).pending.push(withId({ type, message }));
}

/** Redirect and show a toast on the page redirected to. */
export function redirectWithToast(
  context: Readonly<RouterContextProvider>,
  url: string,
  type: ToastType,
  message: string,
  init?: ResponseInit,
): Response {
  notify(context, type, message);
  return redirect(url, init);
}

/** For loaders: the toasts raised so far that no other loader of this request handed over yet. */
export function takeToasts(context: Readonly<RouterContextProvider>): Toast[] {
  const state = context.get(toastStateContext);
  const fresh = [...(state.incoming ? [state.incoming] : []), ...state.pending].filter((toast) => !state.delivered.has(toast.id));
  for (const toast of fresh) state.delivered.add(toast.id);
  return fresh;
}

/** A redirect: a plain 3xx, or React Router's single-fetch redirect (202) for data requests. */
function isRedirect(response: Response): boolean {
  return (response.status >= 300 && response.status < 400) || response.status === 202;
}

export async function toastMiddleware(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  next: () => Promise<Response>,
): Promise<Response> {
  // remix-toast's getToast signs a fresh cookie on every call: only asked when the request carries a toast.
  const hasToast = carriesToast(request.headers.get("Cookie") ?? "");
  const { toast } = hasToast ? await getToast(request, toastStorage()) : { toast: undefined };
  const state: ToastState = {
    incoming: toast ? withId({ ...toast, type: toast.type as ToastType }) : null,
    pending: [],
    delivered: new Set(),
  };
  context.set(toastStateContext, state);
  const response = await next();
  if (response.headers.getSetCookie().some((c) => c.startsWith(`${toastCookieName(webConfig().production)}=`))) return response; // a remix-toast helper already set one
  const all = [...(state.incoming ? [state.incoming] : []), ...state.pending];
  const undelivered = isRedirect(response) ? all : all.filter((toast) => !state.delivered.has(toast.id));
  const toFlash = undelivered.at(-1);
  if (toFlash) {
    const session = await toastStorage().getSession();
    session.flash("flash", { toast: { type: toFlash.type, message: toFlash.message } });
    response.headers.append("Set-Cookie", await toastStorage().commitSession(session));
  } else if (hasToast) {
    // Nothing left to show: the cookie goes, rather than stay behind empty (remix-toast's own clearing keeps it), which
    // would have every later request read and verify it and keep a guest from the guest page cache.
    response.headers.append("Set-Cookie", await toastStorage().destroySession(await toastStorage().getSession()));
  }
  return response;
}

/** Spec §8: the text of a failed upstream call, in the user's language. */
export function errorToastMessage(error: unknown, t: TFunction): string {
  if (error instanceof UpstreamError) {
    if (error.status === null) return t("common:errors.network");
    if (error.status >= 500) return t("common:errors.internal");
    return translateUpstream(error, t);
  }
  return t("common:errors.internal");
}

/** Raises the §8 error toast for an upstream failure (anything else is rethrown to the error boundary). */
export function notifyUpstreamError(context: Readonly<RouterContextProvider>, error: unknown, t: TFunction): void {
  if (!(error instanceof UpstreamError)) throw error;
  notify(context, "error", errorToastMessage(error, t));
}
