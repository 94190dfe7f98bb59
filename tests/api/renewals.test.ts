/**
 * Renewals as jobs (issue 16 part B; api/domain/renewals.ts): a renewal run twice → one charge and one order; a worker
 * killed between the charge and the order → the rerun charges nothing more; a weight-loss renewal waits for an
 * approved check-in (blocked); a pending cancellation ends at its end date; a declined renewal → past due, a mail in
 * the patient's language, retries 1, 3, 5 days after → recovered at once when the card is updated; retries exhausted
 * → NotRenewed; the resume job; the scheduler on the queue with a worker; on PostgreSQL two workers on one database
 * renew each subscription once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import * as schema from "../../api/db/schema.ts";
import { openDatabase } from "../../api/db/client.ts";
import { createLogger } from "../../api/logger.ts";
import { startJobs, type Jobs } from "../../api/jobs/queue.ts";
import type { JobDeps } from "../../api/jobs/define.ts";
import { billingProvider } from "../../api/domain/billing/index.ts";
import { chargeInvoice, createInvoice } from "../../api/domain/commerce/index.ts";
import { renewSubscription, resumeSubscription, scheduleDueRenewals } from "../../api/domain/renewals.ts";
import { Client, startTestApi, type TestApi } from "./harness.ts";
import { freshSubscription } from "./subscription-helpers.ts";

const DAY = 86_400_000;
let api: TestApi;
let deps: JobDeps;
let patients: number[] = [];
const db = () => api.database.db;

async function until(check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** A due subscription (next charge an hour ago) of `patientId` with its own card, and an approved check-in. */
async function due(patientId: number, opts: { declining?: boolean; checkIn?: boolean; pendingCancellation?: boolean } = {}) {
  const [card] = await db()
    .insert(schema.paymentMethods)
    .values({ userId: patientId, providerToken: `${opts.declining ? "pm_local_dcl_" : "pm_local_"}t${Math.random().toString(36).slice(2)}`, brand: "visa", last4: opts.declining ? "0341" : "4242", expMonth: 12, expYear: 2030 })
    .returning({ id: schema.paymentMethods.id });
  const s = await freshSubscription(db(), patientId, { addon: true, paymentMethodId: card!.id, nextChargeAt: new Date(Date.now() - 3_600_000), pendingCancellation: opts.pendingCancellation ?? false });
  if (opts.checkIn !== false) {
    await db().insert(schema.checkIns).values({ patientId, subscriptionId: s.subscriptionId, completedAt: new Date(), approval: "approved", reviewedAt: new Date() });
  }
  return s;
}
const sub = async (id: number) => (await db().select().from(schema.subscriptions).where(eq(schema.subscriptions.id, id)))[0]!;
const renewalOf = async (id: number) => (await db().select().from(schema.subscriptionRenewals).where(eq(schema.subscriptionRenewals.subscriptionId, id)).orderBy(desc(schema.subscriptionRenewals.id)))[0]!;
async function counts(subscriptionId: number) {
  const invoiceIds = (await db().select({ id: schema.invoices.id }).from(schema.invoices).where(eq(schema.invoices.subscriptionId, subscriptionId))).map((r) => r.id);
  const charged = invoiceIds.length ? await db().select().from(schema.charges).where(inArray(schema.charges.invoiceId, invoiceIds)) : [];
  const orders = await db().select().from(schema.orders).where(eq(schema.orders.subscriptionId, subscriptionId));
  return { invoices: invoiceIds.length, succeeded: charged.filter((c) => c.status === "succeeded").length, declined: charged.filter((c) => c.status === "declined").length, orders: orders.length };
}

beforeAll(async () => {
  api = await startTestApi();
  deps = { db: db(), config: api.config, logger: createLogger("silent"), jobs: api.jobs, maxConnections: 2 };
  patients = (await db().select({ id: schema.patients.userId }).from(schema.patients).orderBy(schema.patients.userId).limit(60)).map((r) => r.id).slice(10);
});
afterAll(() => api?.close());

