import type { ErrorRequestHandler, Request, Response } from "express";
import { errorFields } from "../logger.ts";
import { apiMessage, isApiCode, type ApiCode, type ApiParams, type FieldCodes } from "../contract/codes.ts";
import { translateEn } from "./i18n.ts";

/** The matched route pattern (/api/v1/users/:id), or the path with anything but ids and words replaced. */
function routeOf(req: Request): string {
  const pattern = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof pattern === "string") return req.baseUrl + pattern;
  return req.path.replace(/[^/]+/g, (seg) => (/^[A-Za-z0-9_-]{1,40}$/.test(seg) ? seg : ":value"));
}

/** A failure with the status, stable code and message the client will see ({ code, message, data?, params? }, spec §7/§8; api/contract/codes.ts). */
export class ApiError extends Error {
  readonly data?: unknown;
  readonly headers?: Record<string, string>;
  readonly params?: ApiParams;
  constructor(
    readonly status: number,
    readonly code: ApiCode,
    options: {
      params?: ApiParams;
      /** Field errors: `data.errors` (English) and `data.fieldCodes` (codes) are made from them. */
      fields?: FieldCodes;
      data?: Record<string, unknown>;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(apiMessage(code, options.params));
    this.params = options.params;
    this.headers = options.headers;
    this.data = options.fields ? { ...options.data, errors: fieldMessages(options.fields), fieldCodes: options.fields } : options.data;
  }
}

export type FieldErrors = Record<string, string[]>;

/** The English text of a field code: a validation key through the locale, an ApiCode through its table. */
export function fieldMessages(fields: FieldCodes): FieldErrors {
  const out: FieldErrors = {};
  for (const [field, codes] of Object.entries(fields)) {
    out[field] = codes.map(({ code, params }) => (isApiCode(code) ? apiMessage(code, params) : code.startsWith("validation.") ? translateEn(code, params) : code));
  }
  return out;
}

/** One field's code, e.g. `field("code", "auth.invalidCode")`. */
export const fieldCode = (field: string, code: string, params?: ApiParams): FieldCodes => ({ [field]: [params ? { code, params } : { code }] });

/** 400. `fields` lists the field codes (validation keys or ApiCodes); the default code is common.invalidFields. */
export const badRequest = (code: ApiCode = "common.invalidFields", fields?: FieldCodes, params?: ApiParams) => new ApiError(400, code, { fields, params });
/**
 * 401. `sessionEnded` says why a request that carried a session cookie is a guest's: the session timed out
 * ("expired") or was ended ("revoked") — so a caller can say "signed out after a period of inactivity" even when
 * the session ended between its session check and this call.
 */
export const unauthorized = (sessionEnded?: "expired" | "revoked" | null) =>
  new ApiError(401, "common.signInRequired", { data: sessionEnded ? { sessionEnded } : undefined });
export const forbidden = (code: ApiCode = "common.forbidden") => new ApiError(403, code);
export const notFound = (code: ApiCode = "common.notFound") => new ApiError(404, code);

/** A success answer's code and its values. */
export type Notice = { code: ApiCode; params?: ApiParams };

/** Sends the success envelope `{ code, message, data, params? }` (api/contract/codes.ts). Lists add `pages`. */
export function ok(
  res: Response,
  data: unknown,
  notice: ApiCode | Notice = "ok",
  pages?: { totalCount: number; page: number; perPage: number },
): void {
  const { code, params } = typeof notice === "string" ? { code: notice, params: undefined } : notice;
  res.status(200).json({ code, message: apiMessage(code, params), ...(params ? { params } : {}), data, ...(pages ? { pages } : {}) });
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
      res.status(err.status).json({
        code: err.code,
        message: err.message,
        ...(err.params ? { params: err.params } : {}),
        ...(err.data === undefined ? {} : { data: err.data }),
      });
      return;
    }
    const status = typeof err?.status === "number" ? err.status : typeof err?.statusCode === "number" ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code = err?.type === "entity.too.large" ? "common.tooLarge" : "common.badRequest";
      res.status(status).json({ code, message: apiMessage(code) });
      return;
    }
    // The method, the route and what errorFields keeps: never bodies, queries' values or paths' parameters,
    // which may hold health data or secrets.
    logger.error("unhandled error", { method: req.method, route: routeOf(req), ...errorFields(err) });
    res.status(500).json({ code: "common.internal", message: apiMessage("common.internal") });
  };
}
