import type { Request, RequestHandler, Response, Router } from "express";
import { isAllowed, permissions, type EndpointKey } from "../domain/permissions.ts";
import { ApiError, forbidden, unauthorized } from "./errors.ts";
import { csrfMatches } from "./session.ts";

const registered = new Set<EndpointKey>();

/** Every endpoint key that some router registered (the permission test checks none is missing). */
export function registeredEndpoints(): ReadonlySet<EndpointKey> {
  return registered;
}

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/** Checks the permission matrix and, for state-changing calls, the CSRF token. */
export function guard(key: EndpointKey): RequestHandler {
  const rule = permissions[key];
  const method = key.slice(0, key.indexOf(" "));
  const needsCsrf = !SAFE.has(method) && ("csrf" in rule ? rule.csrf !== false : true);
  return (req, _res, next) => {
    const { role } = req.auth;
    if (!isAllowed(key, role)) throw role === "guest" ? unauthorized(req.auth.sessionEnded) : forbidden();
    if (needsCsrf) {
      const presented = req.get("x-csrf-token") ?? (req.body as Record<string, unknown> | undefined)?.csrfToken;
      if (!csrfMatches(req.deps.config.sessionSecret, req.auth.csrfBinding, presented)) {
        throw new ApiError(403, "common.csrf");
      }
    }
    // A body may carry the token instead of the header (README "The upstream contract"); it is the request's
    // credential, not its data, so no handler or schema (the strict ones refuse unknown keys) ever sees it.
    if (req.body && typeof req.body === "object" && !Array.isArray(req.body) && "csrfToken" in req.body) delete (req.body as Record<string, unknown>).csrfToken;
    next();
  };
}

type Handler = (req: Request, res: Response) => Promise<void> | void;

/** Registers a handler for a key of the permission matrix ("METHOD /path"), behind its guard. */
export function endpoint(router: Router, key: EndpointKey, handler: Handler): void {
  const space = key.indexOf(" ");
  const method = key.slice(0, space).toLowerCase() as "get" | "post" | "put" | "delete";
  const path = key.slice(space + 1);
  registered.add(key);
  router[method](path, guard(key), async (req, res) => {
    await handler(req, res);
  });
}
