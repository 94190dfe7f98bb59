/**
 * Subscriptions self-service and the staff renewals list (issue 16 part B; api/routes/subscriptions.ts): each call ×
 * role, a patient never reaches another's subscription (404), every refusal of the state machine 409 with its code
 * (spec §8 'Subscription is not active or not future'), bad input 400 with field codes (a plan must be selected, an
 * add-on of another period), the cancellation flow (reason → one-time offer → confirmation), pause / resume /
 * re-activate, and the renewals list (cursor, blockers, scoped).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import * as schema from "../../api/db/schema.ts";
import { ROLES, type Role } from "../../api/contract/roles.ts";
import { permissions } from "../../api/domain/permissions.ts";
import type { Renewal, Subscription, SubscriptionProducts } from "../../api/contract/subscriptions.ts";
import { canSeePatient } from "../../api/domain/patient-access.ts";
import { Client, LOGINS, signedIn, startTestApi, type TestApi } from "./harness.ts";
import { freshSubscription, variantId } from "./subscription-helpers.ts";

let api: TestApi;
const clients = new Map<Role, Client>();
let emma = 0;
let liam = 0;
const db = () => api.database.db;
const patient = () => clients.get("patients")!;
async function idOf(email: string) {
  return (await db().select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, email)))[0]!.id;
}
const subRow = async (id: number) => (await db().select().from(schema.subscriptions).where(eq(schema.subscriptions.id, id)))[0]!;
const lastAudit = async (action: string) =>
  (await db().select().from(schema.auditEvents).where(eq(schema.auditEvents.action, action)).orderBy(desc(schema.auditEvents.id)).limit(1))[0];

beforeAll(async () => {
  api = await startTestApi();
  for (const role of ROLES) clients.set(role, await signedIn(api.url, role as keyof typeof LOGINS | "guest"));
  emma = await idOf(LOGINS.patients);
  liam = await idOf("patient2@demo.test");
});
afterAll(() => api?.close());

describe("who may call", () => {
  it("the self-service calls are the patient's; the renewals list every staff role's; a guest 401", async () => {
    for (const role of ROLES) {
      const mine = await clients.get(role)!.get("/api/v2/subscriptions");
      expect(mine.status, role).toBe(role === "patients" ? 200 : role === "guest" ? 401 : 403);
      const list = await clients.get(role)!.get("/api/v1/renewals");
      expect(list.status, role).toBe(role === "guest" ? 401 : role === "patients" ? 403 : 200);
    }
    expect(permissions["GET /api/v1/renewals"].roles).not.toContain("patients");
  });
  it("another patient's subscription or treatment answers 404 like an unknown id, and changes nothing", async () => {
    const s = await freshSubscription(db(), liam);
    const p = patient();
    expect((await p.put(`/api/v2/treatments/${s.treatmentId}/change-plan`, { variantId: await variantId(db(), "compounded-semaglutide", 3) })).status).toBe(404);
    expect((await p.put(`/api/v2/subscriptions/${s.subscriptionId}/update`, { action: "pause" })).status).toBe(404);
    expect((await p.put(`/api/v2/subscriptions/${s.subscriptionId}/none/cancel`, { reason: "other", note: "x" })).status).toBe(404);
    expect((await p.post(`/api/v2/subscriptions/${s.subscriptionId}/cancel-scheduled-changes`, {})).status).toBe(404);
    expect((await p.get(`/api/v1/retention/get-key?treatmentId=${s.treatmentId}`)).status).toBe(404);
    expect((await p.put(`/api/v2/subscriptions/999999999/update`, { action: "pause" })).status).toBe(404);
    expect((await subRow(s.subscriptionId)).status).toBe(1);
  });
});

describe("the patient's subscriptions", () => {
  it("lists the demo patient's own with plan, add-ons, next charge, card and what each may change to", async () => {
    const r = await patient().get<{ subscriptions: Subscription[] }>("/api/v2/subscriptions");
    expect(r.status).toBe(200);
    const subs = r.body.data!.subscriptions;
    expect(subs.length).toBeGreaterThan(0);
    const active = subs.find((s) => s.plan?.productName === "Compounded Tirzepatide" && s.status === 1)!;
    expect(active.label).toBe("active");
    expect(active.addons.length).toBeGreaterThan(0);
    expect(active.nextChargeAt).toBeTruthy();
    expect(active.paymentMethod?.last4).toMatch(/^\d{4}$/);
    expect(active.addonOptions.every((a) => a.periodMonths === active.plan!.periodMonths)).toBe(true);
    expect(active.can).toMatchObject({ changePlan: true, pause: true, cancel: true, reactivate: false, resume: false });
  });
});

describe("GET /api/v2/products/subscription: the plans a subscription may change to", () => {
  type Answer = { subscriptions: SubscriptionProducts[] };
  const products = (c: Client, query = "") => c.get<Answer>(`/api/v2/products/subscription${query ? `?${query}` : ""}`);
  const fieldCodeOf = (r: { body: { data?: unknown } }, field: string) => (r.body.data as { fieldCodes: Record<string, { code: string }[]> }).fieldCodes[field]![0]!.code;
  let liamClient: Client;
  beforeAll(async () => {
    liamClient = new Client(api.url);
    await liamClient.login("patient2@demo.test");
  });
  /** A patient the provider (providerUsers) may not see. */
  async function hiddenFromProvider(): Promise<number> {
    const provider = await idOf(LOGINS.providerUsers);
    const candidates = await db().select({ id: schema.patients.userId }).from(schema.patients).orderBy(desc(schema.patients.userId)).limit(200);
    for (const c of candidates) if (!(await canSeePatient(db(), { id: provider, role: "providerUsers" }, c.id))) return c.id;
    throw new Error("the provider sees every patient");
  }

  it("each role: the patient their own; staff one named subscription of a patient they see (400 without one); a guest 401", async () => {
    const s = await freshSubscription(db(), emma);
    for (const role of ROLES) {
      const c = clients.get(role)!;
      const bare = await products(c);
      const named = await products(c, `subscriptionId=${s.subscriptionId}`);
      if (role === "guest") {
        expect([bare.status, named.status], role).toEqual([401, 401]);
      } else if (role === "patients") {
        expect(bare.status).toBe(200);
        expect(bare.body.data!.subscriptions.some((x) => x.subscriptionId === s.subscriptionId)).toBe(true);
        expect(named.status).toBe(200);
        expect(named.body.data!.subscriptions.map((x) => x.subscriptionId)).toEqual([s.subscriptionId]);
      } else {
        expect(bare.status, role).toBe(400);
        expect(fieldCodeOf(bare, "subscriptionId"), role).toBe("validation.required");
        // Every staff role sees the demo patient: the same plans she gets, read-only, audited.
        expect(named.status, role).toBe(200);
        expect(named.body.data!.subscriptions[0]!.plans.length, role).toBeGreaterThan(0);
        const audit = await lastAudit("subscription.products");
        expect(audit, role).toMatchObject({ actorRole: role, patientId: emma, entityId: String(s.subscriptionId) });
        const byTreatment = await products(c, `treatmentId=${s.treatmentId}`);
        expect(byTreatment.body.data!.subscriptions.map((x) => x.subscriptionId), role).toEqual([s.subscriptionId]);
      }
    }
    expect(permissions["GET /api/v2/products/subscription"].roles).toContain("patients");
  });

  it("object level: another patient's subscription or treatment, or an unknown one, answers 404; a provider's unseen patient 404", async () => {
    const other = await freshSubscription(db(), liam);
    for (const q of [`subscriptionId=${other.subscriptionId}`, `treatmentId=${other.treatmentId}`, "subscriptionId=999999999"]) {
      const r = await products(patient(), q);
      expect(r.status, q).toBe(404);
      expect(r.body.code).toBe("subscriptions.notFound");
    }
    expect((await products(patient(), "subscriptionId=abc")).status).toBe(400);
    const hidden = await freshSubscription(db(), await hiddenFromProvider());
    expect((await products(clients.get("providerUsers")!, `subscriptionId=${hidden.subscriptionId}`)).status).toBe(404);
    expect((await products(clients.get("providers")!, `subscriptionId=${hidden.subscriptionId}`)).status).toBe(200);
  });

  it("offers the journey's live plans but the current one, with price per month, total and direction; never a product not live", async () => {
    const s = await freshSubscription(db(), emma, { addon: true });
    const r = await products(patient(), `subscriptionId=${s.subscriptionId}`);
    const mine = r.body.data!.subscriptions[0]!;
    const current = await variantId(db(), "compounded-tirzepatide", 3);
    expect(mine).toMatchObject({ subscriptionId: s.subscriptionId, treatmentId: s.treatmentId, sectionType: 1, currentVariantId: current, changePlan: true });
    const names = mine.plans.map((p) => `${p.productName} · ${p.periodMonths}`);
    expect(names).toEqual(
      expect.arrayContaining(["Compounded Tirzepatide · 6", "Compounded Tirzepatide · 12", "Compounded Semaglutide · 3", "Compounded Semaglutide · 6", "Zepbound (branded) · 12"]),
    );
    expect(mine.plans.some((p) => p.variantId === current)).toBe(false);
    expect(mine.plans.some((p) => p.productName === "Oral Semaglutide")).toBe(false);
    expect(mine.plans.every((p) => p.productName !== "Sildenafil" && p.productName !== "Ondansetron (anti-nausea)")).toBe(true);
    const sema = mine.plans.find((p) => p.productName === "Compounded Semaglutide" && p.periodMonths === 3)!;
    expect(sema).toMatchObject({ priceCents: 89700, monthlyCents: 29900, direction: "downgrade", removesAddons: true, dosageCycle: ["0.25mg", "0.5mg", "1mg"] });
    const zep = mine.plans.find((p) => p.productName === "Zepbound (branded)" && p.periodMonths === 3)!;
    expect(zep.direction).toBe("upgrade");
    // A longer plan of the same product: cheaper per month, and the add-ons (of another period) go.
    expect(mine.plans.find((p) => p.productName === "Compounded Tirzepatide" && p.periodMonths === 6)).toMatchObject({ direction: "downgrade", removesAddons: true });
  });

  it("filters by search: product, plan name, a step of the dosage cycle; case-insensitive; no match keeps the subscription with no plans", async () => {
    const s = await freshSubscription(db(), emma);
    const plansFor = async (search: string) => (await products(patient(), `subscriptionId=${s.subscriptionId}&search=${encodeURIComponent(search)}`)).body.data!.subscriptions[0]!.plans;
    expect((await plansFor("SEMAGLUTIDE")).map((p) => p.productName)).toEqual(["Compounded Semaglutide", "Compounded Semaglutide", "Compounded Semaglutide"]);
    expect((await plansFor("12-month")).every((p) => p.periodMonths === 12)).toBe(true);
    expect((await plansFor("12-month")).length).toBe(3);
    expect((await plansFor("7.5mg")).map((p) => `${p.productName} · ${p.periodMonths}`)).toEqual(["Compounded Tirzepatide · 6", "Compounded Tirzepatide · 12"]);
    expect(await plansFor("no such plan")).toEqual([]);
    const all = await products(patient(), "search=zepbound");
    expect(all.body.data!.subscriptions.length).toBeGreaterThan(1);
    expect(all.body.data!.subscriptions.flatMap((x) => x.plans).every((p) => p.productName === "Zepbound (branded)")).toBe(true);
    const tooLong = await products(patient(), `search=${"x".repeat(101)}`);
    expect(tooLong.status).toBe(400);
    expect(fieldCodeOf(tooLong, "search")).toBe("validation.maxLength");
  });

  it("as the pharmacy decides: a product not offered in the patient's state, or without an approved treatment, is neither listed nor accepted", async () => {
    const s = await freshSubscription(db(), liam);
    await db().delete(schema.addresses).where(eq(schema.addresses.userId, liam));
    await db().insert(schema.addresses).values({ userId: liam, addressType: "shipping", title: "Home", addressFirstName: "Liam", addressLastName: "Test", addressLine1: "1 Main St", locality: "New Orleans", administrativeArea: "LA", postalCode: "70112" });
    const inLa = (await products(liamClient, `subscriptionId=${s.subscriptionId}`)).body.data!.subscriptions[0]!;
    expect(inLa.plans.length).toBeGreaterThan(0);
    expect(inLa.plans.every((p) => p.productName === "Zepbound (branded)")).toBe(true);
    const sema = await variantId(db(), "compounded-semaglutide", 3);
    const refused = await liamClient.put(`/api/v2/treatments/${s.treatmentId}/change-plan`, { variantId: sema });
    expect(refused.status).toBe(400);
    expect(fieldCodeOf(refused, "variantId")).toBe("subscriptions.productUnavailable");
    expect((refused.body.data as { errors: Record<string, string[]> }).errors.variantId).toEqual(["Product unavailable in your state"]);
    await db().delete(schema.addresses).where(eq(schema.addresses.userId, liam));
    // No approved weight-loss treatment any more: prescription-only plans are not offered, and not accepted.
    await db().update(schema.treatments).set({ reviewStatus: "cancelled" }).where(and(eq(schema.treatments.patientId, liam), eq(schema.treatments.sectionType, 1)));
    const noRx = (await products(liamClient, `treatmentId=${s.treatmentId}`)).body.data!.subscriptions[0]!;
    expect(noRx).toMatchObject({ changePlan: false, plans: [] });
    const r = await liamClient.put(`/api/v2/treatments/${s.treatmentId}/change-plan`, { variantId: sema });
    expect(fieldCodeOf(r, "variantId")).toBe("subscriptions.prescriptionRequired");
    expect((await subRow(s.subscriptionId)).scheduledChange).toBeNull();
    await db().update(schema.treatments).set({ reviewStatus: "approved" }).where(eq(schema.treatments.id, s.treatmentId));
  });

  it("a subscription the state machine will not change (cancelled) offers nothing", async () => {
    const s = await freshSubscription(db(), emma, { status: 3, nextChargeAt: null });
    const r = await products(patient(), `subscriptionId=${s.subscriptionId}`);
    expect(r.body.data!.subscriptions[0]).toMatchObject({ subscriptionId: s.subscriptionId, changePlan: false, plans: [] });
    const view = (await patient().get<{ subscriptions: Subscription[] }>("/api/v2/subscriptions")).body.data!.subscriptions.find((x) => x.id === s.subscriptionId)!;
    expect(view.can.changePlan).toBe(false);
  });
});

