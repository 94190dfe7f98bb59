import { parseWithZod as conformParseWithZod } from "@conform-to/zod/v4";
import type { $ZodIssue, $ZodType } from "zod/v4/core";
import { issueMessage } from "../../api/contract/validation.ts";

/**
 * conform's `parseWithZod`, with each field error as its message key and the values the message needs
 * (`validation.maxLength?max=100`, api/contract/validation.ts `issueMessage`): conform's own keeps only the key,
 * and the page then said 'The maximum length allowed is {{max}}'. Every route action parses with this one
 * (eslint forbids importing @conform-to/zod elsewhere in app/).
 */
export function parseWithZod<Schema extends $ZodType>(payload: FormData | URLSearchParams, options: { schema: Schema }) {
  return conformParseWithZod(payload, { schema: options.schema, formatError: (issues: $ZodIssue[]) => issues.map(issueMessage) });
}
