const LOCAL = "http://local.invalid";

/**
 * A local path to send the user back to, or null. The value is read as a browser would read it (which drops tabs
 * and newlines and takes "\" for "/": "/\t/evil.example" and "/\\evil.example" are "//evil.example") and kept
 * only when it stays on this origin; what comes back is the normalised path, query and hash.
 */
export function safeLocalPath(value: unknown): string | null {
  if (typeof value !== "string" || !value.startsWith("/")) return null;
  const raw = value.slice(0, 2000);
  let url: URL;
  try {
    url = new URL(raw, LOCAL);
  } catch {
    return null;
  }
  if (url.origin !== LOCAL) return null;
  const path = url.pathname + url.search + url.hash;
  // The normalised path must not be read again as another origin either ("/" followed by "/" or "\").
  return /^\/[/\\]/.test(path) ? null : path;
}
