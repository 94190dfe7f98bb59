/**
 * Payouts (issue 19 part B; api/contract/payouts.ts): the provider's payouts page — what is payable now, the
 * invoices (cursor-paged), the payout request ('Payout request error' when nothing is payable, spec §8) and the PDF
 * statement. The only module of the web that calls the payouts endpoints.
 */
import { data, type RouterContextProvider } from "react-router";
import type { Payable, PayoutInvoice } from "../../api/contract/payouts.ts";
import { formFailure, successMessage } from "./account.server.ts";
import { readForm } from "./csrf.server.ts";
import { getT } from "./i18n.server.ts";
import { redirectWithToast, takeToasts } from "./toast.server.ts";
import { getUpstream, UpstreamError } from "./upstream.server.ts";

type Context = Readonly<RouterContextProvider>;
export type { Payable, PayoutInvoice };
export const PAYOUTS_PATH = "/provider/payouts";

export async function payoutsLoader(request: Request, context: Context) {
  const cursor = new URL(request.url).searchParams.get("cursor")?.slice(0, 100) || undefined;
  const upstream = getUpstream(context);
  const read = (c: string | undefined) => upstream.call("GET /api/v1/payouts", { query: { cursor: c } });
  const [payable, list] = await Promise.all([
    upstream.call("GET /api/v1/payouts/payable"),
    read(cursor).catch((error: unknown) => {
      if (cursor && error instanceof UpstreamError && error.status === 400) return read(undefined);
      throw error;
    }),
  ]);
  return { payable: payable.data, invoices: list.data, nextCursor: list.pages?.nextCursor ?? null, paged: Boolean(cursor), toasts: takeToasts(context) };
}

export type PayoutActionResult = { error: string };

/** The payout request (the page's one form): a success redirects with its toast; a failure stays with the error. */
export async function payoutsAction(request: Request, context: Context) {
  const t = getT(context);
  await readForm(request);
  try {
    const answer = await getUpstream(context).call("POST /api/v1/payouts/request", { body: {} });
    return redirectWithToast(context, PAYOUTS_PATH, "success", successMessage(answer, t, t("staffOps:payouts.requested")));
  } catch (error) {
    const failure = formFailure(context, error, t);
    const message = failure.formErrors[0] ?? t("staffOps:messages.payoutRequestError");
    return data<PayoutActionResult>({ error: message }, { status: error instanceof UpstreamError && error.status === 409 ? 409 : 400 });
  }
}

/** The statement PDF as the upstream's Response (unread), or null when it cannot be had. */
export async function payoutPdf(context: Context, id: string): Promise<Response | null> {
  try {
    const upstream = await getUpstream(context).download("GET /api/v1/payouts/:id/pdf", { params: { id } });
    if (!(upstream.headers.get("content-type") ?? "").startsWith("application/pdf") || !upstream.body) {
      await upstream.body?.cancel();
      return null;
    }
    return upstream;
  } catch (error) {
    if (error instanceof UpstreamError) return null;
    throw error;
  }
}
