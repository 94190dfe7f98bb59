/**
 * The web server: Express 5 + React Router framework mode (SSR), run with `tsx server.ts`.
 *
 *  - NODE_ENV=development: Vite in middleware mode (HMR), the app is loaded from source.
 *  - otherwise: the built app from ./build (run `react-router build` first).
 *  - API_URL unset: the upstream API is started in this process (api/server.ts) on a loopback port.
 *
 * Every response gets the security headers (CSP with a per-request nonce, Referrer-Policy, HSTS in
 * production, …); rendered pages are `Cache-Control: no-store` (they carry a per-request nonce and, when
 * signed in, health data). GET /livez answers without touching the upstream (liveness); GET /healthz says
 * whether the upstream answers (readiness, 503 when it does not: app/lib/health.server.ts). SIGTERM drains and exits.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import type { Server } from "node:http";
import { fileURLToPath } from "node:url";
import compression from "compression";
import express, { type Request, type Response } from "express";
import { createRequestHandler } from "@react-router/express";
import type { ServerBuild } from "react-router";
import { upstreamUrl, webConfig, WebConfigError } from "./app/lib/config.server.ts";
import { createLoadContext } from "./app/lib/request-context.server.ts";
import { ServerTiming } from "./app/lib/server-timing.server.ts";
import { securityHeaders } from "./app/lib/security-headers.server.ts";
import { readiness } from "./app/lib/health.server.ts";
import { routePartitions } from "./app/lib/route-partitions.server.ts";
import { guestPageCache, NONCE_MARKER } from "./app/lib/guest-page-cache.server.ts";

const root = path.dirname(fileURLToPath(import.meta.url));
/** The built app (react-router.config.ts buildDirectory; BUILD_DIR lets parallel runs build side by side). */
const buildDir = process.env.BUILD_DIR ?? "build";

/** Demo accounts created by the API's demo seed (SEED_DEMO), printed at start-up for people trying it out. */
const DEMO_LOGINS = [
  ["patient@demo.test", "patient"],
  ["manager@demo.test", "provider manager"],
  ["provider@demo.test", "provider"],
  ["support@demo.test", "customer support"],
  ["support-manager@demo.test", "customer support manager"],
  ["nurse@demo.test", "nurse (medical support)"],
  ["nurse-manager@demo.test", "nurse manager"],
] as const;

/** Headers server.ts sets on every answer that must appear once. */
const singleValued = new Set(
  [...Object.keys(securityHeaders({ nonce: "", production: true, development: false })), "Cache-Control"].map((h) => h.toLowerCase()),
);

/**
 * A fresh CSP nonce (16 random bytes, base64) per response, cut from a pool of random bytes drawn 4 KB at a time:
 * the same randomness as one randomBytes(16) per request, without a call into OpenSSL for each (issue 11).
 */
let noncePool = Buffer.alloc(0);
let nonceAt = 0;
function nextNonce(): string {
  if (nonceAt + 16 > noncePool.length) {
    noncePool = randomBytes(16 * 256);
    nonceAt = 0;
  }
  nonceAt += 16;
  return noncePool.toString("base64", nonceAt - 16, nonceAt);
}

