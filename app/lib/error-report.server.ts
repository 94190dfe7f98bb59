import { webConfig } from "./config.server.ts";

/**
 * Uncaught errors (spec §8): logged, and sent to the error reporter when ERROR_REPORT_URL is set.
 * No health data: no request or response bodies, no query strings, ids and search text masked in paths,
 * messages and stacks truncated.
 */
export type ErrorReport = {
  source: "server" | "client";
  name: string;
  message: string;
  stack?: string;
  path?: string;
  release?: string;
};

/** "/staff/patients/123/search/jane?x" → "/staff/patients/:id/search/:search". */
export function maskPath(path: string): string {
  return (path.split(/[?#]/)[0] ?? "")
    .replace(/\/search\/[^/]*/g, "/search/:search")
    .replace(/\/\d+(?=\/|$)/g, "/:id")
    .slice(0, 300);
}

export function errorToReport(error: unknown, source: ErrorReport["source"], path?: string): ErrorReport {
  const err = error instanceof Error ? error : new Error(typeof error === "string" ? error : "Non-error thrown");
  return {
    source,
    name: err.name.slice(0, 100),
    message: err.message.slice(0, 500),
    stack: err.stack?.slice(0, 4000),
    path: path ? maskPath(path) : undefined,
  };
}

export async function sendErrorReport(report: ErrorReport): Promise<void> {
  const url = webConfig().errorReportUrl;
  if (!url) return;
  try {
    await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...report, at: new Date().toISOString() }),
      signal: AbortSignal.timeout(5000),
    });
  } catch {
    // The reporter being down must not break the page; the error is in the log already.
  }
}

export function reportServerError(error: unknown, request: Request): void {
  const report = errorToReport(error, "server", new URL(request.url).pathname);
  console.error(`[web] ${request.method} ${report.path}: ${report.stack ?? `${report.name}: ${report.message}`}`);
  void sendErrorReport(report);
}
