/**
 * Billing through the local provider: payment methods (add with test cards, the declining card, Luhn and
 * expiry errors, primary, delete), the portal session and sync, invoices and their PDF; object-level checks
 * (another patient's card or invoice is 404), staff refused, audit events.
 */
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq, sql } from "drizzle-orm";
import {
  CARD_DECLINED_MESSAGE,
  TEST_CARDS,
  luhnValid,
  type BillingSync,
  type Invoice,
  type PaymentMethod,
  type PaymentMethods,
  type PortalSession,
} from "../../api/contract/patient-account.ts";
import { auditEvents, billingPortalSessions, invoices, paymentMethods, subscriptions, users } from "../../api/db/schema.ts";
import { localInvoiceStatus } from "../../api/domain/billing/local.ts";
import { Client, LOGINS, signedIn, startTestApi, type TestApi } from "./harness.ts";
import { fetchBytes, pdfHex, pdfStreams } from "./patient-account-helpers.ts";

let api: TestApi;
let patient: Client;
let other: Client;
let patientId: number;
let otherId: number;
type Errors = { errors: Record<string, string[]> };
const nextYear = new Date().getUTCFullYear() + 1;

beforeAll(async () => {
  api = await startTestApi();
  patient = await signedIn(api.url, "patients");
  other = new Client(api.url);
  await other.login("patient2@demo.test");
  [{ id: patientId }] = await api.database.db.select({ id: users.id }).from(users).where(eq(users.email, LOGINS.patients));
  [{ id: otherId }] = await api.database.db.select({ id: users.id }).from(users).where(eq(users.email, "patient2@demo.test"));
});
afterAll(() => api?.close());

const card = (over: Record<string, unknown> = {}) => ({ cardNumber: "4242 4242 4242 4242", expMonth: 12, expYear: nextYear, cvc: "123", name: "Emma Carter", ...over });

async function cards(c: Client) {
  const r = await c.get<PaymentMethods>("/api/v2/profile/payment-methods");
  expect(r.status).toBe(200);
  return r.body.data!.paymentMethods;
}

async function lastAudit(action: string, userId = patientId) {
  const [row] = await api.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.actorId, userId)))
    .orderBy(desc(auditEvents.id))
    .limit(1);
  return row;
}

