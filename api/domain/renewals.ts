/**
 * Renewals as jobs (issue 16 part B) on the jobs and commerce core (api/jobs/, api/domain/commerce/).
 *
 *   subscriptions.schedule (cron, every minute) — finds due work on indexes and enqueues it:
 *     Active subscriptions whose next charge has come (subscriptions_upcoming_idx), declined renewals whose retry
 *     is due and blocked ones due for another look (subscription_renewals_retry_idx and _blocked_idx).
 *   subscriptions.renew { subscriptionId } — one renewal of the subscription's current period (its next charge):
 *     a pending cancellation at its end date ends the plan; otherwise check-in approved (a weight-loss plan,
 *     renewalMayProceed's rule) and prescription valid (the treatment is approved) and a card → invoice → charge →
 *     order (Queued: the shipment queue) → next charge a cycle later, the scheduled plan change applied.
 *     A decline: past due, a retry 1, 3 and 5 days after the first decline, a mail in the patient's language with
 *     a link to update the card; after the last, NotRenewed. Orders already paid for are never touched (they ship).
 *   subscriptions.resume { subscriptionId } — the patient's resume: charges a new period and makes it Active.
 *
 * Safe with several workers and restartable: the queue is "short" (one queued job per subscription), every step is
 * keyed — the invoice and the order by `renewal:{subscriptionId}:{period}`, each charge attempt by
 * `…:attempt:{declines + 1}` (a key answers its first outcome forever) — and each write of the outcome is guarded
 * by the state it expects (the period not yet advanced, the decline count unchanged), so a job run twice, two
 * workers on one renewal, or a worker killed between the charge and the order end with one charge and one order.
 */
import { and, asc, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Request } from "express";
import type PgBoss from "pg-boss";
import { RENEWAL_RETRY_DAYS } from "../contract/subscription-rules.ts";
import type { Db } from "../db/client.ts";
import { checkIns, paymentMethods, subscriptionItems, subscriptionRenewals, subscriptions, treatments, users } from "../db/schema.ts";
import { defineJob, type JobDeps } from "../jobs/define.ts";
import type { Jobs } from "../jobs/queue.ts";
import { billingProvider } from "./billing/index.ts";
import { chargeInvoice, createInvoice, createOrder, NoPaymentMethodError } from "./commerce/index.ts";
import { renderMail, sendMail, type MailLocale } from "./mail.ts";
import { catalogue, cardOf, type CatalogueRow } from "./subscription-views.ts";
import { addMonths, nextRetryAt, stateOf, subscriptionTransition, type ScheduledChange } from "./subscriptions.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type SubRow = typeof subscriptions.$inferSelect;

export const RENEW_JOB = "subscriptions.renew";
export const RESUME_JOB = "subscriptions.resume";
export const SCHEDULE_JOB = "subscriptions.schedule";
/** Renewals a worker runs side by side within one batch of jobs. */
export const RENEW_CONCURRENCY = 8;
/** A blocked renewal (check-in, prescription, card) is looked at again this often. */
export const BLOCKED_RECHECK_MS = 60 * 60 * 1000;
/** Weight loss (service_sections id 1): its renewals wait for an approved check-in (api/domain/check-ins.ts). */
const WEIGHT_LOSS = 1;

const periodKey = (period: Date) => period.toISOString();
const day = (d: Date) => d.toISOString().slice(0, 10);

// ── Enqueueing ────────────────────────────────────────────────────────────────────────────────────────────────

/** The patient asked to resume: the resume job, in the caller's transaction. */
export async function requestResume(deps: Request["deps"], tx: Tx, subscriptionId: number): Promise<void> {
  await deps.jobs.send(RESUME_JOB, { subscriptionId }, { tx: tx as unknown as Db, singletonKey: `sub:${subscriptionId}` });
}

/** A renewal due now (a re-activation, a retry after the card changed), in the caller's transaction. */
export async function requestRenewal(deps: Request["deps"], tx: Tx, subscriptionId: number, _due: Date): Promise<void> {
  await deps.jobs.send(RENEW_JOB, { subscriptionId }, { tx: tx as unknown as Db, singletonKey: `sub:${subscriptionId}` });
}

