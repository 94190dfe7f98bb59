import http from "node:http";
import https from "node:https";
import { createContext, data, redirect, type RouterContextProvider } from "react-router";
import type { SessionInfo } from "../../api/contract/users.ts";
import { upstreamUrl } from "./config.server.ts";
import type { RequestEnv } from "./request-context.server.ts";
import type { TFunction } from "i18next";
import type { ApiParams, FieldCodes } from "../../api/contract/codes.ts";
import type { pagesSchema } from "../../api/contract/common.ts";
import type { ContractKey, Contracts } from "../../api/contract/endpoints.ts";
import type { z } from "zod";
import { answerSchemas, describeIssues } from "./upstream-contract.server.ts";
import { translateFieldCode } from "./upstream-messages.ts";
import { UPSTREAM_COOKIES, signedOutReasonOf, type SignedOutReason, type UpstreamCookieName, type WebSession } from "./session.server.ts";

/**
 * The one client every loader and action uses to call the upstream API (ARCHITECTURE §1, §5; spec §7).
 *
 *  - sends `Accept: application/json`, `X-Requested-With: XMLHttpRequest`, `X-Frontend-Version: 2`,
 *    the user's upstream cookies (from the web session) and, on every non-GET call, `X-CSRF-Token`
 *    (fetched from session-info first when the web session has none yet);
 *  - stores every upstream Set-Cookie (th_session, th_guest, th_mfa, th_device) back into the web session;
 *  - a 401 means the upstream session is gone: the web session is signed out and the user is sent to
 *    /login?redirectTo=<this page> (see onUnauthorized);
 *  - any other failure throws an UpstreamError, which `errorToast()` (app/lib/toast.server.ts) turns into
 *    the spec §8 text.
 */
export const FRONTEND_VERSION = "2";
const TIMEOUT_MS = 15_000;

/** `pages` is there on list answers ({ totalCount, page, perPage } plus any paging aids of the call). */
/** `code` and `params`: the answer's stable code (api/contract/codes.ts) and its values; `message`: the English text. */
export type Envelope<T> = { code: string; params?: ApiParams; message: string; data: T; pages?: Record<string, unknown> };

export class UpstreamError extends Error {
  constructor(
    /** HTTP status, or null when the upstream could not be reached. */
    readonly status: number | null,
    message: string,
    readonly data?: unknown,
    /** The answer's stable code (api/contract/codes.ts), null when it gave none (or none was reached). */
    readonly code: string | null = null,
    readonly params: ApiParams | null = null,
  ) {
    super(message);
    this.name = "UpstreamError";
  }

  /** Field codes of a validation failure: `data.fieldCodes` (field → { code, params? }), beside `data.errors`. */
  get fieldCodes(): FieldCodes | undefined {
    const codes = (this.data as { fieldCodes?: unknown } | undefined)?.fieldCodes;
    return codes && typeof codes === "object" ? (codes as FieldCodes) : undefined;
  }

  /** Field errors of a validation failure: 400 `{ data: { errors: { field: string[] } } }`. */
  get fieldErrors(): Record<string, string[]> | undefined {
    const errors = (this.data as { errors?: unknown } | undefined)?.errors;
    return errors && typeof errors === "object" ? (errors as Record<string, string[]>) : undefined;
  }
}

type Method = "GET" | "POST" | "PUT" | "DELETE";
type Query = Record<string, string | number | boolean | readonly (string | number)[] | null | undefined>;
export type CallOptions = {
  body?: unknown;
  /** A record (arrays as `key[]` entries, empty values left out) or ready-made parameters (taskQueryParams). */
  query?: Query | URLSearchParams;
  /** What a 401 does: "login" (default) ends the web session and redirects; "throw" raises an UpstreamError. */
  on401?: "login" | "throw";
  /** Success answers are not JSON (a PDF): `data` is the upstream's Response, unread, for streaming on. */
  raw?: boolean;
  /**
   * A long-lived answer (an event stream): no timeout; the call and its answer's body end when this signal aborts
   * (the browser went away).
   */
  signal?: AbortSignal;
};

