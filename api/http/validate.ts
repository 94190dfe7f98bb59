import type { Request } from "express";
import type { z } from "zod";
import { fieldErrors } from "../contract/validation.ts";
import { badRequest } from "./errors.ts";
import { translateEn } from "./i18n.ts";

export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw badRequest("Please correct the highlighted fields.", fieldErrors(result.error.issues, translateEn));
  return result.data;
}

/** Validates a JSON or form body; 400 with translated field errors. */
export const parseBody = <S extends z.ZodType>(req: Request, schema: S): z.output<S> => parseWith(schema, req.body ?? {});
export const parseQuery = <S extends z.ZodType>(req: Request, schema: S): z.output<S> => parseWith(schema, req.query);
export const parseParams = <S extends z.ZodType>(req: Request, schema: S): z.output<S> => parseWith(schema, req.params);