/**
 * The card changed (added, or made primary: the patient account's billing calls): a past-due subscription is tried
 * again at once — its declined renewal's retry is due now, or a declined resume is asked again.
 */
export async function retryPastDue(deps: { db: Db; jobs: Jobs }, patientId: number): Promise<number> {
  const now = new Date();
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: subscriptions.id, status: subscriptions.status })
      .from(subscriptions)
      .where(and(eq(subscriptions.patientId, patientId), sql`${subscriptions.pastDueSince} is not null`, inArray(subscriptions.status, [1, 2])))
      .for("update");
    // The retry charges the patient's primary card (the one they just added or chose).
    const [primary] = await tx.select({ id: paymentMethods.id }).from(paymentMethods).where(and(eq(paymentMethods.userId, patientId), eq(paymentMethods.isPrimary, true)));
    if (primary && due.length) await tx.update(subscriptions).set({ paymentMethodId: primary.id }).where(inArray(subscriptions.id, due.map((s) => s.id)));
    for (const s of due) {
      if (s.status === 1) {
        await tx
          .update(subscriptionRenewals)
          .set({ nextRetryAt: now, updatedAt: now })
          .where(and(eq(subscriptionRenewals.subscriptionId, s.id), eq(subscriptionRenewals.status, "declined")));
        await deps.jobs.send(RENEW_JOB, { subscriptionId: s.id }, { tx: tx as unknown as Db, singletonKey: `sub:${s.id}` });
      } else {
        await tx.update(subscriptions).set({ resumeRequestedAt: now, updatedAt: now }).where(eq(subscriptions.id, s.id));
        await deps.jobs.send(RESUME_JOB, { subscriptionId: s.id }, { tx: tx as unknown as Db, singletonKey: `sub:${s.id}` });
      }
    }
    return due.length;
  });
}

// ── The scheduler ─────────────────────────────────────────────────────────────────────────────────────────────

const SCHEDULE_PAGE = 1000;

/** Enqueues every renewal due at `now` (pages of SCHEDULE_PAGE on the indexes); answers how many it sent. */
export async function scheduleDueRenewals(deps: { db: Db; jobs: Jobs }, now = new Date()): Promise<number> {
  let sent = 0;
  const insert = async (ids: number[]) => {
    if (!ids.length) return;
    await deps.jobs.boss.insert(ids.map((subscriptionId) => ({ name: RENEW_JOB, data: { subscriptionId }, singletonKey: `sub:${subscriptionId}` })) as PgBoss.JobInsert[]);
    sent += ids.length;
  };
  // Active subscriptions whose next charge has come (not past due: those wait for their retry; not resuming).
  let after: { at: Date; id: number } | null = null;
  for (;;) {
    const page: Array<{ id: number; at: Date }> = await deps.db
      .select({ id: subscriptions.id, at: subscriptions.nextChargeAt })
      .from(subscriptions)
      .where(
        and(
          inArray(subscriptions.status, [0, 1]),
          lte(subscriptions.nextChargeAt, now),
          eq(subscriptions.status, 1),
          isNull(subscriptions.pastDueSince),
          isNull(subscriptions.resumeRequestedAt),
          after ? sql`(${subscriptions.nextChargeAt}, ${subscriptions.id}) > (${after.at}, ${after.id})` : undefined,
        ),
      )
      .orderBy(asc(subscriptions.nextChargeAt), asc(subscriptions.id))
      .limit(SCHEDULE_PAGE) as Array<{ id: number; at: Date }>;
    await insert(page.map((r) => r.id));
    if (page.length < SCHEDULE_PAGE) break;
    const last = page[page.length - 1]!;
    after = { at: last.at, id: last.id };
  }
  // Declined renewals whose retry is due, and blocked ones due for another look.
  for (const status of ["declined", "blocked"] as const) {
    let afterId = 0;
    for (;;) {
      const page = await deps.db
        .select({ id: subscriptionRenewals.id, subscriptionId: subscriptionRenewals.subscriptionId })
        .from(subscriptionRenewals)
        .where(and(eq(subscriptionRenewals.status, status), lte(subscriptionRenewals.nextRetryAt, now), gt(subscriptionRenewals.id, afterId)))
        .orderBy(asc(subscriptionRenewals.id))
        .limit(SCHEDULE_PAGE);
      await insert(page.map((r) => r.subscriptionId));
      if (page.length < SCHEDULE_PAGE) break;
      afterId = page[page.length - 1]!.id;
    }
  }
  return sent;
}

