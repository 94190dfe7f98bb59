import { createContext, data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { UserRole } from "../../api/contract/roles.ts";
import { decide, homeFor, canOpen, type Role } from "./access.ts";
import { getT } from "./i18n.server.ts";
import type { ProfileSummary } from "./profile.ts";
import { safeLocalPath } from "./redirects.ts";
import { getWebSession, signedOutReasonOf, type SignedOutReason } from "./session.server.ts";
import { notify, notifyUpstreamError } from "./toast.server.ts";
import type { UpstreamNotice } from "./upstream-messages.ts";
import { getUpstream, loginRedirect, MALFORMED_ANSWER, pagePath, UpstreamError, type Answer } from "./upstream.server.ts";

/** Why the upstream session ended in this request, if it did (viewerMiddleware). */
const signedOutContext = createContext<SignedOutReason | null>(null);

/** The text saying why the user was signed out (security namespace). */
export function signedOutMessageKey(reason: SignedOutReason): string {
  return reason === "inactivity" ? "security:signedOut.inactivity" : "security:signedOut.revoked";
}

/** Who is asking, decided once per request by viewerMiddleware. */
export type Viewer = { role: Role; id: number | null };
const viewerContext = createContext<Viewer>({ role: "guest", id: null });

export function getViewer(context: Readonly<RouterContextProvider>): Viewer {
  return context.get(viewerContext);
}

/**
 * Whether this request's session check should bring the layouts' profile summary: a GET that renders a page (a
 * document or a client navigation's data), where the layouts run. Not an action (its loaders read the profile after
 * the change), not a picture, a JSON resource or a beacon (the API would read the summary for nothing).
 */
export function wantsSessionSummary(request: Request): boolean {
  return request.method === "GET" && rendersPage(request);
}

/** The layouts' profile summary, when this request's session check brought it (wantsSessionSummary). */
const summaryContext = createContext<ProfileSummary | null>(null);

export function sessionSummary(context: Readonly<RouterContextProvider>): ProfileSummary | null {
  return context.get(summaryContext);
}

/**
 * Loads the session on each navigation (spec §2 Access rule). A web session that holds an upstream session
 * asks the upstream who this is (session-info): the role may have changed, and the session may have ended
 * (idle or absolute timeout, revoked by a sign-out elsewhere or a password reset). An ended session signs
 * the web session out and says so: "You were signed out after a period of inactivity" (or "You were signed
 * out") beside the sign-in form the access rule leads to, or in a toast on a public page. A visitor who
 * never signed in is a guest without an upstream call.
 */
export const viewerMiddleware: MiddlewareFunction<Response> = async ({ context }) => {
  const session = getWebSession(context);
  if (!session.hasUpstreamSession) {
    context.set(viewerContext, { role: "guest", id: null });
    return;
  }
  let info;
  try {
    info = await getUpstream(context).sessionInfo();
  } catch (error) {
    // The upstream is unreachable or failing: keep the role this web session signed in with, so the page
    // renders (its own upstream calls will fail and say so), and tell the user (spec §8).
    notifyUpstreamError(context, error, getT(context));
    const cached = session.user;
    context.set(viewerContext, cached ? { role: cached.role, id: cached.id } : { role: "guest", id: null });
    return;
  }
  const role = info.groups[0];
  if (info.isGuest || !role || info.id === null) {
    session.signOut();
    getUpstream(context).resetSessionInfo();
    context.set(viewerContext, { role: "guest", id: null });
    // Said once, on the sign-in page the access rule sends the user to (or as a toast, see accessMiddleware).
    // A guest answer to a session cookie that does not say why still means the session is gone.
    const reason: SignedOutReason = signedOutReasonOf(info.sessionEnded) ?? "revoked";
    session.flashSignedOut(reason);
    context.set(signedOutContext, reason);
    return;
  }
  if (session.user?.id !== info.id || session.user?.role !== role) session.setUser({ id: info.id, role });
  context.set(viewerContext, { role, id: info.id });
  if (info.summary) context.set(summaryContext, { id: info.id, role, ...info.summary });
};

/** A page load (a document, or React Router's data request of a client-side navigation), not a sub-resource. */
export function rendersPage(request: Request): boolean {
  if (new URL(request.url).pathname.endsWith(".data")) return true;
  const destination = request.headers.get("sec-fetch-dest");
  if (destination) return destination === "document";
  return (request.headers.get("accept") ?? "").includes("text/html");
}

/** The access rule of app/lib/access.ts, applied to the matched route pattern before loaders and actions. */
export const accessMiddleware: MiddlewareFunction<Response> = async ({ request, context, pattern }) => {
  const { role } = getViewer(context);
  const decision = decide(pattern, role);
  if (decision === "allow") {
    // The session ended while the user is on a page they may still see (a public page): tell them here,
    // in a toast, unless it is the sign-in page, which says it beside the form. Requests that render no
    // page (an image, the tracking pixel, a resource) leave the message for the next page.
    const ended = context.get(signedOutContext);
    if (ended && pattern !== "/login" && rendersPage(request)) {
      getWebSession(context).takeSignedOut();
      notify(context, "info", getT(context)(signedOutMessageKey(ended)));
    }
    return;
  }
  if (decision === "login") throw loginRedirect(pagePath(request));
  throw data(null, { status: 404, statusText: "Not Found" });
};

/** Where a user goes after signing in: back to the page they wanted if their role may open it, else home. */
export function afterSignIn(role: UserRole, redirectTo: string | null | undefined): string {
  const target = safeRedirect(redirectTo);
  return target && canOpen(role, target) ? target : homeFor(role);
}

/** Where to return after sign-in: a local path (never "//host"), not the sign-in page or an action. */
export function safeRedirect(value: unknown): string | null {
  const path = safeLocalPath(value);
  if (!path || path.startsWith("/login") || path.startsWith("/actions/") || path.startsWith("/resources/")) return null;
  return path;
}

export type SignInResult = { kind: "signedIn"; id: number; role: UserRole; notice: UpstreamNotice } | { kind: "totp"; notice: UpstreamNotice };

/**
 * The web session of a user the upstream has just signed in (its session cookie came with the answer): the sign-in
 * strategies below, and joining from a referral invitation (app/lib/referral-join.server.ts), whose answer is the
 * login call's.
 */
export function adoptUpstreamSignIn(context: Readonly<RouterContextProvider>, body: { id: number; groups: readonly UserRole[]; csrfTokenValue: string }): UserRole {
  const role = body.groups[0];
  const session = getWebSession(context);
  // A new upstream session (and CSRF token) at every sign-in.
  session.setUser({ id: body.id, role });
  session.csrf = body.csrfTokenValue;
  session.rotateFormToken();
  getUpstream(context).resetSessionInfo();
  return role;
}

/**
 * remix-auth with three FormStrategy instances: "password" (email + password → POST /actions/users/login),
 * "totp" (the code step → POST /api/v1/users/verify-totp { code }, with the th_mfa cookie the first step
 * got) and "recovery" (the same step with one of the recovery codes → verify-totp { recoveryCode }).
 * Upstream failures are thrown as UpstreamError for the login action to show beside the fields and as a toast.
 */
export function authenticator(context: Readonly<RouterContextProvider>): Authenticator<SignInResult> {
  const upstream = getUpstream(context);

  const complete = (response: Answer<"POST /actions/users/login"> | Answer<"POST /api/v1/users/verify-totp">): SignInResult => {
    const body = response.data;
    if ("authMethod" in body) return { kind: "totp", notice: response };
    // verify-totp's other answer (two-factor switched on) belongs to the enrolment, never to a sign-in.
    if (!("groups" in body)) throw new UpstreamError(502, "The upstream's answer does not match the contract.", undefined, MALFORMED_ANSWER);
    const role = adoptUpstreamSignIn(context, body);
    return { kind: "signedIn", id: body.id, role, notice: response };
  };

  return new Authenticator<SignInResult>()
    .use(
      new FormStrategy(async ({ form }) => {
        const response = await upstream.call("POST /actions/users/login", {
          body: { loginName: String(form.get("email") ?? "").trim(), password: String(form.get("password") ?? "") },
          on401: "throw",
        });
        return complete(response);
      }),
      "password",
    )
    .use(
      new FormStrategy(async ({ form }) => {
        const response = await upstream.call("POST /api/v1/users/verify-totp", { body: { code: String(form.get("code") ?? "").trim() }, on401: "throw" });
        return complete(response);
      }),
      "totp",
    )
    .use(
      new FormStrategy(async ({ form }) => {
        const response = await upstream.call("POST /api/v1/users/verify-totp", {
          body: { recoveryCode: String(form.get("recoveryCode") ?? "").trim() },
          on401: "throw",
        });
        return complete(response);
      }),
      "recovery",
    );
}

export type SignOutResult = { ok: true; notice: UpstreamNotice | null } | { ok: false; error: UpstreamError };

/**
 * Sign out upstream (revokes the session), then in the web session. The web session is ended only when the
 * upstream session is: the upstream ended it, or answered 401 (it was over already). When the upstream gave no
 * response or refused (a 5xx, a 4xx), the user stays signed in and is told so (issue 12): forgetting the session
 * here while it lives on upstream would look like a sign-out and not be one.
 */
export async function signOut(context: Readonly<RouterContextProvider>): Promise<SignOutResult> {
  const session = getWebSession(context);
  let notice: UpstreamNotice | null = null;
  if (session.hasUpstreamSession) {
    try {
      notice = await getUpstream(context).call("POST /actions/users/logout", { on401: "throw" });
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      if (error.status !== 401) return { ok: false, error };
    }
  }
  session.signOut();
  getUpstream(context).resetSessionInfo();
  return { ok: true, notice };
}

export function redirectHome(role: Role): Response {
  return redirect(homeFor(role));
}