describe("one renewal", () => {
  it("run twice → one invoice, one charge, one order (Queued); the next charge a cycle later; the add-on billed", async () => {
    const s = await due(patients[0]!);
    const before = await sub(s.subscriptionId);
    expect(await renewSubscription(deps, s.subscriptionId)).toBe("paid");
    expect(await renewSubscription(deps, s.subscriptionId)).toBe("notDue");
    expect(await counts(s.subscriptionId)).toEqual({ invoices: 1, succeeded: 1, declined: 0, orders: 1 });
    const after = await sub(s.subscriptionId);
    expect(after.nextChargeAt!.getTime() - before.nextChargeAt!.getTime()).toBeGreaterThan(85 * DAY);
    const [order] = await db().select().from(schema.orders).where(eq(schema.orders.subscriptionId, s.subscriptionId));
    expect(order).toMatchObject({ status: 1, source: "renewal" });
    const items = await db().select().from(schema.orderItems).where(eq(schema.orderItems.orderId, order!.id));
    expect(items).toHaveLength(2);
    expect((await renewalOf(s.subscriptionId)).status).toBe("paid");
  });

  it("a worker killed after the charge, before the order → the rerun charges nothing more and makes the one order", async () => {
    const s = await due(patients[1]!);
    const row = await sub(s.subscriptionId);
    // What the killed run had done: the renewal row, the invoice and the charge under the renewal's keys.
    const key = `renewal:${s.subscriptionId}:${row.nextChargeAt!.toISOString()}`;
    await db().insert(schema.subscriptionRenewals).values({ subscriptionId: s.subscriptionId, patientId: row.patientId, periodStart: row.nextChargeAt! });
    const invoice = await createInvoice(db(), { userId: row.patientId, lines: [{ description: "x", unitAmountCents: 151500 }, { description: "y", unitAmountCents: 4500 }], periodStart: "2026-01-01", periodEnd: "2026-04-01", idempotencyKey: key, subscriptionId: s.subscriptionId, paymentMethodId: row.paymentMethodId });
    const first = await chargeInvoice(db(), billingProvider(), { invoiceId: invoice.id, idempotencyKey: `${key}:attempt:1`, paymentMethodId: row.paymentMethodId });
    expect(first.status).toBe("succeeded");
    expect(await renewSubscription(deps, s.subscriptionId)).toBe("paid");
    expect(await counts(s.subscriptionId)).toEqual({ invoices: 1, succeeded: 1, declined: 0, orders: 1 });
  });

  it("a weight-loss renewal without an approved check-in is blocked (the staff list shows it), charged nothing", async () => {
    const s = await due(patients[2]!, { checkIn: false });
    expect(await renewSubscription(deps, s.subscriptionId)).toBe("blocked");
    expect(await renewalOf(s.subscriptionId)).toMatchObject({ status: "blocked", blocker: "checkIn" });
    expect(await counts(s.subscriptionId)).toEqual({ invoices: 0, succeeded: 0, declined: 0, orders: 0 });
    // Approved later: the next look renews it.
    await db().insert(schema.checkIns).values({ patientId: patients[2]!, subscriptionId: s.subscriptionId, completedAt: new Date(), approval: "approved", reviewedAt: new Date() });
    expect(await renewSubscription(deps, s.subscriptionId, new Date(Date.now() + 2 * 3_600_000))).toBe("paid");
  });

  it("a pending cancellation ends at its end date (Cancelled), charged nothing", async () => {
    const s = await due(patients[3]!, { pendingCancellation: true });
    expect(await renewSubscription(deps, s.subscriptionId)).toBe("ended");
    expect(await sub(s.subscriptionId)).toMatchObject({ status: 3, pendingCancellation: false });
    expect(await counts(s.subscriptionId)).toEqual({ invoices: 0, succeeded: 0, declined: 0, orders: 0 });
  });

  it("a scheduled plan change takes effect at the renewal: the new plan billed, the add-ons dropped", async () => {
    const s = await due(patients[4]!);
    const target = (await db().select({ id: schema.productVariants.id }).from(schema.productVariants).innerJoin(schema.products, eq(schema.products.id, schema.productVariants.productId)).where(and(eq(schema.products.slug, "compounded-semaglutide"), eq(schema.productVariants.periodMonths, 3))))[0]!.id;
    await db().update(schema.subscriptions).set({ scheduledChange: { kind: "planChange", variantId: target, effectiveAt: new Date().toISOString(), direction: "downgrade", removesAddons: true, requestedAt: new Date().toISOString() } }).where(eq(schema.subscriptions.id, s.subscriptionId));
    expect(await renewSubscription(deps, s.subscriptionId)).toBe("paid");
    const items = await db().select().from(schema.subscriptionItems).where(eq(schema.subscriptionItems.subscriptionId, s.subscriptionId));
    expect(items.map((i) => [i.variantId, i.isAddon])).toEqual([[target, false]]);
    expect((await sub(s.subscriptionId)).scheduledChange).toBeNull();
  });
});

