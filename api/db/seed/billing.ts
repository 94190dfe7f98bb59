/**
 * Demo billing ledger (local billing provider): a billing customer for each demo patient and invoices over the
 * past months in several statuses of spec §4. Deterministic and relative to the seeding day; statuses agree
 * with the local provider's sync rules (api/domain/billing/local.ts), so a sync right after seeding changes
 * nothing: unpaid invoices are due in the future, or past due by less than 30 days, or written off long ago.
 */
import type { InvoiceStatus } from "../../contract/patient-account.ts";
import type { Db } from "../client.ts";
import * as t from "../schema.ts";

export type BillingSeedPatient = { userId: number; primaryPaymentMethodId: number | null; plan: "demo1" | "demo2" };

type Draft = { monthsAgo: number; status: InvoiceStatus; due: "issued+14" | { daysFromToday: number } | null; lines: [string, number, number][] };

const MEMBERSHIP: [string, number, number] = ["Weight loss program - monthly membership", 1, 9900];
const MEDICATION: [string, number, number] = ["Semaglutide 0.25 mg weekly, 4-week supply", 1, 19900];
const HAIR: [string, number, number] = ["Hair regrowth add-on (finasteride 1 mg, 30 tablets)", 1, 3900];
const SW: [string, number, number] = ["Sexual wellness plan - sildenafil 50 mg, 8 tablets", 1, 6400];
const CONSULT: [string, number, number] = ["Provider follow-up consultation", 1, 4900];

const PLANS: Record<BillingSeedPatient["plan"], Draft[]> = {
  demo1: [
    { monthsAgo: 5, status: "paid", due: "issued+14", lines: [MEMBERSHIP, MEDICATION] },
    { monthsAgo: 4, status: "not_paid", due: "issued+14", lines: [MEMBERSHIP, MEDICATION] },
    { monthsAgo: 3, status: "voided", due: "issued+14", lines: [MEMBERSHIP, MEDICATION, HAIR] },
    { monthsAgo: 2, status: "paid", due: "issued+14", lines: [MEMBERSHIP, MEDICATION, HAIR] },
    { monthsAgo: 1, status: "past_due", due: { daysFromToday: -12 }, lines: [MEMBERSHIP, MEDICATION, HAIR] },
    { monthsAgo: 0, status: "payment_due", due: { daysFromToday: 5 }, lines: [MEMBERSHIP, MEDICATION, HAIR, CONSULT] },
  ],
  demo2: [
    { monthsAgo: 2, status: "paid", due: "issued+14", lines: [SW] },
    { monthsAgo: 1, status: "posted", due: { daysFromToday: 3 }, lines: [SW, HAIR] },
    { monthsAgo: 0, status: "draft", due: null, lines: [SW, HAIR] },
  ],
};

const iso = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000);

export async function seedDemoBilling(db: Db, patients: readonly BillingSeedPatient[], now: number): Promise<void> {
  const today = new Date(now);
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth();
  await db.insert(t.billingCustomers).values(
    patients.map((p) => ({ userId: p.userId, provider: "local", providerCustomerId: `cus_local_demo_${p.userId}`, currency: "usd", createdAt: new Date(Date.UTC(y, m - 6, 1)) })),
  );
  for (const p of patients) {
    const drafts = PLANS[p.plan];
    for (const [n, d] of drafts.entries()) {
      const start = new Date(Date.UTC(y, m - d.monthsAgo, 1));
      const end = new Date(Date.UTC(y, m - d.monthsAgo + 1, 0));
      const dueOn = d.due === null ? null : d.due === "issued+14" ? iso(addDays(start, 14)) : iso(addDays(today, d.due.daysFromToday));
      const amount = d.lines.reduce((sum, [, q, unit]) => sum + q * unit, 0);
      const paid = d.status === "paid";
      const [row] = await db
        .insert(t.invoices)
        .values({
          userId: p.userId,
          provider: "local",
          providerInvoiceId: `in_local_demo_${p.userId}_${n + 1}`,
          number: `INV-${String(p.userId).padStart(5, "0")}-${String(n + 1).padStart(3, "0")}`,
          status: d.status,
          periodStart: iso(start),
          periodEnd: iso(end),
          amountCents: amount,
          amountPaidCents: paid ? amount : 0,
          currency: "usd",
          issuedOn: iso(start),
          dueOn,
          paidAt: paid ? addDays(start, 1) : null,
          paymentMethodId: d.status === "draft" ? null : p.primaryPaymentMethodId,
          createdAt: start,
          updatedAt: paid ? addDays(start, 1) : start,
        })
        .returning({ id: t.invoices.id });
      await db.insert(t.invoiceLines).values(
        d.lines.map(([description, quantity, unit], position) => ({ invoiceId: row!.id, position, description, quantity, unitAmountCents: unit, amountCents: quantity * unit })),
      );
    }
  }
}
