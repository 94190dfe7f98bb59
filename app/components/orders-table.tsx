import { Badge } from "~/components/ui/badge";

/** What a row of an orders table shows (the record's orders tab and a patient's journey page). */
export type OrdersTableRow = {
  id: number;
  orderNumber: string;
  dateOrdered: string;
  dateShipped: string | null;
  items: { name: string; dosage?: string | null; quantity: number }[];
  totalCents: number;
  currency?: string;
  status: number;
  trackingNumber: string | null;
  trackingUrl: string | null;
  fulfiller?: string | null;
};

export type OrdersTableLabels = {
  caption: string;
  number: string;
  ordered: string;
  items: string;
  total: string;
  status: string;
  shipped: string;
  tracking: string;
  /** A fulfiller column (the patient's orders page); none when absent. */
  fulfiller?: string;
  /** The tracking link's text when the order has no tracking number. */
  track: string;
  /** Said to screen readers after the tracking link, which opens a new tab. */
  newTab: string;
};

/** Spec §4 shipment statuses: delivered green, returned or cancelled red, on hold amber, the rest in progress. */
const statusVariant = (status: number) => (status === 4 ? "success" : status === 7 || status === 8 ? "error" : status === 3 ? "warning" : "primary");

/**
 * The orders of a patient as a table: number, dates (formatted by the caller, in its viewer's zone), items, total,
 * status badge (the caller's labels: patients see "Packing" where staff see the fulfiller's status) and tracking.
 */
export function OrdersTable({
  orders,
  labels,
  statusLabel,
  date,
  money,
  testId,
}: {
  orders: OrdersTableRow[];
  labels: OrdersTableLabels;
  statusLabel: (status: number) => string;
  date: (iso: string) => string;
  money: (cents: number, currency?: string) => string;
  testId?: string;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid={testId}>
        <caption className="sr-only">{labels.caption}</caption>
        <thead className="text-left text-muted-foreground">
          <tr>
            {[labels.number, labels.ordered, labels.items, labels.total, labels.status, labels.shipped, ...(labels.fulfiller ? [labels.fulfiller] : []), labels.tracking].map((label) => (
              <th key={label} scope="col" className="px-2 py-1">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => (
            <tr key={o.id} className="border-t align-top" data-order-number={o.orderNumber}>
              <td className="px-2 py-2 font-medium">{o.orderNumber}</td>
              <td className="px-2 py-2 tabular-nums">{date(o.dateOrdered)}</td>
              <td className="px-2 py-2">{o.items.map((i) => `${i.name}${i.dosage ? ` ${i.dosage}` : ""} × ${i.quantity}`).join(", ")}</td>
              <td className="px-2 py-2 tabular-nums">{money(o.totalCents, o.currency)}</td>
              <td className="px-2 py-2">
                <Badge variant={statusVariant(o.status)} data-status={o.status}>
                  {statusLabel(o.status)}
                </Badge>
              </td>
              <td className="px-2 py-2 tabular-nums">{o.dateShipped ? date(o.dateShipped) : "—"}</td>
              {labels.fulfiller ? <td className="px-2 py-2">{o.fulfiller || "—"}</td> : null}
              <td className="px-2 py-2">
                {o.trackingUrl ? (
                  <a href={o.trackingUrl} rel="noreferrer noopener" target="_blank">
                    {o.trackingNumber ?? labels.track}
                    <span className="sr-only"> {labels.newTab}</span>
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
  );
}
