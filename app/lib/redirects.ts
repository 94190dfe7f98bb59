/** A local path to send the user back to ("/x…", never "//host" or "/\\host"), or null. */
export function safeLocalPath(value: unknown): string | null {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  return value.slice(0, 2000);
}
