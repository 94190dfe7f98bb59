/**
 * Pure parts of the web shell: configuration, security headers, the upstream client (headers, cookies,
 * CSRF, 401, §8 error texts), themes, redirects, and the two locales having the same keys.
 */
import { ServerTiming } from "../../app/lib/server-timing.server";
import { describe, expect, it, vi } from "vitest";
import { redirect } from "react-router";
import { translateMessage } from "../../app/lib/i18n";
import { createTranslator } from "../../app/lib/translate";
import { resources } from "../../app/lib/i18n.server";
import { parseTrustProxy, parseWebConfig, WebConfigError } from "../../app/lib/config.server";
import { loadApiConfig } from "../../api/config";
import { contentSecurityPolicy, securityHeaders } from "../../app/lib/security-headers.server";
import { WebSession } from "../../app/lib/session.server";
import { pagePath, parseSetCookie, Upstream, UpstreamError, loginRedirect } from "../../app/lib/upstream.server";
import { errorToastMessage } from "../../app/lib/toast.server";
import { themeForHost, pageTitle } from "../../app/lib/theme";
import { afterSignIn, safeRedirect } from "../../app/lib/auth.server";
import { maskPath } from "../../app/lib/error-report.server";

describe("web configuration (validated at start-up)", () => {
  it("has working defaults outside production", () => {
    const config = parseWebConfig({});
    expect(config.port).toBe(3000);
    expect(config.apiUrl).toBeUndefined();
    expect(config.hmrHosts).toEqual(["hmr.localhost", "hmrprogram.localhost"]);
    expect(config.cookieSecret.length).toBeGreaterThan(20);
    expect(config.production).toBe(false);
  });
  it("requires SESSION_SECRET in production and lists every problem", () => {
    expect(() => parseWebConfig({ NODE_ENV: "production" })).toThrow(WebConfigError);
    try {
      parseWebConfig({ NODE_ENV: "production", PORT: "0", API_URL: "ftp://x" });
    } catch (error) {
      expect(String(error)).toMatch(/SESSION_SECRET/);
      expect(String(error)).toMatch(/PORT/);
      expect(String(error)).toMatch(/API_URL/);
    }
    expect(parseWebConfig({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(32) }).production).toBe(true);
  });
  it("APP_ENV, when set, is the app's mode and NODE_ENV only the libraries' (the suites: production builds, test settings)", () => {
    expect(parseWebConfig({ NODE_ENV: "production", APP_ENV: "test" }).production).toBe(false);
    expect(() => parseWebConfig({ NODE_ENV: "test", APP_ENV: "production" })).toThrow(/SESSION_SECRET/);
    expect(() => parseWebConfig({ APP_ENV: "staging" })).toThrow(/APP_ENV/);
    const api = loadApiConfig({ NODE_ENV: "production", APP_ENV: "test", SEED_DEMO: "true", SEED_TEST_ACCOUNTS: "4", DATA_DIR: ".tmp/unused", SESSION_SECRET: "x".repeat(32) });
    expect(api).toMatchObject({ production: false, seedDemo: true, seedTestAccounts: 4 });
    // Production stays production: the demo and test accounts are refused whatever NODE_ENV says.
    expect(() => loadApiConfig({ NODE_ENV: "test", APP_ENV: "production", SEED_DEMO: "true", SESSION_SECRET: "x".repeat(32) })).toThrow(/demo users/);
  });
  it("reads HMR_HOSTS, API_URL and TRUST_PROXY", () => {
    const config = parseWebConfig({ HMR_HOSTS: " A.example , b.example ", API_URL: "http://api:3001/", TRUST_PROXY: "1" });
    expect(config.hmrHosts).toEqual(["a.example", "b.example"]);
    expect(config.apiUrl).toBe("http://api:3001");
    expect(config.trustProxy).toBe(1);
    expect(parseTrustProxy("loopback, 10.0.0.0/8")).toBe("loopback, 10.0.0.0/8");
    expect(parseTrustProxy(undefined)).toBe(false);
  });
  it("derives the cookie key from SESSION_SECRET (stable, and not the secret itself)", () => {
    const a = parseWebConfig({ SESSION_SECRET: "s".repeat(40) });
    const b = parseWebConfig({ SESSION_SECRET: "s".repeat(40) });
    expect(a.cookieSecret).toBe(b.cookieSecret);
    expect(a.cookieSecret).not.toContain("ssss");
  });
});

