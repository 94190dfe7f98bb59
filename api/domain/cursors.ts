/**
 * Keyset cursors as base64url JSON (the queues and lists that page by a few values: review queues, check-ins). What a
 * cursor holds is each list's own (see its callers); these read and write the envelope and check an id.
 */
export const encodeCursor = (c: object): string => Buffer.from(JSON.stringify(c), "utf8").toString("base64url");

/** The cursor's object, or null when the text is not base64url JSON of an object. */
export function decodeCursor(text: string): Record<string, unknown> | null {
  try {
    const c: unknown = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    return c && typeof c === "object" ? (c as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A positive int4 id. */
export const validId = (id: unknown): id is number => Number.isInteger(id) && (id as number) > 0 && (id as number) <= 2147483647;
