/**
 * Subscriptions self-service and the staff renewals list (issue 16 part B; api/routes/subscriptions.ts): each call ×
 * role, a patient never reaches another's subscription (404), every refusal of the state machine 409 with its code
 * (spec §8 'Subscription is not active or not future'), bad input 400 with field codes (a plan must be selected, an
 * add-on of another period), the cancellation flow (reason → one-time offer → confirmation), pause / resume /
 * re-activate, and the renewals list (cursor, blockers, scoped).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import * as schema from "../../api/db/schema.ts";
import { ROLES, type Role } from "../../api/contract/roles.ts";
import { permissions } from "../../api/domain/permissions.ts";
import type { Renewal, Subscription } from "../../api/contract/subscriptions.ts";
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
    expect(active.plans.every((p) => p.variantId !== active.plan!.variantId)).toBe(true);
    expect(active.addonOptions.every((a) => a.periodMonths === active.plan!.periodMonths)).toBe(true);
    expect(active.can).toMatchObject({ changePlan: true, pause: true, cancel: true, reactivate: false, resume: false });
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
