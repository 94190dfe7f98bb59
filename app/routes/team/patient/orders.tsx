import type { Route } from "./+types/orders";
import { PageTitle } from "~/components/page-title";
import { usePatientRecord } from "~/components/patient-page";
import { Empty, Pager } from "~/components/patient-record/record-ui";
import { Badge } from "~/components/ui/badge";
import { useArea } from "~/lib/area";
import { formatCurrency, formatDate } from "~/lib/format";
import { ordersLoader } from "~/lib/patients.server";
import type { RouteHandle } from "~/lib/route-handle";
import { useTranslation } from "~/lib/use-translation";

export const handle = { title: "common:pages.patientTabs.orders" } satisfies RouteHandle;

export function loader({ request, params, context }: Route.LoaderArgs) {
  return ordersLoader(request, context, params.patientId);
}

/** Orders (spec §3 Order, §4 statuses): number, dates, items, status and the tracking link. */
export default function TeamPatientTabOrders({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const area = useArea();
  const { patient, utcOffsetMinutes } = usePatientRecord();
  const { orders, page, pageCount } = loaderData;
  return (
    <div className="flex flex-col gap-4">
      <PageTitle title={handle.title} level={2} />
      {orders.length === 0 ? (
        <Empty>{t("patients:orders.none")}</Empty>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" data-testid="orders">
            <caption className="sr-only">{t("common:pages.patientTabs.orders")}</caption>
            <thead className="text-left text-muted-foreground">
              <tr>
                <th scope="col" className="px-2 py-1">{t("patients:orders.number")}</th>
                <th scope="col" className="px-2 py-1">{t("patients:orders.dateOrdered")}</th>
                <th scope="col" className="px-2 py-1">{t("patients:orders.items")}</th>
                <th scope="col" className="px-2 py-1">{t("patients:orders.total")}</th>
                <th scope="col" className="px-2 py-1">{t("patients:orders.status")}</th>
                <th scope="col" className="px-2 py-1">{t("patients:orders.dateShipped")}</th>
                <th scope="col" className="px-2 py-1">{t("patients:orders.tracking")}</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((o) => (
                <tr key={o.id} className="border-t align-top">
                  <td className="px-2 py-2 font-medium">{o.orderNumber}</td>
                  <td className="px-2 py-2 tabular-nums">{formatDate(o.dateOrdered, { utcOffsetMinutes })}</td>
                  <td className="px-2 py-2">{o.items.map((i) => `${i.name}${i.dosage ? ` ${i.dosage}` : ""} × ${i.quantity}`).join(", ")}</td>
                  <td className="px-2 py-2 tabular-nums">{formatCurrency(o.totalCents, { fromCents: true, cents: true })}</td>
                  <td className="px-2 py-2">
                    <Badge variant={o.status === 4 ? "success" : o.status === 7 || o.status === 8 ? "error" : o.status === 3 ? "warning" : "primary"} data-status={o.status}>
                      {t(`patients:orderStatus.${o.status}`)}
                    </Badge>
                  </td>
                  <td className="px-2 py-2 tabular-nums">{o.dateShipped ? formatDate(o.dateShipped, { utcOffsetMinutes }) : "—"}</td>
                  <td className="px-2 py-2">
                    {o.trackingUrl ? (
                      <a href={o.trackingUrl} rel="noreferrer noopener" target="_blank">
                        {o.trackingNumber ?? t("patients:orders.track")}
                        <span className="sr-only"> {t("patients:orders.newTab")}</span>
                      </a>
                    ) : (
                      "—"
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} pageCount={pageCount} href={(p) => `/${area}/patients/${patient.id}/orders?page=${p}`} />
    </div>
  );
}
