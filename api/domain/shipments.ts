/**
 * The order / shipment state machine (spec §4: Queued 1, AwaitingShipment 2, OnHold 3, Delivered 4, Shipped 5,
 * PartiallyDelivered 6, Returned 7, Cancelled 8, SentToPharmacy 9). Decisions where the spec is silent:
 *  - before it ships: queued → sent to pharmacy → awaiting shipment → shipped (a queued order may also ship at
 *    once: the pharmacy fills it the same day), each step may be put on hold (and
 *    back to any earlier step) or cancelled;
 *  - shipping needs a fulfiller and a tracking number (the patient's order page links the parcel);
 *  - after it ships: shipped → partially delivered → delivered, or returned; delivered may still be returned;
 *  - cancelled and returned are final (a new order is made instead).
 * A staff update may also only correct the fulfiller or the tracking of an order without changing its status.
 */
import type { OrderStatus } from "../contract/enums.ts";

const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  1: [9, 2, 5, 3, 8],
  9: [2, 5, 3, 8],
  2: [5, 3, 8],
  3: [1, 9, 2, 8],
  5: [6, 4, 7],
  6: [4, 7],
  4: [7],
  7: [],
  8: [],
};

export type ShipmentTransition = { ok: true } | { ok: false; code: "shipments.transitionRefused" | "shipments.trackingRequired" };

export const allowedNext = (from: OrderStatus): readonly OrderStatus[] => NEXT[from];

/** Whether an order may go from `from` to `to` with this fulfiller and tracking number. Same status: always (edits only). */
export function shipmentTransition(from: OrderStatus, to: OrderStatus, shipping: { fulfiller: string | null; trackingNumber: string | null }): ShipmentTransition {
  if (from !== to && !NEXT[from].includes(to)) return { ok: false, code: "shipments.transitionRefused" };
  if ((to === 5 || to === 6 || to === 4) && (!shipping.fulfiller || !shipping.trackingNumber)) return { ok: false, code: "shipments.trackingRequired" };
  return { ok: true };
}

/** A tracking link for the well-known carriers when staff give none (decision: the carrier's public tracking page). */
export function trackingUrlFor(fulfiller: string | null, trackingNumber: string | null): string | null {
  if (!trackingNumber) return null;
  const n = encodeURIComponent(trackingNumber);
  const f = (fulfiller ?? "").toLowerCase();
  if (f.includes("ups")) return `https://www.ups.com/track?tracknum=${n}`;
  if (f.includes("fedex")) return `https://www.fedex.com/fedextrack/?trknbr=${n}`;
  if (f.includes("dhl")) return `https://www.dhl.com/us-en/home/tracking.html?tracking-id=${n}`;
  return `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`;
}
