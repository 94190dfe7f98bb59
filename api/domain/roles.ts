/** Moved to the zod-free contract (api/contract/roles.ts), which the web imports too; re-exported for the API. */
export * from "../contract/roles.ts";
