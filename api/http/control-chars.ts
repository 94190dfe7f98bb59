import type { RequestHandler } from "express";
import type { FieldCodes } from "../contract/codes.ts";
import { badRequest } from "./errors.ts";

/**
 * Control characters other than tab, line feed and carriage return have no place in any input of this API, and a
 * NUL byte cannot be stored in a PostgreSQL text column at all (the query fails: a 500). They are refused here, in
 * one place for every route: in the path (an id of "%00"), the query and the body (JSON or form, at any depth),
 * with a 400 naming the field.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** The field code (a validation key, translated by the web; English in data.errors). */
const CONTROL_CODE = { code: "validation.controlCharacters" };

function scan(value: unknown, at: string, errors: FieldCodes, depth = 0): void {
  if (depth > 20) return;
  if (typeof value === "string") {
    if (CONTROL.test(value)) errors[at || "body"] = [CONTROL_CODE];
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => scan(item, at ? `${at}.${i}` : String(i), errors, depth + 1));
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (CONTROL.test(key)) errors[at || "body"] = [CONTROL_CODE];
      else scan(item, at ? `${at}.${key}` : key, errors, depth + 1);
    }
  }
}

export function refuseControlCharacters(): RequestHandler {
  return (req, _res, next) => {
    const errors: FieldCodes = {};
    let path = req.path;
    try {
      path = decodeURIComponent(req.path);
    } catch {
      // Express answers a malformed escape itself.
    }
    if (CONTROL.test(path)) errors.path = [CONTROL_CODE];
    scan(req.query, "", errors);
    scan(req.body, "", errors);
    if (Object.keys(errors).length) throw badRequest("common.invalidFields", errors);
    next();
  };
}
