import { describe, expect, it } from "vitest";
import { ORDER_STATUS_VALUES, type OrderStatus } from "../contract/enums.ts";
import { allowedNext, shipmentTransition, trackingUrlFor } from "./shipments.ts";

const TRACKED = { fulfiller: "UPS", trackingNumber: "1Z999" };
const UNTRACKED = { fulfiller: null, trackingNumber: null };

/** Every allowed move (spec §4 statuses; the decisions of api/domain/shipments.ts). */
const ALLOWED: Record<OrderStatus, OrderStatus[]> = {
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

describe("shipment state machine: every status to every status", () => {
  for (const from of ORDER_STATUS_VALUES) {
    for (const to of ORDER_STATUS_VALUES) {
      const allowed = from === to || ALLOWED[from].includes(to);
      it(`${from} → ${to}: ${allowed ? "allowed" : "refused"}`, () => {
        expect(shipmentTransition(from, to, TRACKED)).toEqual(allowed ? { ok: true } : { ok: false, code: "shipments.transitionRefused" });
      });
    }
  }
  it("lists the allowed next statuses", () => {
    for (const from of ORDER_STATUS_VALUES) expect([...allowedNext(from)].sort()).toEqual([...ALLOWED[from]].sort());
  });
  it("cancelled and returned are final", () => {
    expect(allowedNext(8)).toEqual([]);
    expect(allowedNext(7)).toEqual([]);
  });
  it("shipping and delivery need a fulfiller and a tracking number", () => {
    expect(shipmentTransition(2, 5, UNTRACKED)).toEqual({ ok: false, code: "shipments.trackingRequired" });
    expect(shipmentTransition(2, 5, { fulfiller: "UPS", trackingNumber: null })).toEqual({ ok: false, code: "shipments.trackingRequired" });
    expect(shipmentTransition(5, 4, { fulfiller: null, trackingNumber: "1Z" })).toEqual({ ok: false, code: "shipments.trackingRequired" });
    expect(shipmentTransition(1, 3, UNTRACKED)).toEqual({ ok: true });
  });
  it("builds a carrier's tracking link", () => {
    expect(trackingUrlFor("UPS", "1Z 9")).toBe("https://www.ups.com/track?tracknum=1Z%209");
    expect(trackingUrlFor("FedEx", "1")).toContain("fedex.com");
    expect(trackingUrlFor("Pharmacy", "9400")).toContain("usps.com");
    expect(trackingUrlFor("UPS", null)).toBeNull();
  });
});
