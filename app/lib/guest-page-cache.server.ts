/**
 * The guest page cache (issue 11 part 4): the public pages a route marks with `handle.guestPage` (sign-in, forgot
 * password, the legal pages) are the same for every visitor who is no one yet — the same language, address and
 * theme give the same HTML but for two values: the CSP nonce of the response and the visitor's form token (the
 * language switcher's form). So each is rendered once per address and language, through React Router like any page,
 * with markers in place of those two values, and served from that template with the request's own nonce and token
 * written in. Rendering the sign-in page was about two thirds of its CPU per request.
 *
 * What is served is exactly what the page would render: the template is a real render of a plain guest's request
 * (a web session that holds only a form token, the visitor's language). A request the cache cannot answer for — any
 * query string, a toast to show, a signed-in session or one waiting for its second step, a flash message (why a
 * session ended), a method other than GET — goes through React Router as before, and so does a page whose template
 * render is not a plain 200 HTML page (a redirect, an error). The visitor's own web session is read, and written
 * back when it gained its form token, by the same code as on the normal path (`visitor`, app/entry.server.tsx).
 *
 * Loaded by server.ts (tsx), so it imports nothing of the app: the app's own modules reach it through the build's
 * entry module (`GuestPageHooks`), so there is one copy of the session and language code.
 */
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";

/** What the app's entry module (app/entry.server.tsx `guestPageHooks`) gives the cache. */
export type GuestPageHooks = {
  /**
   * The visitor of a request with these headers, when they are a plain guest (else null: the page is rendered as
   * usual): their language, their form token, and the Set-Cookie values their web session needs (a new token).
   */
  visitor(cookie: string | null, acceptLanguage: string | null): Promise<{ language: string; formToken: string; setCookie: string[] } | null>;
  /** The Cookie header of a web session holding only this form token (for the template's render). */
  templateCookie(formToken: string): Promise<string>;
};

/** Markers of the template's render: shaped like the values they stand for (a base64 nonce, a base64url token). */
export const NONCE_MARKER = "GUESTPAGExNONCExMARKER0==";
export const TOKEN_MARKER = "GUESTPAGExFORMxTOKENxMARK";

type Template = { parts: string[]; holes: ("nonce" | "token")[]; headers: [string, string][]; madeAt: number };

/** A template is remade after this long (a page may show a date; the build itself never changes in a process). */
const TEMPLATE_TTL_MS = 10 * 60_000;
/** Addresses × languages × host names: bounded, as the Host header is the client's to choose. */
const MAX_TEMPLATES = 200;

/** The full paths of the routes whose handle says `guestPage: true`. */
export function guestPagePaths(build: ServerBuild): Set<string> {
  const paths = new Set<string>();
  for (const route of Object.values(build.routes)) {
    if (!route || (route.module.handle as { guestPage?: unknown } | undefined)?.guestPage !== true) continue;
    const segments: string[] = [];
    for (let r: typeof route | undefined = route; r; r = r.parentId ? build.routes[r.parentId] : undefined) if (r.path) segments.unshift(r.path);
    paths.add("/" + segments.join("/"));
  }
  return paths;
}

/** Splits a rendered page at the markers; null when a marker stands where it cannot be replaced safely. */
export function makeTemplate(html: string, headers: [string, string][], now: number): Template | null {
  const parts: string[] = [];
  const holes: Template["holes"] = [];
  const pattern = new RegExp(`${NONCE_MARKER.replace(/[+=]/g, "\\$&")}|${TOKEN_MARKER}`, "g");
  let last = 0;
  for (const match of html.matchAll(pattern)) {
    parts.push(html.slice(last, match.index));
    holes.push(match[0] === NONCE_MARKER ? "nonce" : "token");
    last = match.index + match[0].length;
  }
  parts.push(html.slice(last));
  // Every script of the page carries the nonce: a page without it was not rendered by our document.
  if (!holes.includes("nonce")) return null;
  return { parts, holes, headers, madeAt: now };
}

export function fillTemplate(template: Template, nonce: string, formToken: string): string {
  let html = template.parts[0]!;
  for (let i = 0; i < template.holes.length; i++) html += (template.holes[i] === "nonce" ? nonce : formToken) + template.parts[i + 1]!;
  return html;
}

/** Response headers of the template's render that a visitor's answer repeats (the rest are per request). */
const PER_REQUEST = new Set(["set-cookie", "server-timing", "content-length", "date", "connection", "keep-alive", "transfer-encoding"]);

export function guestPageCache(options: {
  build: ServerBuild;
  mode: string;
  /** The load context of the template's render (its nonce is the marker). */
  templateContext: (req: ExpressRequest) => RouterContextProvider;
}) {
  const hooks = (options.build.entry.module as { guestPageHooks?: GuestPageHooks }).guestPageHooks;
  const paths = hooks ? guestPagePaths(options.build) : new Set<string>();
  const handler = createRequestHandler(options.build, options.mode);
  const templates = new Map<string, Template | "none">();
  const pending = new Map<string, Promise<Template | "none">>();

  async function render(req: ExpressRequest, language: string): Promise<Template | "none"> {
    const url = `${req.protocol}://${req.get("host") ?? "localhost"}${req.path}`;
    const request = new Request(url, {
      headers: {
        Accept: "text/html",
        "Accept-Language": language,
        "Sec-Fetch-Dest": "document",
        Cookie: await hooks!.templateCookie(TOKEN_MARKER),
      },
    });
    const response = await handler(request, options.templateContext(req));
    const type = response.headers.get("content-type") ?? "";
    if (response.status !== 200 || !type.startsWith("text/html") || response.headers.has("set-cookie")) {
      await response.body?.cancel();
      return "none";
    }
    const headers = [...response.headers].filter(([name]) => !PER_REQUEST.has(name.toLowerCase()));
    return makeTemplate(await response.text(), headers, Date.now()) ?? "none";
  }

  async function templateFor(req: ExpressRequest, language: string): Promise<Template | "none"> {
    const key = `${req.protocol}|${req.get("host") ?? ""}|${req.path}|${language}`;
    const known = templates.get(key);
    if (known && (known === "none" || Date.now() - known.madeAt < TEMPLATE_TTL_MS)) return known;
    let made = pending.get(key);
    if (!made) {
      made = render(req, language).finally(() => pending.delete(key));
      pending.set(key, made);
    }
    const template = await made;
    if (templates.size >= MAX_TEMPLATES && !templates.has(key)) templates.clear();
    templates.set(key, template);
    return template;
  }

  return {
    paths,
    async middleware(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
      if (req.method !== "GET" || !paths.has(req.path) || req.originalUrl !== req.path) return next();
      const started = performance.now();
      try {
        const visitor = await hooks!.visitor(req.get("cookie") ?? null, req.get("accept-language") ?? null);
        if (!visitor) return next();
        const template = await templateFor(req, visitor.language);
        if (template === "none") return next();
        const html = fillTemplate(template, String(res.locals.cspNonce), visitor.formToken);
        res.status(200);
        for (const [name, value] of template.headers) res.setHeader(name, value);
        for (const cookie of visitor.setCookie) res.append("Set-Cookie", cookie);
        res.setHeader("Server-Timing", `cache;desc="guest page";dur=${(performance.now() - started).toFixed(1)}`);
        res.setHeader("Content-Length", Buffer.byteLength(html));
        res.end(html);
      } catch (error) {
        next(error);
      }
    },
  };
}
