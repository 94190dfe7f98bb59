import { data, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { timingSafeEqual } from "node:crypto";
import { getWebSession, hasWebSessionCookie } from "./session.server.ts";

/**
 * Cross-site request checks for the web's own resource routes and GET actions (React Router checks the
 * Origin of posts to UI route actions itself; resource routes need their own — ARCHITECTURE §6):
 *  - Fetch metadata / Origin must say the request comes from our own pages;
 *  - forms also carry the session's form token, for browsers that send neither header.
 */
export function fetchSite(request: Request): "same-origin" | "same-site" | "cross-site" | "none" | null {
  const site = request.headers.get("sec-fetch-site");
  return site === "same-origin" || site === "same-site" || site === "cross-site" || site === "none" ? site : null;
}

/** A state-changing request that demonstrably comes from one of our pages (or, lacking headers, unknown). */
export function isSameOriginRequest(request: Request): boolean | null {
  const site = fetchSite(request);
  if (site) return site === "same-origin";
  const origin = request.headers.get("origin");
  if (origin && origin !== "null") return origin === new URL(request.url).origin;
  return null;
}

/** A navigation the user made themselves (typed, bookmarked) or from one of our pages. */
export function isTrustedNavigation(request: Request): boolean {
  const site = fetchSite(request);
  return site === "same-origin" || site === "none";
}

export function formTokenMatches(context: Readonly<RouterContextProvider>, presented: FormDataEntryValue | null): boolean {
  const expected = Buffer.from(getWebSession(context).formToken);
  const got = Buffer.from(typeof presented === "string" ? presented : "");
  return expected.length === got.length && timingSafeEqual(expected, got);
}

/** For posts to resource routes: refuse (403) unless same-origin and carrying the form token. */
export function assertFormPost(request: Request, context: Readonly<RouterContextProvider>, formData: FormData): void {
  if (isSameOriginRequest(request) === false || !formTokenMatches(context, formData.get("formToken"))) {
    throw data({ message: "Forbidden" }, { status: 403 });
  }
}

/**
 * Root middleware: every state-changing request (any method but GET/HEAD) must come from our own pages.
 * Fetch metadata decides (Sec-Fetch-Site, sent by every current browser and not affected by the
 * Referrer-Policy); without it, an Origin other than ours is refused. `Origin: null` (a sandboxed frame, a
 * data: page, a redirect across sites — and an old browser's post from our own no-referrer pages) is accepted
 * only with our signed web session cookie, which SameSite=Lax keeps off cross-site posts: a sign-in post with
 * `Origin: null` and no cookies is refused. No Origin and no fetch metadata at all is not a browser's cross-site
 * post (browsers send Origin on every POST), so it is left to the form tokens.
 */
export const sameOriginWrites: MiddlewareFunction<Response> = async ({ request }) => {
  if (request.method === "GET" || request.method === "HEAD") return;
  const site = fetchSite(request);
  const sameOrigin = site ? site === "same-origin" : isSameOriginRequest(request);
  const nullOrigin = !site && request.headers.get("origin") === "null";
  if (sameOrigin === false || (nullOrigin && !(await hasWebSessionCookie(request)))) {
    throw data({ message: "Forbidden" }, { status: 403 });
  }
};

/** Resource routes that take a JSON body (the browser's beacons); every other write is an HTML form post. */
const JSON_ROUTES = new Set(["/resources/client-errors", "/resources/track"]);

/**
 * Root middleware: a write the route actions cannot read is refused instead of failing inside them (a 500).
 * Pages take GET and POST only (405 otherwise, its `Allow` header set by `allowHeader`), and a POST is a form —
 * urlencoded or multipart by its Content-Type — except to the JSON beacons; anything else is a 400. A multipart body must open with its
 * boundary: only those first bytes are looked at here (before the access rule, which may send a guest to sign
 * in). The body itself is read once, by the action, with readForm, which answers any other unreadable form with
 * the same 400 (a 5 MB picture is not buffered twice).
 */
export const formWrites: MiddlewareFunction<Response> = async ({ request }) => {
  if (request.method === "GET" || request.method === "HEAD") return;
  if (request.method !== "POST") throw data({ message: "Method not allowed" }, { status: 405 });
  if (JSON_ROUTES.has(new URL(request.url).pathname)) return;
  const contentType = request.headers.get("content-type") ?? "";
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded") return;
  if (type !== "multipart/form-data" || !(await opensWithBoundary(request, contentType))) throw data({ message: "Bad request" }, { status: 400 });
};

/**
 * Does a multipart body start with `--<boundary>` (after blank lines)? Reads the first chunk or two of a copy
 * (a tee), then lets the copy go: the request's own body, and the rest of the upload, stay for the action.
 */
async function opensWithBoundary(request: Request, contentType: string): Promise<boolean> {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
  const opening = `--${match?.[1] ?? match?.[2] ?? ""}`;
  if (opening === "--") return false;
  const reader = request.clone().body?.getReader();
  if (!reader) return false;
  const decoder = new TextDecoder();
  let head = "";
  try {
    while (head.replace(/^(?:\r\n)+/, "").length < opening.length) {
      const { done, value } = await reader.read();
      if (done) break;
      head += decoder.decode(value, { stream: true });
    }
  } finally {
    // Not awaited: a tee branch's cancel settles only once the other branch (the action's body) is done too.
    reader.cancel().catch(() => undefined);
  }
  return head.replace(/^(?:\r\n)+/, "").startsWith(opening);
}

/**
 * The form of a POST, as every action reads it: a body that cannot be parsed as a form (a broken multipart
 * body) is a 400 (thrown), not a 500. tests/unit/form-writes.test.ts keeps the route modules on it.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data({ message: "Bad request" }, { status: 400 });
  }
}

/** The methods every page and web resource takes. */
export const ALLOWED_METHODS = "GET, HEAD, POST";

/**
 * Root middleware, before `formWrites`: a 405 says what is allowed (`Allow`, RFC 9110 §15.5.6). The error page
 * that React Router renders for a middleware's thrown 405 does not keep that error's headers, so this sets it on
 * the rendered answer.
 */
export const allowHeader: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  if (response.status === 405 && !response.headers.has("Allow")) response.headers.set("Allow", ALLOWED_METHODS);
  return response;
};