describe("plan changes (spec §4: at the next renewal, cancellable)", () => {
  it("schedules a downgrade to another product with the add-on warning, then cancels it", async () => {
    const s = await freshSubscription(db(), emma, { addon: true });
    const target = await variantId(db(), "compounded-semaglutide", 3);
    const r = await patient().put<{ subscription: Subscription }>(`/api/v2/treatments/${s.treatmentId}/change-plan`, { variantId: target });
    expect(r.status).toBe(200);
    expect(r.body.code).toBe("subscriptions.planChangeScheduled");
    const change = r.body.data!.subscription.scheduledChange!;
    expect(change).toMatchObject({ variantId: target, direction: "downgrade", removesAddons: true, kind: "planChange" });
    expect(change.effectiveAt).toBe(new Date((await subRow(s.subscriptionId)).nextChargeAt!).toISOString());
    // The plan itself is unchanged until the renewal; the next amount is the new plan's without add-ons.
    expect(r.body.data!.subscription.plan!.productName).toBe("Compounded Tirzepatide");
    expect(r.body.data!.subscription.can.cancelScheduledChange).toBe(true);
    expect((await lastAudit("subscription.changePlan"))?.entityId).toBe(String(s.subscriptionId));
    const undo = await patient().post<{ subscription: Subscription }>(`/api/v2/subscriptions/${s.subscriptionId}/cancel-scheduled-changes`, {});
    expect(undo.status).toBe(200);
    expect(undo.body.data!.subscription.scheduledChange).toBeNull();
    const again = await patient().post(`/api/v2/subscriptions/${s.subscriptionId}/cancel-scheduled-changes`, {});
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("subscriptions.noScheduledChange");
  });
  it("refuses a plan change of a cancelled subscription: 409 'Subscription is not active or not future', nothing changed", async () => {
    const s = await freshSubscription(db(), emma, { status: 3, nextChargeAt: null });
    const r = await patient().put(`/api/v2/treatments/${s.treatmentId}/change-plan`, { variantId: await variantId(db(), "compounded-semaglutide", 3) });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe("subscriptions.notActiveOrFuture");
    expect(r.body.message).toBe("Subscription is not active or not future");
    expect((await subRow(s.subscriptionId)).scheduledChange).toBeNull();
  });
  it("bad input: no plan, the same plan, another journey's plan, a product not live", async () => {
    const s = await freshSubscription(db(), emma);
    const put = (body: unknown) => patient().put(`/api/v2/treatments/${s.treatmentId}/change-plan`, body);
    const codeOf = (r: Awaited<ReturnType<typeof put>>) => (r.body.data as { fieldCodes: Record<string, { code: string }[]> }).fieldCodes.variantId![0]!.code;
    expect(codeOf(await put({}))).toBe("subscriptions.planRequired");
    expect(codeOf(await put({ variantId: await variantId(db(), "compounded-tirzepatide", 3) }))).toBe("subscriptions.samePlan");
    expect(codeOf(await put({ variantId: await variantId(db(), "sildenafil", 3) }))).toBe("subscriptions.planNotOffered");
    const notLive = await put({ variantId: await variantId(db(), "oral-semaglutide", 3) });
    expect(notLive.status).toBe(400);
    expect(codeOf(notLive)).toBe("subscriptions.productNotLive");
    expect((notLive.body.data as { errors: Record<string, string[]> }).errors.variantId).toEqual(["Product is not enabled (not live)"]);
    expect((await subRow(s.subscriptionId)).scheduledChange).toBeNull();
  });
});