// ── One renewal ───────────────────────────────────────────────────────────────────────────────────────────────

export type RenewalOutcome = "notDue" | "ended" | "blocked" | "declined" | "failed" | "paid" | "skipped";

type Items = Array<{ variantId: number; quantity: number; isAddon: boolean }>;

/** The items the renewal bills: the scheduled change applied (the add-ons dropped when it says so). */
function renewalItems(items: Items, change: ScheduledChange | null): Items {
  if (!change) return items;
  const addons = change.removesAddons ? [] : items.filter((i) => i.isAddon);
  return [{ variantId: change.variantId, quantity: 1, isAddon: false }, ...addons];
}

async function blockerOf(db: Db | Tx, sub: SubRow, period: Date): Promise<string | null> {
  const [t] = sub.treatmentId ? await db.select({ section: treatments.sectionType, review: treatments.reviewStatus }).from(treatments).where(eq(treatments.id, sub.treatmentId)) : [];
  if (t && t.review !== "approved") return "prescription";
  if (t?.section === WEIGHT_LOSS) {
    // renewalMayProceed's rule (api/domain/check-ins.ts): a check-in approved since the period being renewed began.
    const since = addMonths(period, -sub.cycleMonths);
    const [ok] = await db
      .select({ id: checkIns.id })
      .from(checkIns)
      .where(and(eq(checkIns.subscriptionId, sub.id), eq(checkIns.approval, "approved"), sql`${checkIns.reviewedAt} >= ${since}`))
      .limit(1);
    if (!ok) return "checkIn";
  }
  return null;
}

async function mailDeclined(deps: JobDeps, patientId: number, retryAt: Date | null): Promise<void> {
  const [u] = await deps.db.select({ email: users.email, firstName: users.firstName, locale: users.locale, offset: users.utcOffsetMinutes }).from(users).where(eq(users.id, patientId));
  if (!u) return;
  const link = new URL("/patient/account/payment-details", deps.config.publicUrl).toString();
  const shifted = retryAt ? new Date(retryAt.getTime() + (u.offset ?? 0) * 60_000) : null;
  const when = shifted ? `${String(shifted.getUTCMonth() + 1).padStart(2, "0")}/${String(shifted.getUTCDate()).padStart(2, "0")}/${shifted.getUTCFullYear()}` : "";
  const template = retryAt ? "renewalDeclined" : "renewalFailed";
  try {
    await sendMail(deps, { to: u.email, ...renderMail(template, u.locale as MailLocale, { name: u.firstName, link, when }) });
  } catch (err) {
    deps.logger.warn("renewal mail not sent", { patientId, error: err instanceof Error ? err.message : "unknown" });
  }
}

