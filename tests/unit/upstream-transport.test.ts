/**
 * The upstream client's transport (app/lib/upstream.server.ts, keepAliveRequest): JSON calls go over node:http
 * with a keep-alive agent, not through fetch (issue 11: fetch's machinery was about 8 % of a page's CPU), and
 * behave as before — the headers of spec §7, cookies kept, no redirect followed, an unreachable upstream is the
 * §8 "no response" case.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { webConfig } from "../../app/lib/config.server";
import { ServerTiming } from "../../app/lib/server-timing.server";
import { WebSession } from "../../app/lib/session.server";
import { Upstream, UpstreamError } from "../../app/lib/upstream.server";

let server: Server;
let base: string;
let connections = 0;
/** What the test server answers next: contract-shaped JSON, a redirect, or a status no Response can carry. */
let answer: "json" | "redirect" | "odd" | "bom" = "json";
const seen: { method: string; url: string; headers: IncomingMessage["headers"]; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      if (answer === "odd") {
        res.writeHead(600, { "Content-Type": "application/json" }).end("{}");
        return;
      }
      if (answer === "bom") {
        // UTF-8 with a byte order mark, in two chunks that split a character: decoded as Response.text() would.
        const bytes = Buffer.from("\uFEFF" + JSON.stringify({ code: "ok", message: "Listo — ñandú", data: { password: true, totp: false, recoveryCodesLeft: 0 } }));
        const cut = bytes.indexOf(Buffer.from("ñ")) + 1;
        res.writeHead(200, { "Content-Type": "application/json" });
        res.write(bytes.subarray(0, cut));
        setTimeout(() => res.end(bytes.subarray(cut)), 5);
        return;
      }
      if (answer === "redirect") {
        res.writeHead(302, { Location: "/elsewhere" }).end();
        return;
      }
      res.writeHead(200, { "Content-Type": "application/json", "Set-Cookie": "th_session=fresh; Path=/; HttpOnly" });
      // An answer the contract accepts for the endpoints these tests call (GET get-auth-methods; POST track has no data).
      res.end(JSON.stringify({ code: "ok", message: "Done", data: { password: true, totp: false, recoveryCodesLeft: 0 } }));
    });
  });
  server.on("connection", () => connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

afterEach(() => {
  answer = "json";
  vi.unstubAllGlobals();
  seen.length = 0;
});

async function client(apiUrl: string) {
  webConfig().apiUrl = apiUrl;
  const request = new Request("http://web.test/patient", { headers: { "User-Agent": "test-browser" } });
  const session = await WebSession.fromRequest(request);
  session.csrf = "csrf-token";
  session.setUpstreamCookie("th_session", "old");
  const upstream = new Upstream({
    request,
    session,
    env: { nonce: "n", clientIp: "203.0.113.9", timing: new ServerTiming() },
    locale: () => "es-US",
    onUnauthorized: () => {
      throw new Error("401");
    },
  });
  return { upstream, session };
}

describe("the upstream transport", () => {
  it("sends JSON calls over one keep-alive connection, without fetch, with the headers of spec §7", async () => {
    vi.stubGlobal("fetch", () => Promise.reject(new Error("JSON calls do not go through fetch")));
    const { upstream, session } = await client(base);
    connections = 0;
    const first = await upstream.call("GET /api/v1/users/get-auth-methods", { query: { page: 2 } });
    const second = await upstream.call("POST /api/v1/track", { body: { event: "PageView", payload: { name: "ñ", url: "/" } } });
    expect(first.data.password).toBe(true);
    expect(seen[0].url).toBe("/api/v1/users/get-auth-methods?page=2");
    expect(second.message).toBe("Done");
    expect(connections).toBe(1);
    expect(seen[0].headers).toMatchObject({
      accept: "application/json",
      "x-requested-with": "XMLHttpRequest",
      "x-frontend-version": "2",
      "accept-language": "es-US",
      cookie: "th_session=old",
      "user-agent": "test-browser",
      "x-forwarded-for": "203.0.113.9",
    });
    expect(seen[0].headers["x-csrf-token"]).toBeUndefined();
    expect(seen[1]).toMatchObject({ method: "POST", body: JSON.stringify({ event: "PageView", payload: { name: "ñ", url: "/" } }) });
    expect(seen[1].headers).toMatchObject({ "content-type": "application/json", "x-csrf-token": "csrf-token" });
    // The upstream's Set-Cookie is kept in the web session, as before.
    expect(session.upstreamCookies).toMatchObject({ th_session: "fresh" });
  });

  it("reads the answer's text as fetch would: UTF-8, a byte order mark dropped, characters split across chunks", async () => {
    const { upstream } = await client(base);
    answer = "bom";
    const result = await upstream.call("GET /api/v1/users/get-auth-methods");
    expect(result.message).toBe("Listo — ñandú");
    expect(result.data.password).toBe(true);
  });

  it("does not follow a redirect: it is a failed call", async () => {
    const { upstream } = await client(base);
    answer = "redirect";
    const error = await upstream.call("GET /api/v1/users/get-auth-methods").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).status).toBe(302);
    expect(seen.map((s) => s.url)).toEqual(["/api/v1/users/get-auth-methods"]);
  });

  it("an answer with a status no Response can carry is a failed call without a response, not a crash", async () => {
    const { upstream } = await client(base);
    answer = "odd";
    const error = await upstream.call("GET /api/v1/users/sessions").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).status).toBeNull();
  });

  it("an upstream that does not answer is a call without a response (spec §8: check your connection)", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { upstream } = await client(`http://127.0.0.1:${port}`);
    const error = await upstream.call("GET /api/v1/profile").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).status).toBeNull();
  });
});