/**
 * The calls of the contract (api/contract/endpoints.ts), typed from its schemas: a caller names the endpoint
 * ("GET /api/v2/tasks"), never a type. Types only: the schemas stay on the server and out of the browser.
 */
export type Endpoint = ContractKey;
type Contract<K extends Endpoint> = Contracts[K];
type MethodOf<K extends Endpoint> = K extends `${infer M} ${string}` ? M : never;
type PathOf<K extends Endpoint> = K extends `${string} ${infer P}` ? P : never;
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}` ? Name | ParamNames<`/${Rest}`> : P extends `${string}:${infer Name}` ? Name : never;
/** The `data` of a success: the list's items, the `data` schema's output, or null (the endpoint answers none). */
export type AnswerOf<K extends Endpoint> =
  Contract<K> extends { listItem: infer I extends z.ZodType } ? z.output<I>[] : Contract<K> extends { data: infer D extends z.ZodType } ? z.output<D> : null;
/** A list's `pages`: its own schema, or the common { totalCount, page, perPage }. */
export type PagesOf<K extends Endpoint> =
  Contract<K> extends { listItem: z.ZodType } ? (Contract<K> extends { pages: infer P extends z.ZodType } ? z.output<P> : z.output<typeof pagesSchema>) : undefined;
/** The request body: the contract's body schema as it accepts input (a multipart upload: FormData). */
export type BodyOf<K extends Endpoint> =
  Contract<K> extends { body: infer B extends z.ZodType } ? z.input<B> : Contract<K> extends { media: { request: "multipart/form-data" } } ? FormData : Record<string, never>;
/** A typed call's answer: the envelope with the contract's `data` (and a list's `pages`). */
export type Answer<K extends Endpoint> = Omit<Envelope<AnswerOf<K>>, "pages"> & { pages?: PagesOf<K> };
/** Endpoints whose success answer is a file (the contract's `media.response`). */
export type FileEndpoint = { [K in Endpoint]: Contract<K> extends { media: { response: string } } ? K : never }[Endpoint];
type JsonEndpoint = Exclude<Endpoint, FileEndpoint>;
/** The options of a typed call: its path parameters when the path has some; a query on a GET, a body on the others. */
export type CallArgs<K extends Endpoint> = Omit<CallOptions, "body" | "raw" | "query"> &
  ([ParamNames<PathOf<K>>] extends [never] ? { params?: undefined } : { params: Record<ParamNames<PathOf<K>>, string | number> }) &
  (MethodOf<K> extends "GET" ? { body?: undefined; query?: Query | URLSearchParams } : { body?: BodyOf<K>; query?: undefined });
type ArgsTuple<K extends Endpoint> = [ParamNames<PathOf<K>>] extends [never]
  ? MethodOf<K> extends "GET"
    ? [args?: CallArgs<K>]
    : Contract<K> extends { body: z.ZodType }
      ? [args: CallArgs<K>]
      : [args?: CallArgs<K>]
  : [args: CallArgs<K>];

/** "METHOD /path/:id" with its parameters filled in (each encoded as one path segment). */
export function endpointPath(key: string, params: Record<string, string | number> = {}): { method: Method; path: string } {
  const [method, template] = key.split(" ") as [Method, string];
  const path = template.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === "") throw new Error(`upstream call ${key}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  return { method, path };
}

export type UpstreamDeps = {
  request: Request;
  session: WebSession;
  env: RequestEnv;
  locale: () => string;
  /**
   * Called on a 401 (after the web session was signed out) with why the upstream session ended, when the
   * upstream says (it timed out, or was ended elsewhere); must throw (a redirect).
   */
  onUnauthorized: (pagePath: string, reason: SignedOutReason | null) => never;
  fetch?: typeof fetch;
  /** Ask session-info for the layouts' profile summary too (`{ summary: true }`; page loads, not actions). */
  sessionSummary?: boolean;
};

