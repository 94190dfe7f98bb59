/**
 * server.ts as a process: refuses a bad configuration at start-up, serves /livez and /healthz, stops cleanly on
 * SIGTERM. Uses the built app (skipped when ./build is missing) and an API_URL, so no embedded API starts.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";

const root = new URL("../../", import.meta.url).pathname;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "test", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe("server.ts", () => {
  it("refuses to start with an invalid configuration, listing the problem", async () => {
    const server = start({ NODE_ENV: "production", SESSION_SECRET: "", API_URL: "http://127.0.0.1:9", PORT: "1" });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("SESSION_SECRET");
  }, 30_000);

  it.skipIf(!existsSync(`${root}build/server/index.js`))(
    "answers /livez, and /healthz with the upstream's state; security headers; says when the upstream cannot be reached; exits 0 on SIGTERM",
    async () => {
      const port = await freePort();
      const server = start({ PORT: String(port), API_URL: "http://127.0.0.1:9" });
      let response: Response | undefined;
      for (let i = 0; i < 100 && !response; i += 1) {
        response = await fetch(`http://127.0.0.1:${port}/livez`).catch(() => undefined);
        if (!response) await new Promise((r) => setTimeout(r, 200));
      }
      expect(response?.status).toBe(200);
      expect(await response?.json()).toEqual({ status: "ok" });
      expect(response?.headers.get("x-powered-by")).toBeNull();
      // Readiness for a load balancer: the upstream (nothing listens on port 9) does not answer.
      const health = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(health.status).toBe(503);
      expect(await health.json()).toEqual({ status: "unavailable", upstream: "down" });
      const page = await fetch(`http://127.0.0.1:${port}/privacy-policy`);
      expect(page.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-[^']+'/);
      // A nonce of 16 random bytes per response (drawn from a pool), the same in the header and the page's scripts.
      const nonces = new Set<string>();
      for (let i = 0; i < 20; i += 1) {
        const answer = await fetch(`http://127.0.0.1:${port}/privacy-policy`);
        const nonce = /'nonce-([^']+)'/.exec(answer.headers.get("content-security-policy") ?? "")?.[1] ?? "";
        expect(Buffer.from(nonce, "base64")).toHaveLength(16);
        expect(await answer.text()).toContain(`nonce="${nonce}"`);
        nonces.add(nonce);
      }
      expect(nonces.size).toBe(20);
      expect(page.headers.get("referrer-policy")).toBe("no-referrer");
      expect(page.headers.get("cache-control")).toBe("no-store");
      // Outside production too, a missing asset or an encoded traversal is a plain 404: no stack, no paths.
      for (const asset of ["/assets/..%2f..%2fserver%2findex.js", "/assets/no-such-file.js"]) {
        const missing = await fetch(`http://127.0.0.1:${port}${asset}`);
        expect(missing.status, asset).toBe(404);
        const body = await missing.text();
        expect(body, asset).toBe("Not found");
      }
      // Spec §8: an upstream that does not answer → "Please check your internet connection and try again."
      const signIn = await fetch(`http://127.0.0.1:${port}/login`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "intent=password&email=patient%40demo.test&password=x",
        redirect: "manual",
      });
      expect(signIn.status).toBe(503);
      expect(await signIn.text()).toContain("Please check your internet connection and try again.");
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain("SIGTERM: shutting down");
    },
    60_000,
  );
});
