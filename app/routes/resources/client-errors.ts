import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/client-errors";
import { isSameOriginRequest } from "~/lib/csrf.server";
import { errorToReport, maskPath, sendErrorReport } from "~/lib/error-report.server";
import { requestEnvContext } from "~/lib/request-context.server";

const reportSchema = z.object({
  name: z.string().max(200).default("Error"),
  message: z.string().max(2000).default(""),
  stack: z.string().max(8000).optional(),
  pattern: z.string().max(300).optional(),
});

/**
 * Reports per client address and minute, and in all per minute, that one process takes: anyone can post here,
 * and each report is a log line (and a call to the reporter). Per process, which is what it protects: its log.
 */
const PER_CLIENT = 10;
const PER_PROCESS = 120;
const WINDOW_MS = 60_000;
let window = { start: 0, total: 0, byClient: new Map<string, number>() };

function allowed(client: string, now = Date.now()): boolean {
  if (now - window.start >= WINDOW_MS) window = { start: now, total: 0, byClient: new Map() };
  const mine = window.byClient.get(client) ?? 0;
  if (mine >= PER_CLIENT || window.total >= PER_PROCESS) return false;
  window.byClient.set(client, mine + 1);
  window.total += 1;
  return true;
}

/** Forgets the counts (tests). */
export function resetClientErrorLimits(): void {
  window = { start: 0, total: 0, byClient: new Map() };
}

/**
 * Uncaught errors from the browser (app/lib/client-errors.ts): logged here, forwarded when ERROR_REPORT_URL is set.
 * The text is the browser's to choose, so it goes into the log JSON-encoded (a newline cannot start a forged line)
 * and the route pattern is masked like any path.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (isSameOriginRequest(request) !== true || request.headers.get("x-requested-with") !== "XMLHttpRequest") {
    return data(null, { status: 403 });
  }
  const client = context.get(requestEnvContext).clientIp ?? "";
  if (!allowed(client)) return data(null, { status: 429, headers: { "Retry-After": "60" } });
  const parsed = reportSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return data(null, { status: 400 });
  const error = Object.assign(new Error(parsed.data.message), { name: parsed.data.name, stack: parsed.data.stack });
  const report = { ...errorToReport(error, "client"), path: parsed.data.pattern === undefined ? undefined : maskPath(parsed.data.pattern) };
  console.error(`[client] ${JSON.stringify({ path: report.path ?? "", name: report.name, message: report.message })}`);
  await sendErrorReport(report);
  return new Response(null, { status: 204 });
}
