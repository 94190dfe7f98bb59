/** A unique index refused the write (PostgreSQL 23505), as node-postgres or PGlite reports it, or Drizzle wraps it. */
export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string } } | null;
  return err?.code === "23505" || err?.cause?.code === "23505";
}
