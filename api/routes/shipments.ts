/**
 * The shipment queue of the staff (issue 16 part A; spec §2 /staff/shipments, /manager/shipments; §4 statuses with
 * the All = -100 filter; contract and decisions api/contract/pharmacy.ts; state machine api/domain/shipments.ts):
 *   GET /api/v1/shipments?status=&cursor=   newest first, keyset-paged on (status, id) or id
 *   PUT /api/v1/shipments/{id}               status, fulfiller, tracking number and link; audited
 * A scoped role (providerUsers) sees only the orders of the patients it may see; another order answers 404.
 */
import { Router, type Request } from "express";
import { eq, sql, type SQL } from "drizzle-orm";
import { idParam } from "../contract/common.ts";
import type { OrderStatus } from "../contract/enums.ts";
import { shipmentUpdateSchema, shipmentsQuerySchema, type CursorPages, type Shipment } from "../contract/pharmacy.ts";
import { dropEmpty } from "../contract/provider-list.ts";
import { V } from "../contract/validation.ts";
import { rows, type Db } from "../db/client.ts";
import { auditEvents, orders } from "../db/schema.ts";
import { auditRead } from "../domain/audit.ts";
import { decodeCursor, encodeCursor, validId } from "../domain/cursors.ts";
import { iso } from "../domain/patient-record.ts";
import { canSeePatient, visiblePatientsSql } from "../domain/patient-access.ts";
import { allowedNext, shipmentTransition, trackingUrlFor } from "../domain/shipments.ts";
import { clientIp } from "../http/context.ts";
import { endpoint } from "../http/endpoint.ts";
import { ApiError, badRequest, fieldCode, notFound, ok } from "../http/errors.ts";
import { parseBody, parseWith } from "../http/validate.ts";
import { viewerOf } from "./patient-access.ts";

type Row = Omit<Shipment, "dateOrdered" | "dateShipped" | "patient" | "next"> & { dateOrdered: unknown; dateShipped: unknown; patientId: number; patientName: string };

/** The list's columns over a page of orders `o` (at most perPage + 1 rows: the items are one small subquery each). */
const SELECT = sql`o.id, o.order_number AS "orderNumber", o.patient_id AS "patientId", u.full_name AS "patientName", o.status, o.total_cents AS "totalCents",
  o.currency, o.date_ordered AS "dateOrdered", o.date_shipped AS "dateShipped", o.fulfiller, o.tracking_number AS "trackingNumber", o.tracking_url AS "trackingUrl",
  (SELECT coalesce(json_agg(json_build_object('name', p.name, 'dosage', v.dosage, 'quantity', oi.quantity) ORDER BY oi.id), '[]'::json)
     FROM order_items oi JOIN product_variants v ON v.id = oi.variant_id JOIN products p ON p.id = v.product_id WHERE oi.order_id = o.id) AS items`;

const toShipment = (r: Row): Shipment => {
  const { patientId, patientName, ...rest } = r;
  return { ...rest, patient: { id: patientId, fullName: patientName }, dateOrdered: iso(r.dateOrdered)!, dateShipped: iso(r.dateShipped), next: [...allowedNext(r.status as OrderStatus)] };
};

async function loadShipment(db: Db, id: number): Promise<Row | undefined> {
  const [row] = await rows<Row>(db, sql`SELECT ${SELECT} FROM orders o JOIN users u ON u.id = o.patient_id WHERE o.id = ${id}`);
  return row;
}

async function visibleShipment(req: Request, raw: unknown): Promise<Row> {
  const parsed = idParam.safeParse(raw);
  if (!parsed.success) throw notFound("shipments.notFound");
  const row = await loadShipment(req.deps.db, parsed.data);
  if (!row || !(await canSeePatient(req.deps.db, viewerOf(req), row.patientId))) throw notFound("shipments.notFound");
  return row;
}

export function shipmentsRoutes(): Router {
  const router = Router();

  endpoint(router, "GET /api/v1/shipments", async (req, res) => {
    const q = parseWith(shipmentsQuerySchema, dropEmpty(req.query as Record<string, unknown>));
    const c = q.cursor ? decodeCursor(q.cursor) : null;
    if (q.cursor && !(c && validId(c.id))) throw badRequest("common.invalidFields", fieldCode("cursor", V.invalid));
    const { db } = req.deps;
    const conds: SQL[] = [];
    // orders_status_idx (status, id) for one status, the primary key for All: both read newest first and stop at a page.
    if (q.status !== -100) conds.push(sql`o.status = ${q.status}`);
    if (c) conds.push(sql`o.id < ${c.id as number}`);
    const visible = await visiblePatientsSql(db, viewerOf(req), sql`o.patient_id`);
    if (visible) conds.push(visible);
    const where = conds.length ? sql`WHERE ${sql.join(conds, sql` AND `)}` : sql``;
    const page = await rows<Row>(
      db,
      sql`SELECT ${SELECT} FROM (SELECT * FROM orders o ${where} ORDER BY o.id DESC LIMIT ${q.perPage + 1}) o JOIN users u ON u.id = o.patient_id ORDER BY o.id DESC`,
    );
    const hasMore = page.length > q.perPage;
    const items = (hasMore ? page.slice(0, q.perPage) : page).map(toShipment);
    const last = items[items.length - 1];
    await auditRead(req, { action: "shipments.list", patientIds: [...new Set(items.map((s) => s.patient.id))], entityType: "order", meta: { status: q.status, cursor: Boolean(c) } });
    const pages: CursorPages = { totalCount: items.length, page: 1, perPage: q.perPage, hasMore, nextCursor: hasMore && last ? encodeCursor({ id: last.id }) : null };
    ok(res, items, "ok", pages);
  });

  endpoint(router, "PUT /api/v1/shipments/:id", async (req, res) => {
    const row = await visibleShipment(req, req.params.id);
    const input = parseBody(req, shipmentUpdateSchema);
    await req.deps.db.transaction(async (tx) => {
      // The row lock orders two updates of one order: the second sees the first's status.
      const [current] = await tx.select({ status: orders.status, dateShipped: orders.dateShipped }).from(orders).where(eq(orders.id, row.id)).for("update");
      const from = current!.status as OrderStatus;
      const to = input.status as OrderStatus;
      const result = shipmentTransition(from, to, input);
      if (!result.ok) throw new ApiError(409, result.code);
      const shipped = (to === 5 || to === 6 || to === 4) && !current!.dateShipped;
      await tx
        .update(orders)
        .set({
          status: to,
          fulfiller: input.fulfiller,
          trackingNumber: input.trackingNumber,
          trackingUrl: input.trackingUrl ?? trackingUrlFor(input.fulfiller, input.trackingNumber),
          ...(shipped ? { dateShipped: new Date() } : {}),
        })
        .where(eq(orders.id, row.id));
      await tx.insert(auditEvents).values({
        actorId: req.auth.user!.id,
        actorRole: req.auth.role,
        action: "shipment.update",
        entityType: "order",
        entityId: String(row.id),
        patientId: row.patientId,
        ip: clientIp(req),
        outcome: "success",
        meta: { from, to, tracking: Boolean(input.trackingNumber) },
      });
    });
    ok(res, { shipment: toShipment((await loadShipment(req.deps.db, row.id))!) }, "shipments.updated");
  });

  return router;
}