describe("failed payments", () => {
  it("declined → past due, a mail in the patient's language, retries on day 1 and 3 → recovered at once when the card is updated", async () => {
    const liam = (await db().select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, "patient2@demo.test")))[0]!.id;
    await db().update(schema.users).set({ locale: "es-US" }).where(eq(schema.users.id, liam));
    const s = await due(liam, { declining: true });
    const t0 = Date.now();
    expect(await renewSubscription(deps, s.subscriptionId)).toBe("declined");
    const r1 = await renewalOf(s.subscriptionId);
    expect(r1).toMatchObject({ status: "declined", declines: 1, declineCode: "card_declined" });
    expect(r1.nextRetryAt!.getTime() - r1.firstDeclinedAt!.getTime()).toBe(DAY);
    expect((await sub(s.subscriptionId)).pastDueSince).not.toBeNull();
    const [mail] = await db().select().from(schema.emailOutbox).where(eq(schema.emailOutbox.toAddress, "patient2@demo.test")).orderBy(desc(schema.emailOutbox.id)).limit(1);
    expect(mail!.subject).toBe("Se rechazó el pago de su renovación");
    expect(mail!.textBody).toContain("/patient/account/payment-details");
    // Not before the retry; then on day 1 (declined again: the next on day 3 after the first decline).
    expect(await renewSubscription(deps, s.subscriptionId)).toBe("skipped");
    expect(await renewSubscription(deps, s.subscriptionId, new Date(t0 + DAY + 60_000))).toBe("declined");
    const r2 = await renewalOf(s.subscriptionId);
    expect(r2.declines).toBe(2);
    expect(r2.nextRetryAt!.getTime() - r2.firstDeclinedAt!.getTime()).toBe(3 * DAY);
    // The patient sees Card Decline with the next try.
    const liamClient = new Client(api.url);
    await liamClient.login("patient2@demo.test");
    const page = await liamClient.get<{ subscriptions: Array<{ id: number; label: string; nextRetryAt: string | null }> }>("/api/v2/subscriptions");
    expect(page.body.data!.subscriptions.find((x) => x.id === s.subscriptionId)).toMatchObject({ label: "card_decline", nextRetryAt: r2.nextRetryAt!.toISOString() });
    // The staff renewals list shows the card decline.
    // A new card: the retry is due at once and queued.
    const added = await liamClient.post("/api/v2/profile/payment-methods", { cardNumber: "4242424242424242", expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: "123", name: "Liam Card", makePrimary: true });
    expect(added.status).toBe(200);
    const { rows } = await api.database.executeSql("SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'subscriptions.renew' AND data->>'subscriptionId' = $1", [String(s.subscriptionId)]);
    expect(rows[0]!.n).toBeGreaterThanOrEqual(1);
    expect(await renewSubscription(deps, s.subscriptionId)).toBe("paid");
    expect(await sub(s.subscriptionId)).toMatchObject({ pastDueSince: null, status: 1 });
    expect(await counts(s.subscriptionId)).toEqual({ invoices: 1, succeeded: 1, declined: 2, orders: 1 });
  });

  it("retries exhausted (1, 3, 5 days) → NotRenewed; orders already paid for are untouched", async () => {
    const s = await due(patients[5]!, { declining: true });
    const paid = await db().insert(schema.orders).values({ orderNumber: `TH-PAID-${s.subscriptionId}`, patientId: patients[5]!, subscriptionId: s.subscriptionId, status: 2 }).returning({ id: schema.orders.id });
    const t0 = Date.now();
    expect(await renewSubscription(deps, s.subscriptionId)).toBe("declined");
    for (const d of [1, 3]) expect(await renewSubscription(deps, s.subscriptionId, new Date(t0 + d * DAY + 60_000))).toBe("declined");
    expect(await renewSubscription(deps, s.subscriptionId, new Date(t0 + 5 * DAY + 60_000))).toBe("failed");
    expect(await sub(s.subscriptionId)).toMatchObject({ status: 4, membershipStatus: "not_renewed", pastDueSince: null });
    expect((await db().select().from(schema.orders).where(eq(schema.orders.id, paid[0]!.id)))[0]!.status).toBe(2);
  });
});

