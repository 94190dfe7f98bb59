import type { Request } from "express";
import type { z } from "zod";
import { fieldCodesOf } from "../contract/validation.ts";
import { badRequest } from "./errors.ts";

export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw badRequest("common.invalidFields", fieldCodesOf(result.error.issues));
  return result.data;
}

/** Validates a JSON or form body; 400 with translated field errors. */
export const parseBody = <S extends z.ZodType>(req: Request, schema: S): z.output<S> => parseWith(schema, req.body ?? {});
export const parseQuery = <S extends z.ZodType>(req: Request, schema: S): z.output<S> => parseWith(schema, req.query);
export const parseParams = <S extends z.ZodType>(req: Request, schema: S): z.output<S> => parseWith(schema, req.params);
