import { z } from "zod";
import { pagesSchema } from "../../api/contract/common.ts";
import {
  contracts,
  type EndpointContract,
} from "../../api/contract/endpoints.ts";

/**
 * The contract's answer schemas (api/contract/endpoints.ts) by method and path, for the upstream client to
 * parse every answer with: `data` (or a list's items and its `pages`). An answer that does not match is a
 * failed call (app/lib/upstream.server.ts: 502, shown as the §8 internal error), never data a page reads.
 */
type Answer = { data?: z.ZodType; pages?: z.ZodType };

const table = Object.entries(contracts as Record<string, EndpointContract>)
  .flatMap(([key, contract]) => {
    const [method, path] = key.split(" ");
    if (contract.media?.response) return [];
    const answer: Answer = contract.listItem
      ? {
          data: z.array(contract.listItem),
          pages: contract.pages ?? pagesSchema,
        }
      : contract.data
        ? { data: contract.data }
        : {};
    const pattern = new RegExp(
      `^${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:\w+/g, "[^/]+")}$`,
    );
    return [
      { method, pattern, answer, params: (path.match(/:\w+/g) ?? []).length },
    ];
  })
  // A literal path wins over a pattern ("/api/v1/users/get-auth-methods" is not "/api/v1/users/:id").
  .sort((a, b) => a.params - b.params);

/** The answer schemas of `method pathname`, or undefined when the contract does not list the endpoint. */
export function answerSchemas(
  method: string,
  pathname: string,
): Answer | undefined {
  return table.find(
    (row) => row.method === method && row.pattern.test(pathname),
  )?.answer;
}

/** Where an answer breaks its schema: the paths of the first few issues (never the values: they may be health data). */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.code}`)
    .join("; ");
}
