import type { ErrorRequestHandler, Request, Response } from "express";
import { errorFields } from "../logger.ts";

/** The matched route pattern (/api/v1/users/:id), or the path with anything but ids and words replaced. */
function routeOf(req: Request): string {
  const pattern = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof pattern === "string") return req.baseUrl + pattern;
  return req.path.replace(/[^/]+/g, (seg) => (/^[A-Za-z0-9_-]{1,40}$/.test(seg) ? seg : ":value"));
}

/** A failure with the status and message the client will see ({ message, data? }, spec §7/§8). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data?: unknown,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export type FieldErrors = Record<string, string[]>;

export const badRequest = (message: string, errors?: FieldErrors) =>
  new ApiError(400, message, errors ? { errors } : undefined);
/**
 * 401. `sessionEnded` says why a request that carried a session cookie is a guest's: the session timed out
 * ("expired") or was ended ("revoked") — so a caller can say "signed out after a period of inactivity" even when
 * the session ended between its session check and this call.
 */
export const unauthorized = (sessionEnded?: "expired" | "revoked" | null) =>
  new ApiError(401, "Please sign in to continue.", sessionEnded ? { sessionEnded } : undefined);
export const forbidden = (message = "You are not allowed to do that.") => new ApiError(403, message);
export const notFound = (message = "Not found.") => new ApiError(404, message);

/** Sends the success envelope. Lists add `pages`. */
export function ok(
  res: Response,
  data: unknown,
  message = "",
  pages?: { totalCount: number; page: number; perPage: number },
): void {
  res.status(200).json(pages ? { message, data, pages } : { message, data });
}

export type Logger = {
  error(msg: string, meta?: Record<string, unknown>): void;
  warn(msg: string, meta?: Record<string, unknown>): void;
  info(msg: string, meta?: Record<string, unknown>): void;
};

/** Last error handler: ApiError as is, JSON syntax errors as 400, anything else as 500 without details. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (err instanceof ApiError) {
      if (err.headers) res.set(err.headers);
      res.status(err.status).json(err.data === undefined ? { message: err.message } : { message: err.message, data: err.data });
      return;
    }
    const status = typeof err?.status === "number" ? err.status : typeof err?.statusCode === "number" ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      const message = err?.type === "entity.too.large" ? "The request is too large." : "The request could not be read.";
      res.status(status).json({ message });
      return;
    }
    // The method, the route and what errorFields keeps: never bodies, queries' values or paths' parameters,
    // which may hold health data or secrets.
    logger.error("unhandled error", { method: req.method, route: routeOf(req), ...errorFields(err) });
    res.status(500).json({ message: "Internal error" });
  };
}