/** The page the user is on, for redirectTo: strips React Router's `.data` suffix and `_routes`/`index` params. */
export function pagePath(request: Request): string {
  const url = new URL(request.url);
  let pathname = url.pathname.replace(/\/_root\.data$/, "/").replace(/\.data$/, "");
  if (pathname.length > 1) pathname = pathname.replace(/\/+$/, "");
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  const search = url.searchParams.toString();
  return pathname + (search ? `?${search}` : "");
}

export class Upstream {
  private sessionInfoPromise: Promise<SessionInfo> | undefined;
  /**
   * Whether a call of this request got no response (spec §8 "no response": connection refused or reset, no answer
   * within the timeout — an UpstreamError with status null), as opposed to an answer with a status (a 5xx is an
   * answer). app/lib/upstream-unavailable.server.ts reads it.
   */
  unreachable = false;
  constructor(private readonly deps: UpstreamDeps) {}

  /**
   * A call of the contract: `call("GET /api/v1/tasks/:id", { params: { id } })`, `call("POST /api/v1/tasks", { body })`.
   * The answer's type is the endpoint's answer schema (the client parses the answer with that same schema).
   */
  async call<K extends JsonEndpoint>(endpoint: K, ...[args]: ArgsTuple<K>): Promise<Answer<K>> {
    const { params, ...options } = (args ?? {}) as CallOptions & { params?: Record<string, string | number> };
    const { method, path } = endpointPath(endpoint, params);
    return this.callPath<AnswerOf<K>>(method, path, options) as Promise<Answer<K>>;
  }

  /** A GET whose success answer is a file (a PDF, a picture): the upstream's Response, unread; failures throw like any call. */
  async download<K extends FileEndpoint>(endpoint: K, ...[args]: ArgsTuple<K>): Promise<Response> {
    const { params, ...options } = (args ?? {}) as CallOptions & { params?: Record<string, string | number> };
    const { method, path } = endpointPath(endpoint, params);
    return (await this.callPath<Response>(method, path, { ...options, raw: true })).data;
  }

  /** POST /api/v1/users/session-info, at most once per request; keeps the CSRF token it hands out. */
  sessionInfo(): Promise<SessionInfo> {
    this.sessionInfoPromise ??= this.send<AnswerOf<"POST /api/v1/users/session-info">>("POST", "/api/v1/users/session-info", this.deps.sessionSummary ? { body: { summary: true } } : {}, false).then((envelope) => {
      this.deps.session.csrf = envelope.data.csrfTokenValue;
      return envelope.data;
    });
    return this.sessionInfoPromise;
  }

  /** Forget the memoised session info (after sign-in or sign-out the next call asks again). */
  resetSessionInfo() {
    this.sessionInfoPromise = undefined;
  }

  private async callPath<T>(method: Method, path: string, options: CallOptions = {}): Promise<Envelope<T>> {
    const needsCsrf = method !== "GET";
    if (needsCsrf && !this.deps.session.csrf) await this.sessionInfo();
    try {
      return await this.send<T>(method, path, options, needsCsrf);
    } catch (error) {
      // A stale CSRF token (the upstream rotated it): refresh once and retry; the call was refused before it acted.
      if (needsCsrf && error instanceof UpstreamError && error.status === 403 && error.code === "common.csrf") {
        this.resetSessionInfo();
        await this.sessionInfo();
        return this.send<T>(method, path, options, needsCsrf);
      }
      throw error;
    }
  }