describe("security headers", () => {
  it("enforces a nonce CSP with object-src, base-uri and frame-ancestors closed", () => {
    const csp = contentSecurityPolicy({ nonce: "abc", production: true, development: false });
    expect(csp).toContain("script-src 'self' 'nonce-abc'");
    expect(csp).toContain("style-src 'self' 'nonce-abc'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).not.toContain("unsafe-eval");
  });
  it("HSTS of at least a year in production only; no-referrer and nosniff always", () => {
    const production = securityHeaders({ nonce: "n", production: true, development: false });
    const maxAge = Number(/max-age=(\d+)/.exec(production["Strict-Transport-Security"])?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(365 * 24 * 3600);
    const local = securityHeaders({ nonce: "n", production: false, development: false });
    expect(local["Strict-Transport-Security"]).toBeUndefined();
    for (const headers of [production, local]) {
      expect(headers["Referrer-Policy"]).toBe("no-referrer");
      expect(headers["X-Content-Type-Options"]).toBe("nosniff");
    }
  });
  it("dev mode allows Vite's injected styles and HMR socket", () => {
    const csp = contentSecurityPolicy({ nonce: "n", production: false, development: true });
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("connect-src 'self' ws: wss:");
  });
});

type Call = { url: string; method: string; headers: Headers; body: unknown };

async function client(responses: Response[], cookie?: string) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (url: URL | RequestInfo, init?: RequestInit) => {
    calls.push({
      url: String(url),
      method: init?.method ?? "GET",
      headers: new Headers(init?.headers),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    const next = responses.shift();
    if (!next) throw new TypeError("fetch failed");
    return next;
  });
  const request = new Request("http://web.test/staff/patients/7.data?_routes=a&tab=x", {
    headers: { "user-agent": "UA/1", ...(cookie ? { cookie } : {}) },
  });
  const session = await WebSession.fromRequest(request);
  const onUnauthorized = vi.fn((path: string, _reason: unknown): never => {
    throw loginRedirect(path);
  });
  const upstream = new Upstream({
    request,
    session,
    env: { nonce: "n", clientIp: "203.0.113.9", timing: new ServerTiming() },
    locale: () => "es-US",
    onUnauthorized,
    fetch: fetchMock as unknown as typeof fetch,
  });
  return { upstream, session, calls, onUnauthorized };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });

describe("the upstream client", () => {
  it("sends the spec §7 headers, and fetches the CSRF token before the first state-changing call", async () => {
    const sessionInfo = json(
      200,
      { message: "", data: { id: null, isGuest: true, groups: [], csrfTokenValue: "tok", sessionEnded: null } },
      { "Set-Cookie": "th_guest=g123; Path=/; HttpOnly; SameSite=Lax" },
    );
    const { upstream, calls, session } = await client([sessionInfo, json(200, { message: "ok", data: 1 })]);
    const result = await upstream.call("POST /api/v1/track", { body: { event: "PageView" } });
    expect(result).toEqual({ code: "ok", message: "ok", data: 1 });
    expect(calls.map((c) => `${c.method} ${new URL(c.url).pathname}`)).toEqual(["POST /api/v1/users/session-info", "POST /api/v1/track"]);
    const track = calls[1];
    expect(track.headers.get("Accept")).toBe("application/json");
    expect(track.headers.get("X-Requested-With")).toBe("XMLHttpRequest");
    expect(track.headers.get("X-Frontend-Version")).toBe("2");
    expect(track.headers.get("X-CSRF-Token")).toBe("tok");
    expect(track.headers.get("Cookie")).toBe("th_guest=g123");
    expect(track.headers.get("User-Agent")).toBe("UA/1");
    expect(track.headers.get("X-Forwarded-For")).toBe("203.0.113.9");
    expect(track.body).toEqual({ event: "PageView" });
    expect(calls[0].headers.get("X-CSRF-Token")).toBeNull();
    expect(session.csrf).toBe("tok");
  });

  it("GET sends no CSRF token; query arrays use key[]", async () => {
    const { upstream, calls } = await client([json(200, { message: "", data: [], pages: { totalCount: 0, page: 2, perPage: 20 } })]);
    await upstream.call("GET /api/v1/users", { query: { roles: ["providers", "nurse"], search: "", page: 2 } });
    const url = new URL(calls[0].url);
    expect(url.searchParams.getAll("roles[]")).toEqual(["providers", "nurse"]);
    expect(url.searchParams.get("page")).toBe("2");
    expect(url.searchParams.has("search")).toBe(false);
    expect(calls[0].headers.get("X-CSRF-Token")).toBeNull();
  });

  it("stores each upstream Set-Cookie in the web session and forgets cleared cookies", async () => {
    const { upstream, session } = await client([
      json(200, { message: "", data: null }, { "Set-Cookie": "th_session=s1; Path=/; HttpOnly" }),
      json(200, { message: "", data: null }, { "Set-Cookie": "th_session=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT" }),
    ]);
    await upstream.download("GET /api/v1/avatars/:key", { params: { key: "a" } });
    expect(session.upstreamCookies).toEqual({ th_session: "s1" });
    await upstream.download("GET /api/v1/avatars/:key", { params: { key: "b" } });
    expect(session.upstreamCookies).toEqual({});
  });

  it("a 401 ends the web session and sends the user to sign in, back to this page afterwards", async () => {
    const { upstream, session, onUnauthorized } = await client([json(401, { message: "Please sign in to continue." })]);
    session.setUpstreamCookie("th_session", "old");
    session.setUser({ id: 3, role: "medicalSupport" });
    const thrown = await upstream.call("GET /api/v1/profile").catch((e: unknown) => e);
    expect(onUnauthorized).toHaveBeenCalledWith("/staff/patients/7?tab=x", null);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe("/login?redirectTo=%2Fstaff%2Fpatients%2F7%3Ftab%3Dx");
    expect(session.user).toBeNull();
    expect(session.hasUpstreamSession).toBe(false);
  });

  it("a 401 that says the session timed out or was ended passes the reason on (said beside the sign-in form)", async () => {
    for (const [sessionEnded, reason] of [["expired", "inactivity"], ["revoked", "revoked"]] as const) {
      const { upstream, session, onUnauthorized } = await client([json(401, { message: "Please sign in to continue.", data: { sessionEnded } })]);
      session.setUpstreamCookie("th_session", "old");
      await upstream.call("GET /api/v1/profile").catch((e: unknown) => e);
      expect(onUnauthorized).toHaveBeenCalledWith("/staff/patients/7?tab=x", reason);
    }
  });

  it("turns failures into UpstreamError with the message, nested data.message, or no status when unreachable", async () => {
    const { upstream } = await client([
      json(400, { message: "Invalid email or password." }),
      json(422, { data: { message: "Nested reason" } }),
      json(503, { message: "Database unavailable" }),
    ]);
    await expect(upstream.call("GET /api/v1/profile")).rejects.toMatchObject({ status: 400, message: "Invalid email or password." });
    await expect(upstream.call("GET /api/v1/profile")).rejects.toMatchObject({ status: 422, message: "Nested reason" });
    await expect(upstream.call("GET /api/v1/profile")).rejects.toMatchObject({ status: 503 });
    await expect(upstream.call("GET /api/v1/profile")).rejects.toMatchObject({ status: null });
  });

  it("refreshes a stale CSRF token once and retries", async () => {
    const { upstream, session, calls } = await client([
      json(403, { code: "common.csrf", message: "Invalid CSRF token. Reload the page and try again." }),
      json(200, { message: "", data: { id: 1, isGuest: false, groups: ["patients"], csrfTokenValue: "fresh", sessionEnded: null } }),
      json(200, { message: "saved", data: null }),
    ]);
    session.csrf = "stale";
    await expect(upstream.call("POST /api/v1/users/update-password", { body: { currentPassword: "A", newPassword: "B", passwordConfirm: "B" } })).resolves.toMatchObject({ message: "saved" });
    expect(calls.map((c) => c.headers.get("X-CSRF-Token"))).toEqual(["stale", null, "fresh"]);
  });

  it("field errors of a validation failure", () => {
    const error = new UpstreamError(400, "Invalid", { errors: { loginName: ["Value is required"] } });
    expect(error.fieldErrors).toEqual({ loginName: ["Value is required"] });
  });
});

describe("spec §8 error texts, in both languages", () => {
  const en = createTranslator("en-US", resources["en-US"], "common").t;
  const es = createTranslator("es-US", resources["es-US"], "common").t;
  it.each([
    [new UpstreamError(500, "boom"), "Internal error", "Error interno"],
    [new UpstreamError(502, "Bad gateway"), "Internal error", "Error interno"],
    [new UpstreamError(null, "fetch failed"), "Please check your internet connection and try again.", "Compruebe su conexión a internet e inténtelo de nuevo."],
    [new UpstreamError(400, "Invalid email or password.", undefined, "auth.invalidLogin"), "Invalid email or password.", "Correo electrónico o contraseña incorrectos."],
    // An upstream that sends no code (or one the web does not know): its message, as it is (spec §8).
    [new UpstreamError(400, "Invalid email or password."), "Invalid email or password.", "Invalid email or password."],
    [new UpstreamError(404, "Some other message"), "Some other message", "Some other message"],
  ])("%s", (error, english, spanish) => {
    expect(errorToastMessage(error, en)).toBe(english);
    expect(errorToastMessage(error, es)).toBe(spanish);
  });

  it("validation keys shared with the API translate, including the flat password-rule keys", () => {
    expect(translateMessage(en, "validation.required")).toBe("Value is required");
    expect(translateMessage(es, "validation.required")).not.toBe("Value is required");
    expect(translateMessage(en, "validation.password.tooShort")).toBe("Password must be more than 8 characters");
    expect(translateMessage(en, "plain text")).toBe("plain text");
  });
});

describe("locales", () => {
  function keys(value: unknown, prefix = ""): string[] {
    if (typeof value !== "object" || value === null) return [prefix];
    return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  }
  it("en-US and es-US have the same keys in the web's namespace, none empty", () => {
    const en = keys(resources["en-US"].common).sort();
    const es = keys(resources["es-US"].common).sort();
    expect(es).toEqual(en);
    const flat = (lng: "en-US" | "es-US") => new Map(keys(resources[lng].common).map((k) => [k, k.split(".").reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], resources[lng].common)]));
    for (const [key, value] of flat("es-US")) expect(String(value).trim(), key).not.toBe("");
    // Real Spanish: most texts differ from the English ones.
    const english = flat("en-US");
    const same = [...flat("es-US")].filter(([k, v]) => english.get(k) === v).map(([k]) => k);
    expect(same.length).toBeLessThan(english.size * 0.05);
  });
});

