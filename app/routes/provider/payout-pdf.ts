import type { Route } from "./+types/payout-pdf";
import { getT } from "~/lib/i18n.server";
import { PAYOUTS_PATH, payoutPdf } from "~/lib/payouts.server";
import { redirectWithToast } from "~/lib/toast.server";

/**
 * GET /provider/payouts/{id}/pdf — a payout statement (made by the API, api/domain/billing/payout-pdf.ts), passed on
 * as an attachment. Another provider's or an unknown statement, or the API down: back to the payouts page with
 * the error toast, never a broken download.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const t = getT(context);
  const upstream = /^[1-9][0-9]{0,9}$/.test(params.id) ? await payoutPdf(context, params.id) : null;
  if (!upstream) return redirectWithToast(context, PAYOUTS_PATH, "error", t("staffOps:messages.payoutNotFound"));
  const headers = new Headers({
    "Content-Type": "application/pdf",
    "Content-Disposition": `attachment; filename="payout-${params.id}.pdf"`,
    "X-Content-Type-Options": "nosniff",
  });
  return new Response(upstream.body, { status: 200, headers });
}