describe("add-ons (spec §5: the period must match the main plan)", () => {
  it("adds an add-on of the same period and removes it; refuses another period and one already there", async () => {
    const s = await freshSubscription(db(), emma);
    const add = (variant: number) => patient().post<{ subscription: Subscription }>(`/api/v1/treatments/${s.treatmentId}/add-addon`, { variantId: variant });
    const other = await add(await variantId(db(), "vitamin-b12", 6));
    expect(other.status).toBe(400);
    expect((other.body.data as unknown as { fieldCodes: Record<string, { code: string }[]> }).fieldCodes.variantId![0]!.code).toBe("subscriptions.addonPeriod");
    const ok = await add(await variantId(db(), "vitamin-b12", 3));
    expect(ok.status).toBe(200);
    const item = ok.body.data!.subscription.addons[0]!;
    expect(item.productName).toBe("Vitamin B12 injection");
    expect((await add(await variantId(db(), "vitamin-b12", 3))).status).toBe(400);
    const removed = await patient().put<{ subscription: Subscription }>(`/api/v1/treatments/${s.treatmentId}/remove-addon`, { subscriptionItemId: item.itemId });
    expect(removed.status).toBe(200);
    expect(removed.body.data!.subscription.addons).toEqual([]);
    expect((await patient().put(`/api/v1/treatments/${s.treatmentId}/remove-addon`, { subscriptionItemId: item.itemId })).status).toBe(400);
  });
});