describe("themes and titles", () => {
  it("the hmr theme for the program host names only", () => {
    const hosts = ["hmr.localhost", "hmrprogram.localhost"];
    expect(themeForHost("hmr.localhost", hosts).name).toBe("hmr");
    expect(themeForHost("HMRProgram.localhost.", hosts).name).toBe("hmr");
    expect(themeForHost("localhost", hosts).name).toBe("default");
    expect(themeForHost("evil-hmr.localhost", hosts).name).toBe("default");
    expect(themeForHost("hmr.localhost", hosts).favicon).toBe("/favicon-hmr.svg");
  });
  it("page title = brand + route title", () => {
    expect(pageTitle("Telehealth", "Sign in")).toBe("Telehealth | Sign in");
    expect(pageTitle("HMR Program", null)).toBe("HMR Program");
  });
});

describe("redirects after sign-in", () => {
  it("only local paths, never the sign-in page or an action", () => {
    expect(safeRedirect("/patient/orders")).toBe("/patient/orders");
    for (const bad of ["//evil.example", "/\\evil.example", "https://evil.example", "/login?x", "/actions/users/logout", "", null]) {
      expect(safeRedirect(bad)).toBeNull();
    }
  });
  it("back to the page if the role may open it, else home", () => {
    expect(afterSignIn("patients", "/patient/journeys/4")).toBe("/patient/journeys/4");
    expect(afterSignIn("customerSupport", "/manager/settings")).toBe("/staff");
    expect(afterSignIn("providers", "/staff/charts")).toBe("/manager");
    expect(afterSignIn("providers", null)).toBe("/manager");
  });
  it("pagePath drops React Router's data suffix and parameters; loginRedirect keeps the way back", () => {
    expect(pagePath(new Request("http://x/_root.data"))).toBe("/");
    expect(pagePath(new Request("http://x/patient/orders.data?_routes=r&index&page=2"))).toBe("/patient/orders?page=2");
    expect(loginRedirect("/patient").headers.get("Location")).toBe("/login?redirectTo=%2Fpatient");
    expect(loginRedirect("/").headers.get("Location")).toBe("/login");
    expect(redirect("/x").status).toBe(302);
  });
  it("parseSetCookie", () => {
    expect(parseSetCookie("th_mfa=abc.def; Max-Age=300; Path=/")).toEqual({ name: "th_mfa", value: "abc.def", expired: false });
    expect(parseSetCookie("th_mfa=abc; Max-Age=0")?.expired).toBe(true);
    expect(parseSetCookie("garbage")).toBeNull();
  });
});