describe("resume and the queue", () => {
  it("the resume job charges the card and makes the subscription Active with a new period", async () => {
    const s = await due(patients[6]!);
    await db().update(schema.subscriptions).set({ status: 2, nextChargeAt: null, resumeRequestedAt: new Date() }).where(eq(schema.subscriptions.id, s.subscriptionId));
    expect(await resumeSubscription(deps, s.subscriptionId)).toBe("paid");
    expect(await resumeSubscription(deps, s.subscriptionId)).toBe("skipped");
    const after = await sub(s.subscriptionId);
    expect(after).toMatchObject({ status: 1, resumeRequestedAt: null });
    expect(after.nextChargeAt!.getTime()).toBeGreaterThan(Date.now() + 85 * DAY);
    expect(await counts(s.subscriptionId)).toEqual({ invoices: 1, succeeded: 1, declined: 0, orders: 1 });
  });

  it("the scheduler enqueues each due renewal once; a worker renews them", async () => {
    const subs = [await due(patients[7]!), await due(patients[8]!)];
    const worker = await startJobs({ database: api.database, config: api.config, logger: createLogger("silent"), worker: true });
    try {
      await scheduleDueRenewals(deps);
      await scheduleDueRenewals(deps); // the queue holds one per subscription
      await until(async () => (await Promise.all(subs.map((s) => renewalOf(s.subscriptionId)))).every((r) => r?.status === "paid"));
      for (const s of subs) expect(await counts(s.subscriptionId)).toEqual({ invoices: 1, succeeded: 1, declined: 0, orders: 1 });
    } finally {
      await worker.stop();
    }
  });
});

describe.runIf(process.env.API_TEST_DB === "postgres")("two workers on one PostgreSQL database", () => {
  const workers: Jobs[] = [];
  const extra: { close(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const w of workers) await w.stop();
    for (const d of extra) await d.close();
  });
  it("renew each of 20 due subscriptions once (one charge, one order each)", async () => {
    const name = (await api.database.executeSql("SELECT current_database() AS name")).rows[0]!.name as string;
    const second = new URL(process.env.TEST_DATABASE_URL!);
    second.pathname = `/${name}`;
    const other = await openDatabase({ databaseUrl: second.toString(), poolSize: 2 });
    extra.push(other);
    const subs = [];
    for (let i = 0; i < 20; i++) subs.push(await due(patients[20 + i]!));
    // Sent as the scheduler sends them (the queue is "short": one queued job per singleton key; without a key every send
    // after the first was dropped while one waited, so the test depended on timing), once before the workers start and
    // once after: a second job for a renewal already taken is queued again, and the two workers race for it.
    const send = (id: number) => api.jobs.send("subscriptions.renew", { subscriptionId: id }, { singletonKey: `sub:${id}` });
    for (const s of subs) await send(s.subscriptionId);
    const logger = createLogger("silent");
    workers.push(await startJobs({ database: api.database, config: api.config, logger, worker: true }));
    workers.push(await startJobs({ database: other, config: api.config, logger, worker: true }));
    const ids = subs.map((s) => s.subscriptionId);
    for (const id of ids) await send(id);
    await until(async () => (await db().select({ n: sql<number>`count(*)::int` }).from(schema.subscriptionRenewals).where(and(inArray(schema.subscriptionRenewals.subscriptionId, ids), eq(schema.subscriptionRenewals.status, "paid"))))[0]!.n === 20, 30_000);
    for (const s of subs) expect(await counts(s.subscriptionId)).toEqual({ invoices: 1, succeeded: 1, declined: 0, orders: 1 });
  });
});