describe("payment methods", () => {
  it("lists the demo patient's cards, primary first: a Visa ending 4242, never a full number", async () => {
    const r = await patient.get<PaymentMethods>("/api/v2/profile/payment-methods");
    expect(r.body.data).toMatchObject({ provider: "local", acceptsCardNumbers: true });
    const [primary, ...rest] = r.body.data!.paymentMethods;
    expect(primary).toMatchObject({ brand: "visa", brandLabel: "Visa", last4: "4242", isPrimary: true, expired: false, holderName: "Emma Carter" });
    expect(rest.every((m) => !m.isPrimary)).toBe(true);
    expect(JSON.stringify(r.body)).not.toMatch(/\d{12,}/);
    expect(await lastAudit("payment_method.list")).toMatchObject({ patientId, outcome: "success" });
  });

  it("adds test cards of each brand, keeping only brand, last 4, expiry, name and a token", async () => {
    for (const [number, brand, cvc] of [
      [TEST_CARDS.mastercard, "mastercard", "123"],
      [TEST_CARDS.amex, "amex", "1234"],
      [TEST_CARDS.discover, "discover", "123"],
    ] as const) {
      const r = await patient.post<PaymentMethod>("/api/v2/profile/payment-methods", card({ cardNumber: number, cvc, expYear: String(nextYear).slice(2) }));
      expect(r.status, brand).toBe(200);
      expect(r.body.message).toBe("Your card has been added.");
      expect(r.body.data).toMatchObject({ brand, last4: number.slice(-4), expMonth: 12, expYear: nextYear, isPrimary: false });
    }
    const rows = await api.database.db.select().from(paymentMethods).where(eq(paymentMethods.userId, patientId));
    const dump = JSON.stringify(rows);
    for (const number of [TEST_CARDS.mastercard, TEST_CARDS.amex, TEST_CARDS.discover]) expect(dump).not.toContain(number);
    expect(dump).not.toContain("1234\"");
    expect(rows.every((r) => /^pm_(local|demo)_/.test(r.providerToken))).toBe(true);
    const added = await lastAudit("payment_method.add");
    expect(added).toMatchObject({ patientId, entityType: "payment_method", outcome: "success", meta: { brand: "discover", primary: false } });
  });

  it("declines the documented declining number with 402 and the card-declined notice, saving nothing", async () => {
    const before = (await cards(patient)).length;
    const r = await patient.post<{ code: string }>("/api/v2/profile/payment-methods", card({ cardNumber: TEST_CARDS.declined }));
    expect(r.status).toBe(402);
    expect(r.body.message).toBe(CARD_DECLINED_MESSAGE);
    expect(r.body.message).toBe("Your card was declined. Please contact your bank to approve the charge, then try again.");
    expect(r.body.data).toEqual({ code: "card_declined" });
    expect((await cards(patient)).length).toBe(before);
    expect(await lastAudit("payment_method.add")).toMatchObject({ outcome: "failure", meta: { reason: "card_declined" } });
  });

  it("checks the number (Luhn, brand), expiry, CVC and name, each with its own message", async () => {
    expect(luhnValid("4242424242424242")).toBe(true);
    expect(luhnValid("4242424242424241")).toBe(false);
    const lastMonth = new Date();
    lastMonth.setUTCDate(1);
    lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ cardNumber: "4242 4242 4242 4241" }, { cardNumber: ["Enter a valid card number"] }],
      [{ cardNumber: "1234" }, { cardNumber: ["Enter a valid card number"] }],
      [{ cardNumber: "9999 9999 9999 9995" }, { cardNumber: ["We accept Visa, Mastercard, American Express and Discover"] }],
      [{ expMonth: lastMonth.getUTCMonth() + 1, expYear: lastMonth.getUTCFullYear() }, { expMonth: ["This card has expired"] }],
      [{ expYear: 2001 }, { expMonth: ["This card has expired"] }],
      [{ expMonth: 13 }, { expMonth: ["Enter the expiry month (1–12)"] }],
      [{ expYear: "soon" }, { expYear: ["Enter the expiry year"] }],
      [{ cvc: "12" }, { cvc: ["Enter the 3-digit security code (4 digits for American Express)"] }],
      [{ cardNumber: TEST_CARDS.amex, cvc: "123" }, { cvc: ["Enter the 3-digit security code (4 digits for American Express)"] }],
      [{ name: "R2-D2" }, { name: ["Only letters, spaces, dashes and apostrophes are allowed"] }],
      [{ name: "" }, { name: ["Value is required"] }],
    ];
    for (const [over, errors] of cases) {
      const r = await patient.post<Errors>("/api/v2/profile/payment-methods", card(over));
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(r.body.data!.errors, JSON.stringify(over)).toEqual(errors);
    }
    const empty = await patient.post<Errors>("/api/v2/profile/payment-methods", {});
    expect(Object.keys(empty.body.data!.errors).sort()).toEqual(["cardNumber", "cvc", "expMonth", "expYear", "name"]);
  });

  it("makes another card primary: exactly one primary, and another patient's card is 404", async () => {
    const list = await cards(patient);
    const target = list.find((m) => !m.isPrimary)!;
    const r = await patient.put<PaymentMethods>("/api/v2/profile/primary-payment-method", { id: target.id });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe("Your primary card has been changed.");
    const after = r.body.data!.paymentMethods;
    expect(after[0]).toMatchObject({ id: target.id, isPrimary: true });
    expect(after.filter((m) => m.isPrimary).length).toBe(1);
    expect(await lastAudit("payment_method.primary")).toMatchObject({ entityId: String(target.id), outcome: "success" });

    const theirs = (await cards(other))[0];
    const denied = await patient.put("/api/v2/profile/primary-payment-method", { id: theirs.id });
    expect(denied.status).toBe(404);
    expect((await cards(other))[0]).toMatchObject({ id: theirs.id, isPrimary: theirs.isPrimary });
    expect((await patient.put("/api/v2/profile/primary-payment-method", { id: 2147483600 })).status).toBe(404);
    const invalid = await patient.put<Errors>("/api/v2/profile/primary-payment-method", { id: "abc" });
    expect(invalid.status).toBe(400);
    expect(invalid.body.data!.errors).toEqual({ id: ["Value is not valid"] });
  });

  it("adds a card as primary when asked", async () => {
    const r = await patient.post<PaymentMethod>("/api/v2/profile/payment-methods", card({ makePrimary: true, name: "Emma R. Carter" }));
    expect(r.body.data).toMatchObject({ isPrimary: true, last4: "4242", holderName: "Emma R. Carter" });
    expect((await cards(patient)).filter((m) => m.isPrimary).map((m) => m.id)).toEqual([r.body.data!.id]);
  });

  it("deletes a card; deleting the primary promotes the newest other card and moves subscriptions to it", async () => {
    const list = await cards(patient);
    const primary = list.find((m) => m.isPrimary)!;
    await api.database.db.update(subscriptions).set({ paymentMethodId: primary.id }).where(eq(subscriptions.patientId, patientId));
    const r = await patient.delete<PaymentMethods>("/api/v2/profile/payment-method", { id: primary.id });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe("Your card has been removed.");
    const after = r.body.data!.paymentMethods;
    expect(after.map((m) => m.id)).not.toContain(primary.id);
    const newest = [...list.filter((m) => m.id !== primary.id)].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id)[0];
    expect(after.filter((m) => m.isPrimary).map((m) => m.id)).toEqual([newest.id]);
    const subs = await api.database.db.select({ pm: subscriptions.paymentMethodId }).from(subscriptions).where(eq(subscriptions.patientId, patientId));
    expect(subs.length).toBeGreaterThan(0);
    expect(subs.every((s) => s.pm === newest.id)).toBe(true);
    expect(await lastAudit("payment_method.delete")).toMatchObject({ entityId: String(primary.id), meta: { promotedId: newest.id } });
  });

  it("takes the id in the query string too, and never deletes another patient's card", async () => {
    const theirs = (await cards(other))[0];
    const denied = await patient.delete("/api/v2/profile/payment-method", { id: theirs.id });
    expect(denied.status).toBe(404);
    expect((await cards(other)).map((m) => m.id)).toContain(theirs.id);
    expect(await lastAudit("payment_method.delete")).toMatchObject({ outcome: "denied", entityId: String(theirs.id) });
    const mine = (await cards(patient)).find((m) => !m.isPrimary)!;
    const r = await patient.delete<PaymentMethods>(`/api/v2/profile/payment-method?id=${mine.id}`);
    expect(r.status).toBe(200);
    expect(r.body.data!.paymentMethods.map((m) => m.id)).not.toContain(mine.id);
    expect((await patient.delete("/api/v2/profile/payment-method", {})).status).toBe(400);
  });

  it("lets the last card go (no primary left)", async () => {
    for (const m of await cards(patient)) expect((await patient.delete("/api/v2/profile/payment-method", { id: m.id })).status).toBe(200);
    expect(await cards(patient)).toEqual([]);
    const r = await patient.post<PaymentMethod>("/api/v2/profile/payment-methods", card());
    expect(r.body.data!.isPrimary).toBe(true);
  });

  it("limits card attempts to 10 an hour per patient (card testing)", async () => {
    let last = 0;
    for (let i = 0; i < 11; i++) last = (await other.post("/api/v2/profile/payment-methods", card({ cardNumber: TEST_CARDS.declined }))).status;
    expect(last).toBe(429);
    expect(await lastAudit("payment_method.add", otherId)).toMatchObject({ outcome: "denied", meta: { reason: "rate_limit", limit: "card:user" } });
  });
});