describe("cancellation (spec §4: reason → one-time offer → confirmation; access until the end date)", () => {
  it("needs a reason; refuses to cancel past the open offer; declining the offer cancels with access until the end date", async () => {
    const s = await freshSubscription(db(), emma);
    const noReason = await patient().put(`/api/v2/subscriptions/${s.subscriptionId}/none/cancel`, {});
    expect(noReason.status).toBe(400);
    expect((noReason.body.data as { fieldCodes: Record<string, { code: string }[]> }).fieldCodes.reason![0]!.code).toBe("subscriptions.reasonRequired");
    const offer = await patient().get<{ key: string; offer: { productName: string } }>(`/api/v1/retention/get-key?treatmentId=${s.treatmentId}`);
    expect(offer.body.data!.offer.productName).toBe("Compounded Semaglutide");
    const skipped = await patient().put(`/api/v2/subscriptions/${s.subscriptionId}/none/cancel`, { reason: "tooExpensive" });
    expect(skipped.status).toBe(409);
    expect(skipped.body.code).toBe("subscriptions.offerFirst");
    const r = await patient().put<{ subscription: Subscription }>(`/api/v2/subscriptions/${s.subscriptionId}/${offer.body.data!.key}/cancel`, { reason: "tooExpensive" });
    expect(r.status).toBe(200);
    const sub = r.body.data!.subscription;
    expect(sub).toMatchObject({ status: 1, pendingCancellation: true, label: "pending_cancellation" });
    expect(sub.endsAt).toBe(sub.nextChargeAt);
    const row = await subRow(s.subscriptionId);
    expect(row.cancelReason).toBe("tooExpensive");
    expect(row.retentionOfferUsedAt).not.toBeNull();
    // One-time: the offer is gone; cancelling twice is refused; re-activation withdraws the cancellation.
    expect((await patient().get<{ key: null }>(`/api/v1/retention/get-key?treatmentId=${s.treatmentId}`)).body.data!.key).toBeNull();
    expect((await patient().put(`/api/v2/subscriptions/${s.subscriptionId}/none/cancel`, { reason: "tooExpensive" })).body.code).toBe("subscriptions.pendingCancellation");
    const back = await patient().put<{ subscription: Subscription }>(`/api/v2/subscriptions/${s.subscriptionId}/update`, { action: "reactivate" });
    expect(back.status).toBe(200);
    expect(back.body.data!.subscription).toMatchObject({ pendingCancellation: false, label: "active", endsAt: null });
  });
  it("accepting the offer schedules the maintenance plan for the next renewal; the offer cannot be used twice", async () => {
    const s = await freshSubscription(db(), emma, { addon: true });
    const offer = await patient().get<{ key: string; offer: { variantId: number } }>(`/api/v1/retention/get-key?treatmentId=${s.treatmentId}`);
    const r = await patient().put<{ subscription: Subscription }>(`/api/v2/subscriptions/${s.subscriptionId}/update`, { action: "acceptRetention", key: offer.body.data!.key });
    expect(r.status).toBe(200);
    expect(r.body.code).toBe("subscriptions.retentionAccepted");
    expect(r.body.data!.subscription.scheduledChange).toMatchObject({ kind: "retention", variantId: offer.body.data!.offer.variantId, removesAddons: true });
    const twice = await patient().put(`/api/v2/subscriptions/${s.subscriptionId}/update`, { action: "acceptRetention", key: offer.body.data!.key });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe("subscriptions.retentionUsed");
  });
  it("a paused subscription ends at once; a note is required for 'other'", async () => {
    const s = await freshSubscription(db(), emma, { status: 2, nextChargeAt: null, retentionOfferUsedAt: new Date() });
    const other = await patient().put(`/api/v2/subscriptions/${s.subscriptionId}/none/cancel`, { reason: "other" });
    expect(other.status).toBe(400);
    const r = await patient().put<{ subscription: Subscription }>(`/api/v2/subscriptions/${s.subscriptionId}/none/cancel`, { reason: "other", note: "Moving abroad" });
    expect(r.body.data!.subscription).toMatchObject({ status: 3, label: "expired" });
  });
});

