import { describe, expect, it } from "vitest";
import { readiness, upstreamState } from "./health.server.ts";

/** A stand-in for the network: the upstream's answers, or a failure to connect. */
const answering = (status: number): typeof fetch => async () => new Response("{}", { status });
const refusing: typeof fetch = async () => {
  throw new TypeError("fetch failed", { cause: Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }) });
};
/** Never answers; rejects when the call's signal aborts, as fetch does. */
const silent: typeof fetch = (_url, init) =>
  new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)));

describe("the web's readiness (/healthz)", () => {
  it("is up when the upstream's health answers 2xx, failing on another answer, down without one", async () => {
    expect(await upstreamState("http://upstream", 1_000, answering(200))).toBe("up");
    expect(await upstreamState("http://upstream", 1_000, answering(503))).toBe("failing");
    expect(await upstreamState("http://upstream", 1_000, refusing)).toBe("down");
  });

  it("gives up after its timeout when the upstream does not answer", async () => {
    const started = performance.now();
    expect(await upstreamState("http://upstream", 50, silent)).toBe("down");
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("asks the upstream's GET /api/health, and checks that overlap share one call", async () => {
    const asked: string[] = [];
    const counting: typeof fetch = async (url) => {
      asked.push(String(url));
      return new Response("{}", { status: 200 });
    };
    const check = readiness(() => "http://upstream:3001", 1_000, counting);
    const [a, b] = await Promise.all([check(), check()]);
    expect(a).toEqual({ status: "ok", upstream: "up" });
    expect(b).toBe(a);
    expect(asked).toEqual(["http://upstream:3001/api/health"]);
    expect(await readiness(() => "http://upstream", 1_000, refusing)()).toEqual({ status: "unavailable", upstream: "down" });
    await check();
    expect(asked).toHaveLength(2);
  });
});