describe("error reports carry no identifiers", () => {
  it("masks ids and search text in paths", () => {
    expect(maskPath("/staff/patients/123/intakes/9/review?x=1")).toBe("/staff/patients/:id/intakes/:id/review");
    expect(maskPath("/manager/search/jane%20doe")).toBe("/manager/search/:search");
  });
});

describe("the error reporter (ERROR_REPORT_URL)", () => {
  it("receives uncaught errors without identifiers; nothing is sent when it is not configured", async () => {
    const { createServer } = await import("node:http");
    const { webConfig } = await import("../../app/lib/config.server");
    const { reportServerError, sendErrorReport } = await import("../../app/lib/error-report.server");
    const received: Record<string, unknown>[] = [];
    const server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        received.push(JSON.parse(body));
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    const config = webConfig();
    const before = config.errorReportUrl;
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      config.errorReportUrl = undefined;
      await sendErrorReport({ source: "client", name: "E", message: "m" });
      expect(received).toEqual([]);

      config.errorReportUrl = `http://127.0.0.1:${port}/report`;
      reportServerError(new TypeError("x is undefined"), new Request("http://web/staff/patients/42/notes?q=secret"));
      await expect.poll(() => received.length).toBe(1);
      expect(received[0]).toMatchObject({ source: "server", name: "TypeError", message: "x is undefined", path: "/staff/patients/:id/notes" });
      expect(JSON.stringify(received[0])).not.toContain("secret");
      expect(log).toHaveBeenCalled();
    } finally {
      config.errorReportUrl = before;
      log.mockRestore();
      server.close();
    }
  });
});