/** One renewal of subscription `id` (idempotent; see the module's comment). */
export async function renewSubscription(deps: JobDeps, id: number, now = new Date(), cat?: Map<number, CatalogueRow>): Promise<RenewalOutcome> {
  const { db } = deps;
  // 1. What is due, under the subscription's row lock: end a pending cancellation; record the period's renewal row.
  const claim = await db.transaction(async (tx) => {
    const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for("update");
    if (!sub || sub.status !== 1 || sub.resumeRequestedAt || !sub.nextChargeAt || sub.nextChargeAt > now) return null;
    const period = sub.nextChargeAt;
    if (sub.pendingCancellation) {
      const ended = subscriptionTransition("ended", stateOf(sub));
      if (!ended.ok) return null;
      await tx
        .update(subscriptions)
        .set({ status: 3, pendingCancellation: false, membershipStatus: "cancelled", nextChargeAt: null, scheduledChange: null, pastDueSince: null, updatedAt: now })
        .where(eq(subscriptions.id, id));
      await tx.insert(subscriptionRenewals).values({ subscriptionId: id, patientId: sub.patientId, periodStart: period, status: "ended" }).onConflictDoNothing();
      return "ended" as const;
    }
    await tx.insert(subscriptionRenewals).values({ subscriptionId: id, patientId: sub.patientId, periodStart: period }).onConflictDoNothing();
    const [renewal] = await tx
      .select()
      .from(subscriptionRenewals)
      .where(and(eq(subscriptionRenewals.subscriptionId, id), eq(subscriptionRenewals.periodStart, period)));
    return { sub, period, renewal: renewal! };
  });
  if (claim === null) return "notDue";
  if (claim === "ended") return "ended";
  const { sub, period, renewal } = claim;
  if (renewal.status === "failed" || renewal.status === "ended") return "skipped";
  if ((renewal.status === "declined" || renewal.status === "blocked") && renewal.nextRetryAt && renewal.nextRetryAt > now) return "skipped";

  // 2. Blockers: the prescription, the check-in, a card.
  const cards = await db.select({ id: paymentMethods.id, isPrimary: paymentMethods.isPrimary }).from(paymentMethods).where(eq(paymentMethods.userId, sub.patientId));
  const card = cardOf(sub, cards);
  const blocker = (await blockerOf(db, sub, period)) ?? (card ? null : "noPaymentMethod");
  if (blocker) {
    await db
      .update(subscriptionRenewals)
      .set({ status: "blocked", blocker, nextRetryAt: new Date(now.getTime() + BLOCKED_RECHECK_MS), updatedAt: now })
      .where(and(eq(subscriptionRenewals.id, renewal.id), inArray(subscriptionRenewals.status, ["pending", "blocked"])));
    return "blocked";
  }

  // 3. Invoice → charge → order, each keyed.
  cat ??= await catalogue(db);
  const items = renewalItems(
    await db.select({ variantId: subscriptionItems.variantId, quantity: subscriptionItems.quantity, isAddon: subscriptionItems.isAddon }).from(subscriptionItems).where(eq(subscriptionItems.subscriptionId, id)).orderBy(asc(subscriptionItems.id)),
    sub.scheduledChange as ScheduledChange | null,
  );
  const variants = items.map((i) => [i, cat.get(i.variantId)] as const).filter((p): p is readonly [Items[number], CatalogueRow] => Boolean(p[1]));
  const main = variants.find(([i]) => !i.isAddon)?.[1];
  const cycle = main?.periodMonths ?? sub.cycleMonths;
  const key = `renewal:${id}:${periodKey(period)}`;
  const invoice = await createInvoice(db, {
    userId: sub.patientId,
    lines: variants.map(([i, v]) => ({ description: `${v.productName} · ${v.variantName}`, unitAmountCents: v.priceCents, quantity: i.quantity })),
    periodStart: day(period),
    periodEnd: day(addMonths(period, cycle)),
    paymentMethodId: card!.id,
    subscriptionId: id,
    idempotencyKey: key,
  });
  let charge;
  try {
    charge = await chargeInvoice(db, billingProvider(), { invoiceId: invoice.id, idempotencyKey: `${key}:attempt:${renewal.declines + 1}`, paymentMethodId: card!.id });
  } catch (err) {
    if (!(err instanceof NoPaymentMethodError)) throw err;
    await db.update(subscriptionRenewals).set({ status: "blocked", blocker: "noPaymentMethod", nextRetryAt: new Date(now.getTime() + BLOCKED_RECHECK_MS), updatedAt: now }).where(eq(subscriptionRenewals.id, renewal.id));
    return "blocked";
  }

  if (charge.status === "declined") {
    const first = renewal.firstDeclinedAt ?? now;
    const declines = renewal.declines + 1;
    const retryAt = nextRetryAt(first, declines, RENEWAL_RETRY_DAYS);
    const recorded = await db.transaction(async (tx) => {
      // Guarded by the count it read: a second run of the same attempt records nothing more.
      const done = await tx
        .update(subscriptionRenewals)
        .set({ status: retryAt ? "declined" : "failed", declines, attempts: declines, firstDeclinedAt: first, nextRetryAt: retryAt, declineCode: charge.declineCode, invoiceId: invoice.id, blocker: null, updatedAt: now })
        .where(and(eq(subscriptionRenewals.id, renewal.id), eq(subscriptionRenewals.declines, renewal.declines)))
        .returning({ id: subscriptionRenewals.id });
      if (!done.length) return false;
      if (retryAt) {
        await tx.update(subscriptions).set({ pastDueSince: sql`coalesce(${subscriptions.pastDueSince}, ${now})`, updatedAt: now }).where(eq(subscriptions.id, id));
      } else {
        // Retries exhausted: not renewed (spec §4 NotRenewed). What was paid for before still ships.
        await tx.update(subscriptions).set({ status: 4, membershipStatus: "not_renewed", pastDueSince: null, nextChargeAt: null, scheduledChange: null, updatedAt: now }).where(eq(subscriptions.id, id));
      }
      return true;
    });
    if (recorded) await mailDeclined(deps, sub.patientId, retryAt);
    return retryAt ? "declined" : "failed";
  }

  const order = await createOrder(db, {
    patientId: sub.patientId,
    subscriptionId: id,
    invoiceId: invoice.id,
    items: variants.map(([i, v]) => ({ variantId: v.variantId, priceCents: v.priceCents, quantity: i.quantity })),
    idempotencyKey: key,
    source: "renewal",
  });
  // 4. The next period, once: guarded by the period this run renewed.
  await db.transaction(async (tx) => {
    const advanced = await tx
      .update(subscriptions)
      .set({ nextChargeAt: addMonths(period, cycle), cycleMonths: cycle, pastDueSince: null, scheduledChange: null, membershipStatus: "active", updatedAt: now })
      .where(and(eq(subscriptions.id, id), eq(subscriptions.nextChargeAt, period)))
      .returning({ id: subscriptions.id });
    if (advanced.length && sub.scheduledChange) {
      await tx.delete(subscriptionItems).where(eq(subscriptionItems.subscriptionId, id));
      await tx.insert(subscriptionItems).values(items.map((i) => ({ subscriptionId: id, variantId: i.variantId, quantity: i.quantity, isAddon: i.isAddon })));
    }
    await tx
      .update(subscriptionRenewals)
      .set({ status: "paid", invoiceId: invoice.id, orderId: order.id, nextRetryAt: null, blocker: null, updatedAt: now })
      .where(eq(subscriptionRenewals.id, renewal.id));
  });
  return "paid";
}