  private async send<T>(method: Method, path: string, options: CallOptions, withCsrf: boolean): Promise<Envelope<T>> {
    const { session, request, env } = this.deps;
    const url = new URL(path, upstreamUrl() + "/");
    if (options.query instanceof URLSearchParams) for (const [key, value] of options.query) url.searchParams.append(key, value);
    for (const [key, value] of options.query instanceof URLSearchParams ? [] : Object.entries(options.query ?? {})) {
      if (value === undefined || value === null || value === "") continue;
      if (Array.isArray(value)) for (const item of value) url.searchParams.append(`${key}[]`, String(item));
      else url.searchParams.set(key, String(value));
    }
    const headers = new Headers({
      Accept: "application/json",
      "X-Requested-With": "XMLHttpRequest",
      "X-Frontend-Version": FRONTEND_VERSION,
      "Accept-Language": this.deps.locale(),
    });
    const cookie = Object.entries(session.upstreamCookies)
      .map(([name, value]) => `${name}=${value}`)
      .join("; ");
    if (cookie) headers.set("Cookie", cookie);
    if (withCsrf && session.csrf) headers.set("X-CSRF-Token", session.csrf);
    const userAgent = request.headers.get("user-agent");
    if (userAgent) headers.set("User-Agent", userAgent);
    if (env.clientIp) headers.set("X-Forwarded-For", env.clientIp);
    let body: string | FormData | undefined;
    if (options.body instanceof FormData && method !== "GET") {
      body = options.body; // multipart (an upload): fetch sets the Content-Type with its boundary
    } else if (options.body !== undefined && method !== "GET") {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(options.body);
    }

    let response: UpstreamAnswer;
    const started = performance.now();
    try {
      // JSON calls go over node:http with a keep-alive agent (keepAliveRequest below); a file sent (FormData) or
      // read as a stream (raw) keeps fetch, which encodes multipart and streams answers.
      response =
        this.deps.fetch || typeof body === "object" || options.raw || options.signal
          ? await (this.deps.fetch ?? fetch)(url, { method, headers, body, redirect: "manual", signal: options.signal ?? AbortSignal.timeout(TIMEOUT_MS) })
          : await keepAliveRequest(url, method, headers, body, TIMEOUT_MS);
    } catch (error) {
      this.unreachable = true;
      throw new UpstreamError(null, error instanceof Error ? error.message : String(error));
    } finally {
      env.timing.add("upstream", performance.now() - started);
    }
    this.storeCookies(response);
    if (options.raw && response.ok) return { code: "ok", message: "", data: response as unknown as T };

    let json: unknown = undefined;
    const text = await response.text().catch(() => "");
    if (text) {
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
    }
    const envelope = (json && typeof json === "object" ? json : {}) as { code?: unknown; params?: unknown; message?: unknown; data?: unknown; pages?: unknown };
    const code = typeof envelope.code === "string" && envelope.code ? envelope.code : null;
    const params = envelope.params && typeof envelope.params === "object" ? (envelope.params as ApiParams) : undefined;

    if (response.status === 401 && options.on401 !== "throw") {
      session.signOut();
      this.resetSessionInfo();
      this.deps.onUnauthorized(pagePath(request), signedOutReasonOf((envelope.data as { sessionEnded?: unknown } | undefined)?.sessionEnded));
    }
    if (!response.ok) {
      const nested = (envelope.data as { message?: unknown } | undefined)?.message;
      const message =
        typeof envelope.message === "string" && envelope.message
          ? envelope.message
          : typeof nested === "string" && nested
            ? nested
            : response.statusText || `HTTP ${response.status}`;
      throw new UpstreamError(response.status, message, envelope.data, code, params ?? null);
    }
    if (json === undefined) throw malformedAnswer(method, url.pathname, "not JSON");
    // The contract's schemas of this endpoint (api/contract/endpoints.ts) parse the answer: a malformed one is a
    // failed call (502), never data a page reads.
    let data: unknown = envelope.data;
    let pages = envelope.pages && typeof envelope.pages === "object" ? (envelope.pages as Record<string, unknown>) : undefined;
    const schemas = answerSchemas(method, url.pathname);
    if (schemas?.data) {
      const parsed = schemas.data.safeParse(envelope.data);
      if (!parsed.success) throw malformedAnswer(method, url.pathname, describeIssues(parsed.error));
      data = parsed.data;
    }
    if (schemas?.pages) {
      const parsed = schemas.pages.safeParse(envelope.pages);
      if (!parsed.success) throw malformedAnswer(method, url.pathname, "pages: " + describeIssues(parsed.error));
      pages = parsed.data as Record<string, unknown>;
    }
    return {
      code: code ?? "ok",
      ...(params ? { params } : {}),
      message: typeof envelope.message === "string" ? envelope.message : "",
      data: data as T,
      ...(pages ? { pages } : {}),
    };
  }

