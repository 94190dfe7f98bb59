/** POST /api/v1/track: Init and PageView analytics events (spec §1, §3, §7). */
import { Router } from "express";
import { trackRequestSchema } from "../contract/users.ts";
import { analyticsEvents } from "../db/schema.ts";
import { endpoint } from "../http/endpoint.ts";
import { ok } from "../http/errors.ts";
import { parseBody } from "../http/validate.ts";

/** Keeps the path only and masks /search/{text}: search text sits in some URLs of the spec and is not for analytics. */
function pathOnly(url: string): string {
  try {
    return new URL(url, "http://x").pathname.replace(/\/search\/[^/]*/g, "/search/:search").slice(0, 500);
  } catch {
    return "";
  }
}

export function trackRoutes(): Router {
  const router = Router();
  endpoint(router, "POST /api/v1/track", async (req, res) => {
    const input = parseBody(req, trackRequestSchema);
    await req.deps.db.insert(analyticsEvents).values({
      userId: req.auth.user?.id ?? null,
      event: input.event,
      name: input.payload.name,
      url: pathOnly(input.payload.url),
      device: input.device ?? null,
      browser: input.browser ?? null,
    });
    ok(res, null);
  });
  return router;
}
