/**
 * Uncaught client errors (spec §8): logged in the console and sent to the web's /resources/client-errors,
 * which forwards them to the error reporter when ERROR_REPORT_URL is set. Only the error's name, message,
 * stack and the route pattern go out (no URL with ids, no page data).
 */
export function reportClientError(error: unknown, pattern?: string) {
  console.error(error);
  const err = error instanceof Error ? error : new Error(String(error));
  try {
    void fetch("/resources/client-errors", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest" },
      body: JSON.stringify({ name: err.name, message: err.message, stack: err.stack, pattern }),
      keepalive: true,
    }).catch(() => {});
  } catch {
    // Nothing else to do.
  }
}