async function main() {
  let config;
  try {
    config = webConfig();
  } catch (error) {
    console.error(error instanceof WebConfigError ? error.message : error);
    process.exit(1);
  }

  let api: { url: string; close(): Promise<void>; config?: { seedDemo?: boolean } } | undefined;
  if (!config.apiUrl) {
    const { startApi } = await import("./api/server.ts");
    api = await startApi({ env: process.env });
    config.apiUrl = api.url;
  }

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  app.use(compression());

  app.get("/livez", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  const ready = readiness(upstreamUrl);
  app.get("/healthz", async (_req, res) => {
    const health = await ready();
    res
      .status(health.status === "ok" ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json(health);
  });

  app.use((_req, res, next) => {
    const nonce = nextNonce();
    res.locals.cspNonce = nonce;
    res.set(securityHeaders({ nonce, production: config.production, development: config.development }));
    // React Router's adapter appends a route's headers (res.append): a route that sets one of these itself (a
    // download's X-Content-Type-Options) replaces the value set here instead of sending it twice ("nosniff, nosniff").
    const append = res.append.bind(res);
    res.append = (field: string, value?: string | string[]) => (singleValued.has(field.toLowerCase()) ? res.set(field, value) : append(field, value));
    next();
  });

  const getLoadContext = (req: Request, res: Response) =>
    createLoadContext({ nonce: String(res.locals.cspNonce), clientIp: req.ip, timing: new ServerTiming() });
  const noStore = (_req: Request, res: Response, next: () => void) => {
    res.set("Cache-Control", "no-store");
    next();
  };

  let vite: import("vite").ViteDevServer | undefined;
  if (config.development) {
    const { createServer } = await import("vite");
    vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
    app.use(vite.middlewares);
    app.use(noStore, async (req, res, next) => {
      try {
        const build = (await vite!.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
        await createRequestHandler({ build, getLoadContext, mode: "development" })(req, res, next);
      } catch (error) {
        vite!.ssrFixStacktrace(error as Error);
        next(error);
      }
    });
  } else {
    const client = path.join(root, buildDir, "client");
    // Fingerprinted files: cache for a year, never revalidate. A missing asset is a plain 404.
    app.use("/assets", express.static(path.join(client, "assets"), { immutable: true, maxAge: "1y", fallthrough: false, index: false }));
    // Other public files (favicons, logos): short cache. Only asked for names with an extension, so a page
    // request does not cost a file-system lookup first (pages have none).
    const publicFiles = express.static(client, { maxAge: "1h", index: false });
    app.use((req, res, next) => (/\.[^/]+$/.test(req.path) ? publicFiles(req, res, next) : next()));
    const build = (await import(path.join(root, buildDir, "server/index.js"))) as ServerBuild;
    // One request handler per first segment of the address, each matching only the routes that address can reach
    // (app/lib/route-partitions.server.ts): React Router's per-request work grows with the routes it is given.
    const partitions = routePartitions(build);
    const mode = config.production ? "production" : "test";
    const handlers = new Map(partitions.builds.map((b) => [b, createRequestHandler({ build: b, getLoadContext, mode })]));
    // The public pages every guest sees alike, from a template per address and language with the request's nonce
    // and form token written in (app/lib/guest-page-cache.server.ts); GUEST_PAGE_CACHE=off renders each one.
    const guestPages =
      process.env.GUEST_PAGE_CACHE === "off"
        ? null
        : guestPageCache({
            build,
            mode,
            templateContext: (req) => createLoadContext({ nonce: NONCE_MARKER, clientIp: req.ip, timing: new ServerTiming() }),
          });
    app.use(noStore, (req, res, next) =>
      guestPages ? guestPages.middleware(req, res, () => handlers.get(partitions.buildFor(req.originalUrl))!(req, res, next)) : handlers.get(partitions.buildFor(req.originalUrl))!(req, res, next),
    );
  }

  // Express's own last handler shows the error's stack (absolute paths included) outside NODE_ENV=production:
  // a missing asset or a refused path (/assets/..%2f..%2fserver%2findex.js, 403 from express.static) is a plain
  // 404, anything else a plain 500 whose stack goes to the log only.
  app.use((error: unknown, _req: Request, res: Response, next: (error?: unknown) => void) => {
    if (res.headersSent) return next(error);
    const status = (error as { status?: unknown; statusCode?: unknown } | null)?.status ?? (error as { statusCode?: unknown } | null)?.statusCode;
    if (typeof status === "number" && status >= 400 && status < 500) {
      res.status(404).type("text/plain").send("Not found");
      return;
    }
    console.error(error);
    res.status(500).type("text/plain").send("Internal error");
  });

  const server: Server = app.listen(config.port, config.host ?? "0.0.0.0");
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  const shownHost = config.host && config.host !== "0.0.0.0" ? config.host : "localhost";
  console.log(`Web app on http://${shownHost}:${config.port}` + (api ? ` (embedded API on ${api.url})` : ` (API ${config.apiUrl})`));
  if (api && api.config?.seedDemo !== false) {
    console.log(`Demo logins (password DemoPassw0rd):\n` + DEMO_LOGINS.map(([email, role]) => `  ${email.padEnd(28)} ${role}`).join("\n"));
  }

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down`);
    const force = setTimeout(() => {
      server.closeAllConnections();
      process.exit(1);
    }, 10_000);
    force.unref();
    // Stop accepting connections, end the live chat relays (app/lib/chats.server.ts; their browsers reconnect
    // elsewhere), let requests in flight finish, then stop the embedded API.
    for (const relay of (globalThis as { [key: symbol]: Set<AbortController> | undefined })[Symbol.for("telehealth.liveStreams")] ?? []) relay.abort();
    server.close(async () => {
      try {
        await vite?.close();
        await api?.close();
        process.exit(0);
      } catch (error) {
        console.error(error);
        process.exit(1);
      }
    });
    server.closeIdleConnections();
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));
}

await main();
