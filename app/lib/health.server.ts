/**
 * The web's health answers for a load balancer or an orchestrator (server.ts; README "Resilience"):
 *  - GET /livez: the process serves requests (liveness; never asks anything else, so a down upstream does not
 *    get healthy web processes restarted);
 *  - GET /healthz: the web can serve pages (readiness): 200 `{ status: "ok", upstream: "up" }` when the upstream's
 *    GET /api/health answers 2xx within HEALTH_UPSTREAM_TIMEOUT_MS, else 503 `{ status: "unavailable",
 *    upstream: "down" }` (no answer in time) or `{ …, upstream: "failing" }` (it answered with a failure, such as
 *    its database being down).
 * Checks that overlap share one upstream call.
 */
export const HEALTH_UPSTREAM_TIMEOUT_MS = 2_000;

export type UpstreamState = "up" | "down" | "failing";
export type Health = { status: "ok" | "unavailable"; upstream: UpstreamState };

export async function upstreamState(apiUrl: string, timeoutMs = HEALTH_UPSTREAM_TIMEOUT_MS, fetcher: typeof fetch = fetch): Promise<UpstreamState> {
  try {
    const response = await fetcher(new URL("/api/health", apiUrl + "/"), {
      headers: { Accept: "application/json" },
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    return response.ok ? "up" : "failing";
  } catch {
    return "down";
  }
}

/** A readiness check bound to one upstream; concurrent calls share the call in flight. */
export function readiness(apiUrl: () => string, timeoutMs = HEALTH_UPSTREAM_TIMEOUT_MS, fetcher: typeof fetch = fetch): () => Promise<Health> {
  let inFlight: Promise<Health> | undefined;
  return () =>
    (inFlight ??= upstreamState(apiUrl(), timeoutMs, fetcher)
      .then((upstream): Health => ({ status: upstream === "up" ? "ok" : "unavailable", upstream }))
      .finally(() => {
        inFlight = undefined;
      }));
}
