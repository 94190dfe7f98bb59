/**
 * Payouts (issue 19 part B; contract and decisions api/contract/payouts.ts): a provider's invoices of their work,
 * what is payable now, a payout request ('Payout request error' when nothing is payable) and the PDF statement.
 */
import { Router, type Request } from "express";
import { sql } from "drizzle-orm";
import { idParam } from "../contract/common.ts";
import { PAYOUT_DELAY_DAYS, payoutRequestSchema, payoutsQuerySchema, type Payable, type PayoutInvoice } from "../contract/payouts.ts";
import { V } from "../contract/validation.ts";
import { rows, type Db } from "../db/client.ts";
import { audit } from "../domain/audit.ts";
import { renderPayoutPdf } from "../domain/billing/payout-pdf.ts";
import { decodeCursor, encodeCursor, validId } from "../domain/cursors.ts";
import { endpoint } from "../http/endpoint.ts";
import { ApiError, badRequest, fieldCode, notFound, ok, unauthorized } from "../http/errors.ts";
import { parseBody, parseWith } from "../http/validate.ts";
import { dropEmpty } from "../contract/provider-list.ts";

const TS = (col: string) => sql.raw(`to_char((${col}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
const SELECT = sql`id, number, ${TS("period_start")} AS "periodStart", ${TS("period_end")} AS "periodEnd", reviews, visits,
  review_rate_cents AS "reviewRateCents", visit_rate_cents AS "visitRateCents", amount_cents AS "amountCents", status,
  to_char(payout_date, 'YYYY-MM-DD') AS "payoutDate", ${TS("created_at")} AS "createdAt"`;

function me(req: Request) {
  const user = req.auth.user;
  if (!user) throw unauthorized();
  return user;
}

/** The work payable now: completed reviews and recorded visits after the last invoice's end, up to `until`. */
async function payableWork(db: Db, staffId: number, until: string | null) {
  const upTo = until === null ? sql`now()` : sql`${until}::timestamptz`;
  const [row] = await rows<{ since: string | null; reviews: number; visits: number; first: string | null }>(
    db,
    sql`WITH last AS (SELECT max(period_end) AS e FROM payout_invoices WHERE staff_id = ${staffId}),
         r AS (SELECT reviewed_at AS at FROM treatments, last
                WHERE provider_id = ${staffId} AND review_status IN ('approved', 'declined') AND reviewed_at IS NOT NULL
                  AND reviewed_at <= ${upTo} AND (last.e IS NULL OR reviewed_at > last.e)),
         v AS (SELECT created_at AS at FROM visit_records, last
                WHERE provider_id = ${staffId} AND created_at <= ${upTo} AND (last.e IS NULL OR created_at > last.e))
    SELECT ${TS("(SELECT e FROM last)")} AS since, (SELECT count(*) FROM r)::int AS reviews, (SELECT count(*) FROM v)::int AS visits,
           ${TS("(SELECT least((SELECT min(at) FROM r), (SELECT min(at) FROM v)))")} AS first`,
  );
  return row!;
}

export function payoutsRoutes(): Router {
  const router = Router();

  endpoint(router, "GET /api/v1/payouts", async (req, res) => {
    const user = me(req);
    const query = parseWith(payoutsQuerySchema, dropEmpty(req.query as Record<string, unknown>));
    let before: number | null = null;
    if (query.cursor) {
      const c = decodeCursor(query.cursor);
      if (!c || !validId(c.id)) throw badRequest("common.invalidFields", fieldCode("cursor", V.invalid));
      before = c.id;
    }
    const list = await rows<PayoutInvoice>(
      req.deps.db,
      sql`SELECT ${SELECT} FROM payout_invoices WHERE staff_id = ${user.id} ${before === null ? sql`` : sql`AND id < ${before}`} ORDER BY id DESC LIMIT ${query.perPage + 1}`,
    );
    const hasMore = list.length > query.perPage;
    const page = list.slice(0, query.perPage);
    const nextCursor = hasMore ? encodeCursor({ id: page[page.length - 1]!.id }) : null;
    res.status(200).json({ code: "ok", message: "", data: page, pages: { totalCount: page.length, page: 1, perPage: query.perPage, hasMore, nextCursor } });
  });

  endpoint(router, "GET /api/v1/payouts/payable", async (req, res) => {
    const user = me(req);
    const rates = req.deps.config.payoutRates;
    const work = await payableWork(req.deps.db, user.id, null);
    const payable: Payable = {
      reviews: work.reviews,
      visits: work.visits,
      amountCents: work.reviews * rates.reviewCents + work.visits * rates.visitCents,
      since: work.since,
      rates,
    };
    ok(res, payable);
  });

  endpoint(router, "POST /api/v1/payouts/request", async (req, res) => {
    const user = me(req);
    parseBody(req, payoutRequestSchema);
    const rates = req.deps.config.payoutRates;
    const invoice = await req.deps.db.transaction(async (tx) => {
      // One request of a provider at a time: the next period starts where the last ended.
      const [{ now } = { now: "" }] = await rows<{ now: string }>(tx, sql`SELECT ${TS("now()")} AS now FROM users WHERE id = ${user.id} FOR UPDATE`);
      const work = await payableWork(tx, user.id, now);
      if (work.reviews + work.visits === 0) return null;
      const amountCents = work.reviews * rates.reviewCents + work.visits * rates.visitCents;
      // The first invoice starts just before the provider's first payable work (periods are (start, end]).
      const start = work.since ?? new Date(Date.parse(work.first!) - 1000).toISOString();
      const [{ n } = { n: 0 }] = await rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM payout_invoices WHERE staff_id = ${user.id}`);
      const number = `PO-${user.id}-${String(n + 1).padStart(4, "0")}`;
      const [row] = await rows<PayoutInvoice>(
        tx,
        sql`INSERT INTO payout_invoices (staff_id, number, period_start, period_end, reviews, visits, review_rate_cents, visit_rate_cents, amount_cents, payout_date)
            VALUES (${user.id}, ${number}, ${start}::timestamptz, ${now}::timestamptz, ${work.reviews}, ${work.visits}, ${rates.reviewCents}, ${rates.visitCents},
                    ${amountCents}, (now() AT TIME ZONE 'America/Los_Angeles')::date + ${PAYOUT_DELAY_DAYS}::int)
            RETURNING ${SELECT}`,
      );
      return row!;
    });
    if (!invoice) {
      await audit(req, { action: "payout.request", entityType: "user", entityId: user.id, outcome: "denied", meta: { reason: "nothingPayable" } });
      throw new ApiError(409, "payouts.requestError");
    }
    await audit(req, { action: "payout.request", entityType: "payout_invoice", entityId: invoice.id, meta: { amountCents: invoice.amountCents } });
    ok(res, { invoice }, "payouts.requested");
  });

  endpoint(router, "GET /api/v1/payouts/:id/pdf", async (req, res) => {
    const user = me(req);
    const parsed = idParam.safeParse(req.params.id);
    const [invoice] = parsed.success ? await rows<PayoutInvoice>(req.deps.db, sql`SELECT ${SELECT} FROM payout_invoices WHERE id = ${parsed.data} AND staff_id = ${user.id}`) : [];
    if (!invoice) throw notFound("payouts.notFound");
    const pdf = await renderPayoutPdf(invoice, { fullName: user.fullName, email: user.email });
    res.status(200);
    res.set({
      "Content-Type": "application/pdf",
      "Content-Length": String(pdf.length),
      "Content-Disposition": `attachment; filename="payout-${invoice.number.replace(/[^A-Za-z0-9_-]/g, "")}.pdf"`,
    });
    res.end(pdf);
  });

  return router;
}