  private storeCookies(response: UpstreamAnswer) {
    for (const line of response.headers.getSetCookie()) {
      const parsed = parseSetCookie(line);
      if (!parsed || !(UPSTREAM_COOKIES as readonly string[]).includes(parsed.name)) continue;
      this.deps.session.setUpstreamCookie(parsed.name as UpstreamCookieName, parsed.expired ? null : parsed.value);
    }
  }
}

/**
 * The transport of JSON calls: node:http(s) over one keep-alive agent per process, the whole answer read into a
 * Response. It does what `fetch` did for these calls (no redirects followed, a timeout) for less CPU per call: a
 * page makes two or three upstream calls, and fetch's Request/stream machinery was about 8 % of a page's time.
 * Failures reject the way fetch's do (a TypeError "fetch failed" whose `cause` is the socket's error), so
 * callers cannot tell the two apart. A GET that meets a reused connection the upstream has just closed is sent
 * again once, on a fresh one (nothing was acted on); other methods are never resent.
 */
const agents = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: 64, timeout: 4_000 }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: 64, timeout: 4_000 }),
};
const NULL_BODY_STATUS = new Set([204, 205, 304]);

/**
 * What the client reads of an upstream's answer: fetch's Response (files, uploads, tests' fetch), or the keep-alive
 * transport's answer, read whole and decoded as Response.text() decodes (UTF-8, a byte order mark dropped) — without
 * building a web Response and reading its body back through a web stream (about a fifth of a call's CPU, issue 11).
 */
type UpstreamAnswer = Pick<Response, "status" | "ok" | "statusText" | "headers" | "text">;
const utf8 = new TextDecoder();

function keepAliveRequest(url: URL, method: string, headers: Headers, body: string | undefined, timeoutMs: number, retried = false): Promise<UpstreamAnswer> {
  const agent = url.protocol === "https:" ? agents["https:"] : url.protocol === "http:" ? agents["http:"] : null;
  if (!agent) return Promise.reject(new TypeError("fetch failed", { cause: new Error(`unsupported protocol ${url.protocol}`) }));
  const outgoing: Record<string, string> = {};
  headers.forEach((value, name) => (outgoing[name] = value));
  if (body !== undefined) outgoing["content-length"] = String(Buffer.byteLength(body));
  return new Promise<UpstreamAnswer>((resolve, reject) => {
    const request = (url.protocol === "https:" ? https : http).request(url, { method, headers: outgoing, agent }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.on("error", fail);
      answer.on("end", () => {
        clearTimeout(timer);
        const status = answer.statusCode ?? 502;
        if (status < 200 || status > 599) {
          // A status a Response cannot carry: a failed call, as fetch would make it.
          reject(new TypeError("fetch failed", { cause: new RangeError(`the upstream answered with status ${status}`) }));
          return;
        }
        const responseHeaders = new Headers();
        const raw = answer.rawHeaders;
        for (let i = 0; i < raw.length; i += 2) responseHeaders.append(raw[i], raw[i + 1]);
        const text = NULL_BODY_STATUS.has(status) ? "" : utf8.decode(Buffer.concat(chunks));
        resolve({ status, ok: status >= 200 && status <= 299, statusText: answer.statusMessage ?? "", headers: responseHeaders, text: () => Promise.resolve(text) });
      });
    });
    const timer = setTimeout(() => request.destroy(new DOMException("The operation was aborted due to timeout", "TimeoutError")), timeoutMs);
    function fail(error: Error & { code?: string }) {
      clearTimeout(timer);
      if (!retried && method === "GET" && request.reusedSocket && error.code === "ECONNRESET") {
        resolve(keepAliveRequest(url, method, headers, body, timeoutMs, true));
        return;
      }
      reject(error.name === "TimeoutError" ? error : new TypeError("fetch failed", { cause: error }));
    }
    request.on("error", fail);
    request.end(body);
  });
}

