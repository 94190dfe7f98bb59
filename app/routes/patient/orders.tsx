import { Link } from "react-router";
import type { Route } from "./+types/orders";
import { OrdersTable } from "~/components/orders-table";
import { PageTitle } from "~/components/page-title";
import { formatCurrency, formatDate } from "~/lib/format";
import { ordersLoader } from "~/lib/pharmacy.server";
import type { RouteHandle } from "~/lib/route-handle";
import { useTranslation } from "~/lib/use-translation";

export const handle = { title: "common:pages.patientOrders", i18n: ["pharmacy"] } satisfies RouteHandle;

/**
 * /patient/orders (issue 16): the patient's orders, newest first: number, dates ordered and shipped, fulfiller,
 * tracking number and link, status (spec §4 with the patient's Packing); "Load more" pages by cursor.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return ordersLoader(request, context);
}

export default function PatientOrders({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { orders, nextCursor, paged } = loaderData;
  const money = (cents: number, currency = "usd") => formatCurrency(cents, { fromCents: true, cents: true, currency, locale: i18n.language });
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <PageTitle title={handle.title} />
        <p className="text-muted-foreground">{t("pharmacy:orders.intro")}</p>
      </div>
      {orders.length === 0 && !paged ? (
        <p>
          {t("pharmacy:orders.none")}{" "}
          <Link to="/patient/pharmacy" className="underline">
            {t("pharmacy:orders.shop")}
          </Link>
        </p>
      ) : (
        <OrdersTable
          orders={orders}
          testId="patient-orders"
          labels={{
            caption: t("pharmacy:orders.caption"),
            number: t("pharmacy:orders.number"),
            ordered: t("pharmacy:orders.ordered"),
            items: t("pharmacy:orders.items"),
            total: t("pharmacy:orders.total"),
            status: t("pharmacy:orders.status"),
            shipped: t("pharmacy:orders.shipped"),
            fulfiller: t("pharmacy:orders.fulfiller"),
            tracking: t("pharmacy:orders.tracking"),
            track: t("pharmacy:orders.track"),
            newTab: t("pharmacy:orders.newTab"),
          }}
          statusLabel={(status) => t(`pharmacy:patientStatus.${status}`)}
          date={(iso) => formatDate(iso)}
          money={money}
        />
      )}
      <div className="flex flex-wrap gap-4">
        {paged ? (
          <Link to="/patient/orders" className="underline">
            {t("pharmacy:orders.first")}
          </Link>
        ) : null}
        {nextCursor ? (
          <Link to={`/patient/orders?cursor=${encodeURIComponent(nextCursor)}`} className="underline" data-testid="orders-more">
            {t("pharmacy:orders.more")}
          </Link>
        ) : null}
      </div>
    </div>
  );
}