/** The patient's resume: a new period from the request, charged; Active when paid, still Paused (card decline) when not. */
export async function resumeSubscription(deps: JobDeps, id: number, now = new Date()): Promise<RenewalOutcome> {
  const { db } = deps;
  const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  if (!sub || sub.status !== 2 || !sub.resumeRequestedAt) return "skipped";
  const requested = sub.resumeRequestedAt;
  const cards = await db.select({ id: paymentMethods.id, isPrimary: paymentMethods.isPrimary }).from(paymentMethods).where(eq(paymentMethods.userId, sub.patientId));
  const card = cardOf(sub, cards);
  const cat = await catalogue(db);
  const items = await db.select({ variantId: subscriptionItems.variantId, quantity: subscriptionItems.quantity, isAddon: subscriptionItems.isAddon }).from(subscriptionItems).where(eq(subscriptionItems.subscriptionId, id)).orderBy(asc(subscriptionItems.id));
  const variants = items.map((i) => [i, cat.get(i.variantId)] as const).filter((p): p is readonly [Items[number], CatalogueRow] => Boolean(p[1]));
  const key = `resume:${id}:${periodKey(requested)}`;
  const declined = async (code: string) => {
    await db
      .update(subscriptions)
      .set({ resumeRequestedAt: null, pastDueSince: sql`coalesce(${subscriptions.pastDueSince}, ${now})`, updatedAt: now })
      .where(and(eq(subscriptions.id, id), eq(subscriptions.resumeRequestedAt, requested)));
    deps.logger.info("resume declined", { subscriptionId: id, code });
    return "declined" as const;
  };
  if (!card || variants.length === 0) return declined("no_payment_method");
  const invoice = await createInvoice(db, {
    userId: sub.patientId,
    lines: variants.map(([i, v]) => ({ description: `${v.productName} · ${v.variantName}`, unitAmountCents: v.priceCents, quantity: i.quantity })),
    periodStart: day(requested),
    periodEnd: day(addMonths(requested, sub.cycleMonths)),
    paymentMethodId: card.id,
    subscriptionId: id,
    idempotencyKey: key,
  });
  const charge = await chargeInvoice(db, billingProvider(), { invoiceId: invoice.id, idempotencyKey: `${key}:attempt:1`, paymentMethodId: card.id });
  if (charge.status === "declined") {
    await declined(charge.declineCode);
    await mailDeclined(deps, sub.patientId, null);
    return "declined";
  }
  await createOrder(db, { patientId: sub.patientId, subscriptionId: id, invoiceId: invoice.id, items: variants.map(([i, v]) => ({ variantId: v.variantId, priceCents: v.priceCents, quantity: i.quantity })), idempotencyKey: key, source: "renewal" });
  await db
    .update(subscriptions)
    .set({ status: 1, membershipStatus: "active", resumeRequestedAt: null, pausedAt: null, pastDueSince: null, nextChargeAt: addMonths(requested, sub.cycleMonths), updatedAt: now })
    .where(and(eq(subscriptions.id, id), eq(subscriptions.resumeRequestedAt, requested), eq(subscriptions.status, 2)));
  return "paid";
}

