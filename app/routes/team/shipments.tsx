import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/shipments";
import { PageTitle } from "~/components/page-title";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { formatCurrency, formatDate } from "~/lib/format";
import type { RouteHandle } from "~/lib/route-handle";
import { shipmentsAction, shipmentsLoader, type Shipment, type ShipmentFormResult } from "~/lib/shipments.server";
import { useTranslation } from "~/lib/use-translation";
import { ORDER_STATUS_VALUES, ShipmentStatus } from "../../../api/contract/enums.ts";
import { PHARMACY_LIMITS } from "../../../api/contract/pharmacy-rules.ts";

export const handle = { title: "common:pages.shipments", i18n: ["pharmacy"] } satisfies RouteHandle;

/**
 * /staff/shipments and /manager/shipments (one module, issue 16): the shipment queue, newest first, filtered by the
 * status of spec §4 (All = -100); each order's status, fulfiller and tracking number are updated in its row.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return shipmentsLoader(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return shipmentsAction(request, context);
}

const FILTERS = [ShipmentStatus.All, ...ORDER_STATUS_VALUES];
const variantOf = (status: number) => (status === 4 ? "success" : status === 7 || status === 8 ? "error" : status === 3 ? "warning" : "primary");
const fieldClass = "h-9 w-full min-w-28 rounded-md border border-input bg-background px-2 text-sm aria-[invalid=true]:border-error";

function Row({ s, result, pathname }: { s: Shipment; result: ShipmentFormResult | undefined; pathname: string }) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("orderId") === String(s.id);
  const mine = result && result.orderId === s.id ? result : undefined;
  const err = (k: string) => mine?.errors[k]?.join(" ");
  const formId = `shipment-${s.id}`;
  const options = [s.status, ...s.next];
  const n = s.orderNumber;
  return (
    <tr className="border-t align-top" data-testid="shipment-row" data-order-number={n}>
      <th scope="row" className="px-2 py-2 text-left font-medium">
        {n}
      </th>
      <td className="px-2 py-2">{s.patient.fullName}</td>
      <td className="px-2 py-2 tabular-nums">{formatDate(s.dateOrdered)}</td>
      <td className="px-2 py-2">{s.items.map((i) => `${i.name}${i.dosage ? ` ${i.dosage}` : ""} × ${i.quantity}`).join(", ")}</td>
      <td className="px-2 py-2 tabular-nums">{formatCurrency(s.totalCents, { fromCents: true, cents: true, currency: s.currency, locale: i18n.language })}</td>
      <td className="px-2 py-2">
        <Badge variant={variantOf(s.status)} data-status={s.status}>
          {t(`pharmacy:status.${s.status}`)}
        </Badge>
        {s.dateShipped ? <span className="mt-1 block text-xs text-muted-foreground tabular-nums">{formatDate(s.dateShipped)}</span> : null}
      </td>
      <td className="px-2 py-2">
        {s.next.length === 0 ? (
          <span className="text-muted-foreground">{t("pharmacy:shipments.final")}</span>
        ) : (
          <select form={formId} name="status" defaultValue={mine?.values.status ?? String(s.status)} aria-label={t("pharmacy:shipments.statusOf", { number: n })} className={fieldClass} aria-invalid={err("status") || err("") ? true : undefined}>
            {options.map((o) => (
              <option key={o} value={o}>
                {t(`pharmacy:status.${o}`)}
              </option>
            ))}
          </select>
        )}
      </td>
      <td className="px-2 py-2">
        <input form={formId} name="fulfiller" defaultValue={mine?.values.fulfiller ?? s.fulfiller ?? ""} maxLength={PHARMACY_LIMITS.fulfiller} aria-label={t("pharmacy:shipments.fulfillerOf", { number: n })} className={fieldClass} aria-invalid={err("fulfiller") ? true : undefined} />
      </td>
      <td className="px-2 py-2">
        <input form={formId} name="trackingNumber" defaultValue={mine?.values.trackingNumber ?? s.trackingNumber ?? ""} maxLength={PHARMACY_LIMITS.trackingNumber} aria-label={t("pharmacy:shipments.trackingOf", { number: n })} className={fieldClass} aria-invalid={err("trackingNumber") ? true : undefined} />
        {s.trackingUrl ? (
          <a href={s.trackingUrl} target="_blank" rel="noreferrer noopener" className="mt-1 block text-xs underline">
            {t("pharmacy:orders.track")}
            <span className="sr-only"> {n} {t("pharmacy:orders.newTab")}</span>
          </a>
        ) : null}
      </td>
      <td className="px-2 py-2">
        <Form method="post" action={pathname} id={formId} preventScrollReset>
          <input type="hidden" name="orderId" value={s.id} />
          {s.next.length === 0 ? <input type="hidden" name="status" value={s.status} /> : null}
          <Button type="submit" size="sm" variant="outline" loading={saving} aria-label={t("pharmacy:shipments.updateLabel", { number: n })}>
            {t("pharmacy:shipments.update")}
          </Button>
        </Form>
        {mine ? (
          <p role="alert" className="mt-1 max-w-48 text-xs text-error" data-testid="shipment-error">
            {Object.values(mine.errors).flat().join(" ")}
          </p>
        ) : null}
      </td>
    </tr>
  );
}

export default function TeamShipments({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { shipments, status, nextCursor, paged } = loaderData;
  const result = actionData as ShipmentFormResult | undefined;
  const base = `?status=${status}`;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <PageTitle title={handle.title} />
        <p className="text-muted-foreground">{t("pharmacy:shipments.intro")}</p>
      </div>
      <Form method="get" className="flex flex-wrap items-end gap-3" data-testid="shipments-filter">
        <div className="flex flex-col gap-1">
          <label htmlFor="shipments-status" className="text-sm font-medium">
            {t("pharmacy:shipments.filter")}
          </label>
          <select id="shipments-status" name="status" defaultValue={String(status)} className="h-10 rounded-md border border-input bg-background px-3 text-sm">
            {FILTERS.map((f) => (
              <option key={f} value={f}>
                {t(`pharmacy:status.${f}`)}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="outline">
          {t("pharmacy:shipments.apply")}
        </Button>
      </Form>
      {result && !shipments.some((s) => s.id === result.orderId) ? (
        <Alert variant="error" live="none" data-testid="shipments-error">
          {Object.values(result.errors).flat().join(" ")}
        </Alert>
      ) : null}
      {shipments.length === 0 ? (
        <p>{t("pharmacy:shipments.none")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" data-testid="shipments">
            <caption className="sr-only">{t("pharmacy:shipments.caption")}</caption>
            <thead className="text-left text-muted-foreground">
              <tr>
                {[t("pharmacy:orders.number"), t("pharmacy:shipments.patient"), t("pharmacy:orders.ordered"), t("pharmacy:orders.items"), t("pharmacy:orders.total"), t("pharmacy:orders.status"), t("pharmacy:shipments.newStatus"), t("pharmacy:orders.fulfiller"), t("pharmacy:orders.tracking"), ""].map((h, i) => (
                  <th key={i} scope="col" className="px-2 py-1">
                    {h || <span className="sr-only">{t("pharmacy:shipments.update")}</span>}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {shipments.map((s) => (
                <Row key={s.id} s={s} result={result} pathname={base} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="flex flex-wrap gap-4">
        {paged ? (
          <Link to={base} className="underline">
            {t("pharmacy:shipments.first")}
          </Link>
        ) : null}
        {nextCursor ? (
          <Link to={`${base}&cursor=${encodeURIComponent(nextCursor)}`} className="underline" data-testid="shipments-more">
            {t("pharmacy:shipments.more")}
          </Link>
        ) : null}
      </div>
    </div>
  );
}
