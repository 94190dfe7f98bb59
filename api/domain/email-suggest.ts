/** Moved to the zod-free contract (api/contract/email-suggest.ts), which the web imports too; re-exported for the API. */
export * from "../contract/email-suggest.ts";