// ── The jobs (api/jobs/handlers.ts lists them) ────────────────────────────────────────────────────────────────

export const renewJob = defineJob<{ subscriptionId: number }>({
  name: RENEW_JOB,
  // "short": at most one queued renewal per subscription (singletonKey sub:{id}); a failing run is retried.
  queue: { policy: "short", retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 },
  work: { pollingIntervalSeconds: 0.5, batchSize: 40 },
  async run(jobs, deps) {
    // The catalogue once per batch; RENEW_CONCURRENCY renewals at a time (different subscriptions: the queue holds
    // one job per subscription, and each renewal is keyed and guarded on its own).
    const cat = await catalogue(deps.db);
    const queue = [...jobs];
    const lane = async () => {
      for (let job = queue.shift(); job; job = queue.shift()) await renewSubscription(deps, job.data.subscriptionId, new Date(), cat);
    };
    // Never more lanes than the pool can spare (deps.maxConnections): a worker that held every connection of a small
    // pool left the queue's own statements, and anything a lane waited on, without one (a stall until the job expired).
    await Promise.all(Array.from({ length: Math.min(RENEW_CONCURRENCY, deps.maxConnections, queue.length) }, lane));
  },
});

export const resumeJob = defineJob<{ subscriptionId: number }>({
  name: RESUME_JOB,
  queue: { policy: "short", retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 },
  work: { pollingIntervalSeconds: 0.5, batchSize: 5 },
  async run(jobs, deps) {
    for (const job of jobs) await resumeSubscription(deps, job.data.subscriptionId);
  },
});

export const scheduleJob = defineJob<object>({
  name: SCHEDULE_JOB,
  queue: { policy: "short", retryLimit: 2, retryDelay: 30, expireInSeconds: 600 },
  work: { pollingIntervalSeconds: 5, batchSize: 1 },
  cron: "* * * * *",
  async run(_jobs, deps) {
    await scheduleDueRenewals(deps);
  },
});