describe("pause, resume and re-activation", () => {
  it("pauses an active subscription; refuses to pause twice; resume answers at once and records the request", async () => {
    const s = await freshSubscription(db(), emma);
    const paused = await patient().put<{ subscription: Subscription }>(`/api/v2/subscriptions/${s.subscriptionId}/update`, { action: "pause" });
    expect(paused.body.data!.subscription).toMatchObject({ status: 2, label: "paused", nextChargeAt: null });
    const twice = await patient().put(`/api/v2/subscriptions/${s.subscriptionId}/update`, { action: "pause" });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe("subscriptions.notActive");
    const resumed = await patient().put<{ subscription: Subscription }>(`/api/v2/subscriptions/${s.subscriptionId}/update`, { action: "resume" });
    expect(resumed.status).toBe(200);
    expect(resumed.body.code).toBe("subscriptions.resumeRequested");
    expect(resumed.body.data!.subscription.resumeRequestedAt).toBeTruthy();
    expect((await patient().put(`/api/v2/subscriptions/${s.subscriptionId}/update`, { action: "resume" })).body.code).toBe("subscriptions.resumePending");
  });
  it("resuming or re-activating without a card: 409 'No payment source in subscription'", async () => {
    const p3 = await idOf("test-patient-1@demo.test").catch(() => 0);
    const patientId = p3 || liam;
    await db().delete(schema.paymentMethods).where(eq(schema.paymentMethods.userId, patientId));
    const s = await freshSubscription(db(), patientId, { status: 2, nextChargeAt: null });
    const client = new Client(api.url);
    await client.login(p3 ? "test-patient-1@demo.test" : "patient2@demo.test");
    const r = await client.put(`/api/v2/subscriptions/${s.subscriptionId}/update`, { action: "resume" });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe("No payment source in subscription");
    expect((await subRow(s.subscriptionId)).resumeRequestedAt).toBeNull();
  });
});

