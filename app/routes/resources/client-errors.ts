import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/client-errors";
import { isSameOriginRequest } from "~/lib/csrf.server";
import { errorToReport, sendErrorReport } from "~/lib/error-report.server";

const reportSchema = z.object({
  name: z.string().max(200).default("Error"),
  message: z.string().max(2000).default(""),
  stack: z.string().max(8000).optional(),
  pattern: z.string().max(300).optional(),
});

/** Uncaught errors from the browser (app/lib/client-errors.ts): logged here, forwarded when ERROR_REPORT_URL is set. */
export async function action({ request }: Route.ActionArgs) {
  if (isSameOriginRequest(request) !== true || request.headers.get("x-requested-with") !== "XMLHttpRequest") {
    return data(null, { status: 403 });
  }
  const parsed = reportSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return data(null, { status: 400 });
  const error = Object.assign(new Error(parsed.data.message), { name: parsed.data.name, stack: parsed.data.stack });
  const report = { ...errorToReport(error, "client"), path: parsed.data.pattern };
  console.error(`[client] ${report.path ?? ""} ${report.name}: ${report.message}`);
  await sendErrorReport(report);
  return new Response(null, { status: 204 });
}