/**
 * An answer that breaks the contract: logged with the endpoint and where it breaks (no values), and thrown as a
 * 502 so that the page says what it says for any upstream failure (spec §8: "Internal error").
 */
function malformedAnswer(method: Method, pathname: string, where: string): UpstreamError {
  console.error(`[web] the upstream's answer to ${method} ${pathname} does not match the contract: ${where}`);
  return new UpstreamError(502, "The upstream's answer does not match the contract.", undefined, MALFORMED_ANSWER);
}

/** The code of an UpstreamError for an answer that breaks the contract (the web's own, not the API's). */
export const MALFORMED_ANSWER = "web.malformedAnswer";

/** Name, raw value and whether the Set-Cookie line deletes the cookie (empty value, Max-Age ≤ 0, past Expires). */
export function parseSetCookie(line: string): { name: string; value: string; expired: boolean } | null {
  const [pair, ...attributes] = line.split(";");
  const eq = pair.indexOf("=");
  if (eq <= 0) return null;
  const name = pair.slice(0, eq).trim();
  const value = pair.slice(eq + 1).trim();
  let expired = value === "";
  for (const attribute of attributes) {
    const [rawKey, ...rest] = attribute.split("=");
    const key = rawKey.trim().toLowerCase();
    const attrValue = rest.join("=").trim();
    if (key === "max-age" && Number(attrValue) <= 0) expired = true;
    if (key === "expires") {
      const time = Date.parse(attrValue);
      if (!Number.isNaN(time) && time <= Date.now()) expired = true;
    }
  }
  return { name, value, expired };
}

/** Field errors of an upstream 400, translated by their field codes where the web knows them; empty otherwise. */
export function upstreamFieldErrors(error: unknown, t: TFunction): Record<string, string[]> {
  if (!(error instanceof UpstreamError) || !error.fieldErrors) return {};
  const out: Record<string, string[]> = {};
  const codes = error.fieldCodes ?? {};
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    if (Array.isArray(messages)) out[field] = messages.map((m, i) => translateFieldCode(codes[field]?.[i], String(m), t));
  }
  return out;
}

export const upstreamContext = createContext<Upstream>();

export function getUpstream(context: Readonly<RouterContextProvider>): Upstream {
  return context.get(upstreamContext);
}

/** A redirect to the sign-in page that returns to `path` afterwards. */
export function loginRedirect(path: string | null, init?: ResponseInit): Response {
  const target = path && path !== "/" && !path.startsWith("/login") ? `/login?redirectTo=${encodeURIComponent(path)}` : "/login";
  return redirect(target, init);
}

/** The not-found page's answer, thrown by a loader or an action. */
export const notFoundPage = () => data(null, { status: 404, statusText: "Not Found" });

/** An upstream read whose 404 (an unknown id, or a record the caller may not see) is the not-found page. */
export async function readOr404<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) throw notFoundPage();
    throw error;
  }
}

/** A list read by cursor: a cursor the API refuses (400) reads the first page instead. */
export async function firstPageOnBadCursor<T>(cursor: string | undefined, run: (cursor: string | undefined) => Promise<T>): Promise<T> {
  try {
    return await run(cursor);
  } catch (error) {
    if (cursor && error instanceof UpstreamError && error.status === 400) return run(undefined);
    throw error;
  }
}