describe("the staff renewals list", () => {
  it("lists upcoming renewals by next charge with blockers, cursor-paged without repeats", async () => {
    const pastDue = await freshSubscription(db(), emma, { pastDueSince: new Date(), nextChargeAt: new Date(Date.now() - 3_600_000) });
    const manager = clients.get("providers")!;
    const first = await manager.get<Renewal[]>("/api/v1/renewals?perPage=5");
    expect(first.status).toBe(200);
    const items = first.body.data!;
    expect(items.length).toBe(5);
    const dates = items.map((r) => r.nextChargeAt);
    expect([...dates].sort()).toEqual(dates);
    const mine = items.find((r) => r.subscriptionId === pastDue.subscriptionId)!;
    expect(mine.blockers).toContain("cardDeclined");
    expect(mine.blockers).toContain("checkIn");
    const next = await manager.get<Renewal[]>(`/api/v1/renewals?perPage=5&cursor=${(first.body.pages as unknown as { nextCursor: string }).nextCursor}`);
    expect(next.body.data!.some((r) => items.some((i) => i.subscriptionId === r.subscriptionId))).toBe(false);
    expect((await manager.get("/api/v1/renewals?cursor=nonsense")).status).toBe(400);
  });
  it("a provider sees only the patients they may see", async () => {
    const provider = clients.get("providerUsers")!;
    const all = await clients.get("providers")!.get<Renewal[]>("/api/v1/renewals?perPage=100");
    const scoped = await provider.get<Renewal[]>("/api/v1/renewals?perPage=100");
    expect(scoped.status).toBe(200);
    expect(scoped.body.data!.length).toBeLessThanOrEqual(all.body.data!.length);
  });
});
