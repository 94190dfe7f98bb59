/**
 * The shipment queue of /staff/shipments and /manager/shipments (issue 16 part A; api/contract/pharmacy.ts): the only
 * module of the web that calls the shipment endpoints. The status filter is a GET form (All = -100, spec §4), paging a
 * "Load more" link with the upstream's cursor; each row's update is a plain form post that comes back to the same list
 * with a toast, or with the row's errors and values when the upstream refuses (400 / 409).
 */
import { data, type RouterContextProvider } from "react-router";
import type { Shipment } from "../../api/contract/pharmacy.ts";
import { ShipmentStatus } from "../../api/contract/enums.ts";
import { formFailure, successMessage } from "./account.server.ts";
import { readForm } from "./csrf.server.ts";
import { getT } from "./i18n.server.ts";
import { redirectWithToast, takeToasts } from "./toast.server.ts";
import { firstPageOnBadCursor, getUpstream, UpstreamError } from "./upstream.server.ts";

type Context = Readonly<RouterContextProvider>;
export type { Shipment };

export type ShipmentFormResult = { orderId: number; errors: Record<string, string[]>; values: { status: string; fulfiller: string; trackingNumber: string } };

const statusOf = (raw: string | null): number => {
  const n = Number(raw);
  return raw !== null && raw !== "" && Number.isInteger(n) && (n === ShipmentStatus.All || (n >= 1 && n <= 9)) ? n : ShipmentStatus.All;
};

export async function shipmentsLoader(request: Request, context: Context) {
  const url = new URL(request.url);
  const status = statusOf(url.searchParams.get("status"));
  const cursor = url.searchParams.get("cursor")?.slice(0, 300) || undefined;
  const upstream = getUpstream(context);
  const read = (c: string | undefined) => upstream.call("GET /api/v1/shipments", { query: { status, cursor: c } });
  const list = await firstPageOnBadCursor(cursor, read);
  return { shipments: list.data, status, nextCursor: list.pages?.nextCursor ?? null, paged: Boolean(cursor), toasts: takeToasts(context) };
}

export async function shipmentsAction(request: Request, context: Context) {
  const t = getT(context);
  const form = await readForm(request);
  const orderId = Number(form.get("orderId"));
  const values = {
    status: String(form.get("status") ?? "").slice(0, 5),
    fulfiller: String(form.get("fulfiller") ?? "").slice(0, 200),
    trackingNumber: String(form.get("trackingNumber") ?? "").slice(0, 200),
  };
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  if (!Number.isInteger(orderId) || orderId <= 0) return data<ShipmentFormResult>({ orderId: 0, errors: { "": [t("common:upstream.badRequest")] }, values }, { status: 400 });
  try {
    const answer = await getUpstream(context).call("PUT /api/v1/shipments/:id", {
      params: { id: String(orderId) },
      body: values as unknown as { status: number; fulfiller: string | null; trackingNumber: string | null; trackingUrl: string | null },
    });
    return redirectWithToast(context, back, "success", successMessage(answer, t, t("pharmacy:shipments.updated")));
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    const f = formFailure(context, error, t);
    const errors = { ...f.fieldErrors, ...(f.formErrors.length ? { "": f.formErrors } : {}) };
    return data<ShipmentFormResult>({ orderId, errors, values }, { status: error.status === 409 ? 409 : error.status === 404 ? 404 : 400 });
  }
}
