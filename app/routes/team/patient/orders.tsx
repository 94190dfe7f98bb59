import type { Route } from "./+types/orders";
import { PageTitle } from "~/components/page-title";
import { usePatientRecord } from "~/components/patient-page";
import { Empty, Pager } from "~/components/patient-record/record-ui";
import { OrdersTable } from "~/components/orders-table";
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
        <OrdersTable
          orders={orders}
          testId="orders"
          labels={{
            caption: t("common:pages.patientTabs.orders"),
            number: t("patients:orders.number"),
            ordered: t("patients:orders.dateOrdered"),
            items: t("patients:orders.items"),
            total: t("patients:orders.total"),
            status: t("patients:orders.status"),
            shipped: t("patients:orders.dateShipped"),
            tracking: t("patients:orders.tracking"),
            track: t("patients:orders.track"),
            newTab: t("patients:orders.newTab"),
          }}
          statusLabel={(status) => t(`patients:orderStatus.${status}`)}
          date={(iso) => formatDate(iso, { utcOffsetMinutes })}
          money={(cents) => formatCurrency(cents, { fromCents: true, cents: true })}
        />
      )}
      <Pager page={page} pageCount={pageCount} href={(p) => `/${area}/patients/${patient.id}/orders?page=${p}`} />
    </div>
  );
}
