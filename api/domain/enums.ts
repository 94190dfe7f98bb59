/** Moved to the zod-free contract (api/contract/enums.ts), which the web imports too; re-exported for the API. */
export * from "../contract/enums.ts";