describe("billing portal and sync", () => {
  it("opens a one-time local portal session that the sync closes once", async () => {
    const r = await patient.get<PortalSession>("/api/v1/profile/portal-session");
    expect(r.status).toBe(200);
    const s = r.body.data!;
    expect(s.provider).toBe("local");
    expect(s.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(s.url).toBe(`/patient/account/payment-details?portalSession=${s.id}`);
    expect(s.returnUrl).toBe("/patient/account/billing");
    const ttl = Date.parse(s.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(3500_000);
    expect(ttl).toBeLessThanOrEqual(3600_000);
    const stored = await api.database.db.select().from(billingPortalSessions).where(eq(billingPortalSessions.userId, patientId));
    expect(JSON.stringify(stored)).not.toContain(s.id);
    expect(await lastAudit("billing.portal_session")).toMatchObject({ patientId });

    // Another patient cannot close it.
    const theirs = await other.put<BillingSync>("/api/v1/profile/chargebee-sync", { portalSessionId: s.id });
    expect(theirs.body.data!.portalSessionClosed).toBe(false);
    const sync = await patient.put<BillingSync>("/api/v1/profile/chargebee-sync", { portalSessionId: s.id });
    expect(sync.status).toBe(200);
    expect(sync.body.message).toBe("Your billing details are up to date.");
    expect(sync.body.data).toMatchObject({ provider: "local", portalSessionClosed: true, invoices: 6, invoicesUpdated: 0 });
    expect((await patient.put<BillingSync>("/api/v1/profile/chargebee-sync", { portalSessionId: s.id })).body.data!.portalSessionClosed).toBe(false);
    expect(await lastAudit("billing.sync")).toMatchObject({ patientId, meta: { invoicesUpdated: 0, portalSessionClosed: false } });
    const bad = await patient.put<Errors>("/api/v1/profile/chargebee-sync", { portalSessionId: "<script>" });
    expect(bad.status).toBe(400);
  });

  it("turns overdue invoices Past due, and long-overdue ones Not paid", async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const rows = await api.database.db.select().from(invoices).where(eq(invoices.userId, patientId)).orderBy(desc(invoices.periodStart));
    const [current, previous] = rows;
    expect(current.status).toBe("payment_due");
    expect(previous.status).toBe("past_due");
    await api.database.db.update(invoices).set({ status: "open", dueOn: day(-2) }).where(eq(invoices.id, current.id));
    await api.database.db.update(invoices).set({ dueOn: day(-45) }).where(eq(invoices.id, previous.id));
    const theirsBefore = await api.database.db.select().from(invoices).where(eq(invoices.userId, otherId)).orderBy(invoices.id);
    const sync = await patient.put<BillingSync>("/api/v1/profile/chargebee-sync", {});
    expect(sync.body.data).toMatchObject({ invoicesUpdated: 2, portalSessionClosed: false });
    const after = await api.database.db.select({ id: invoices.id, status: invoices.status }).from(invoices).where(eq(invoices.userId, patientId));
    expect(after.find((r) => r.id === current.id)!.status).toBe("past_due");
    expect(after.find((r) => r.id === previous.id)!.status).toBe("not_paid");
    // The other patient's invoices are not touched by this patient's sync.
    expect(await api.database.db.select().from(invoices).where(eq(invoices.userId, otherId)).orderBy(invoices.id)).toEqual(theirsBefore);
  });

  it("applies the local status rules", () => {
    expect(localInvoiceStatus("open", "2026-01-10", "2026-01-11")).toBe("past_due");
    expect(localInvoiceStatus("posted", "2026-01-10", "2026-01-10")).toBe("posted");
    expect(localInvoiceStatus("payment_due", "2026-01-10", "2026-02-09")).toBe("past_due");
    expect(localInvoiceStatus("payment_due", "2026-01-10", "2026-02-10")).toBe("not_paid");
    expect(localInvoiceStatus("past_due", "2026-01-10", "2026-02-10")).toBe("not_paid");
    expect(localInvoiceStatus("paid", "2026-01-10", "2027-01-10")).toBe("paid");
    expect(localInvoiceStatus("voided", "2026-01-10", "2027-01-10")).toBe("voided");
    expect(localInvoiceStatus("draft", null, "2027-01-10")).toBe("draft");
  });
});

describe("invoices", () => {
  it("lists the patient's invoices newest first with number, period, amount, status and lines", async () => {
    const r = await patient.get<Invoice[]>("/api/v1/profile/invoices");
    expect(r.status).toBe(200);
    expect(r.body.pages).toEqual({ totalCount: 6, page: 1, perPage: 10 });
    const list = r.body.data!;
    expect(list.length).toBe(6);
    const starts = list.map((i) => i.periodStart);
    expect(starts).toEqual([...starts].sort().reverse());
    expect(new Set(list.map((i) => i.status)).size).toBeGreaterThanOrEqual(4);
    for (const inv of list) {
      expect(inv.number).toMatch(/^INV-\d{5}-\d{3}$/);
      expect(inv.currency).toBe("usd");
      expect(inv.amountCents).toBe(inv.lines.reduce((s, l) => s + l.amountCents, 0));
      expect(inv.pdfUrl).toBe(`/api/v1/profile/invoices/${inv.id}/pdf`);
      expect(inv.periodEnd >= inv.periodStart).toBe(true);
    }
    const paid = list.find((i) => i.status === "paid")!;
    expect(paid).toMatchObject({ statusLabel: "Paid", amountDueCents: 0, amountPaidCents: paid.amountCents });
    expect(paid.paidAt).not.toBeNull();
    expect(list.find((i) => i.status === "voided")!.amountDueCents).toBe(0);
    expect(await lastAudit("invoice.list")).toMatchObject({ patientId, meta: { page: 1, count: 6 } });
  });

  it("pages, and refuses a bad page size", async () => {
    const page2 = await patient.get<Invoice[]>("/api/v1/profile/invoices?page=2&perPage=4");
    expect(page2.body.pages).toEqual({ totalCount: 6, page: 2, perPage: 4 });
    expect(page2.body.data!.length).toBe(2);
    for (const q of ["perPage=0", "perPage=51", "page=0", "page=x"]) expect((await patient.get(`/api/v1/profile/invoices?${q}`)).status, q).toBe(400);
    const theirs = await other.get<Invoice[]>("/api/v1/profile/invoices");
    expect(theirs.body.pages!.totalCount).toBe(3);
    expect(theirs.body.data!.map((i) => i.status).sort()).toEqual(["draft", "paid", "posted"]);
  });

  it("downloads an invoice as a real PDF with its number, patient and total", async () => {
    const [inv] = (await patient.get<Invoice[]>("/api/v1/profile/invoices")).body.data!;
    const r = await fetchBytes(patient, inv.pdfUrl);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("application/pdf");
    expect(r.headers.get("content-disposition")).toBe(`attachment; filename="invoice-${inv.number}.pdf"`);
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(r.bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const doc = await PDFDocument.load(r.bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe(`Invoice ${inv.number}`);
    const drawn = pdfStreams(r.bytes).join("\n");
    const total = `$${(inv.amountCents / 100).toFixed(2)}`.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
    for (const text of [inv.number, "Telehealth Clinic", "Emma Carter", LOGINS.patients, inv.statusLabel, total, inv.lines[0].description]) {
      expect(drawn, text).toContain(pdfHex(text));
    }
    expect(await lastAudit("invoice.pdf")).toMatchObject({ patientId, entityId: String(inv.id), outcome: "success" });
  });

  it("answers 404 'Cannot download invoice' for another patient's invoice or an unknown id", async () => {
    const [theirs] = (await other.get<Invoice[]>("/api/v1/profile/invoices")).body.data!;
    for (const path of [theirs.pdfUrl, "/api/v1/profile/invoices/2147483600/pdf", "/api/v1/profile/invoices/abc/pdf"]) {
      const r = await patient.get(path);
      expect(r.status, path).toBe(404);
      expect(r.body.message).toBe("Cannot download invoice");
    }
    expect(await lastAudit("invoice.pdf")).toMatchObject({ outcome: "denied" });
    const [{ n }] = await api.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "invoice.pdf"), eq(auditEvents.outcome, "denied"), eq(auditEvents.actorId, patientId)));
    expect(n).toBe(3);
  });
});

describe("who may call", () => {
  const calls: [string, string, unknown?][] = [
    ["GET", "/api/v2/profile/payment-methods"],
    ["POST", "/api/v2/profile/payment-methods", card()],
    ["PUT", "/api/v2/profile/primary-payment-method", { id: 1 }],
    ["DELETE", "/api/v2/profile/payment-method", { id: 1 }],
    ["GET", "/api/v1/profile/portal-session"],
    ["PUT", "/api/v1/profile/chargebee-sync", {}],
    ["GET", "/api/v1/profile/invoices"],
    ["GET", "/api/v1/profile/invoices/1/pdf"],
  ];

  it("refuses every staff role (403) and guests (401)", async () => {
    for (const role of ["providers", "providerUsers", "customerSupport", "customerSupportManagers", "medicalSupport", "medicalSupportManagers", "guest"] as const) {
      const c = await signedIn(api.url, role);
      for (const [method, path, body] of calls) {
        const r = await c.request(method, path, body);
        expect(r.status, `${role} ${method} ${path}`).toBe(role === "guest" ? 401 : 403);
      }
    }
  });

  it("documents every patient-account call in /api/openapi.json", async () => {
    const doc = (await patient.get<never>("/api/openapi.json")).body as unknown as { paths: Record<string, Record<string, { description: string; responses: Record<string, { content?: Record<string, unknown> }> }>> };
    for (const [method, path] of [...calls, ["POST", "/actions/users/save-address"], ["POST", "/api/v1/profile/avatar"], ["DELETE", "/api/v1/profile/avatar"], ["GET", "/api/v1/avatars/1"]]) {
      const key = path.replace(/\/1\/pdf$/, "/{id}/pdf").replace(/avatars\/1$/, "avatars/{key}");
      const op = doc.paths[key]?.[method.toLowerCase()];
      expect(op, `${method} ${key}`).toBeDefined();
    }
    expect(doc.paths["/api/v1/profile/invoices/{id}/pdf"].get.responses[200].content).toHaveProperty("application/pdf");
    expect(doc.paths["/api/v2/profile/payment-methods"].post.description).toContain("Roles: patients.");
  });

  it("needs the CSRF token for every change", async () => {
    for (const [method, path, body] of calls.filter(([m]) => m !== "GET")) {
      expect((await patient.request(method, path, body, { csrf: false })).status, path).toBe(403);
    }
  });
});
