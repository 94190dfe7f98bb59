/**
 * The pharmacy (issue 16 part A; api/routes/pharmacy.ts, shipments.ts; contract api/contract/pharmacy.ts): every call ×
 * every role and a guest with the exact status; the catalogue by journey with its gates (not live §8, prescription,
 * state); prices and the §5 rules (a plan must be selected, add-on periods); coupons; the patient's own orders only;
 * the shipment queue (status filter with All = -100, cursor, scoped staff), its state machine (409) and audit.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import * as schema from "../../api/db/schema.ts";
import { ROLES, type Role } from "../../api/contract/roles.ts";
import { permissions, type EndpointKey } from "../../api/domain/permissions.ts";
import { canSeePatient } from "../../api/domain/patient-access.ts";
import type { Category, Product, ProductDetail, Quote, Shipment, PatientOrder } from "../../api/contract/pharmacy.ts";
import { Client, LOGINS, signedIn, startTestApi, type TestApi } from "./harness.ts";

let api: TestApi;
const clients = new Map<Role, Client>();
let emma = 0;
let liam = 0;
let providerUser = 0;
const db = () => api.database.db;

async function idOf(email: string) {
  return (await db().select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, email)))[0]!.id;
}
async function productId(slug: string) {
  return (await db().select({ id: schema.products.id }).from(schema.products).where(eq(schema.products.slug, slug)))[0]!.id;
}
async function variantOf(slug: string, periodMonths: number) {
  const pid = await productId(slug);
  return (await db().select().from(schema.productVariants).where(and(eq(schema.productVariants.productId, pid), eq(schema.productVariants.periodMonths, periodMonths))).orderBy(schema.productVariants.id))[0]!;
}
/** An order made directly (status Queued unless said), for the queue's tests. */
async function makeOrder(patientId: number, status = 1) {
  const n = `T-${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
  const [row] = await db().insert(schema.orders).values({ orderNumber: n, patientId, status, totalCents: 1234 }).returning({ id: schema.orders.id });
  const v = await variantOf("insulin-syringes", 1);
  await db().insert(schema.orderItems).values({ orderId: row!.id, variantId: v.id, quantity: 1, priceCents: v.priceCents });
  return row!.id;
}

beforeAll(async () => {
  api = await startTestApi();
  for (const role of ROLES) clients.set(role, await signedIn(api.url, role as keyof typeof LOGINS | "guest"));
  emma = await idOf(LOGINS.patients);
  liam = await idOf("patient2@demo.test");
  providerUser = await idOf(LOGINS.providerUsers);
});
afterAll(() => api?.close());

const status = (role: Role, key: EndpointKey) => ((permissions[key].roles as readonly Role[]).includes(role) ? 200 : role === "guest" ? 401 : 403);

describe("who may call", () => {
  it("every read and the quote answer each role and a guest with the exact status", async () => {
    const pid = await productId("sildenafil");
    const plan = await variantOf("sildenafil", 3);
    for (const role of ROLES) {
      const c = clients.get(role)!;
      const order = await makeOrder(emma);
      expect((await c.get("/api/v1/pharmacy/categories")).status, `${role} categories`).toBe(status(role, "GET /api/v1/pharmacy/categories"));
      expect((await c.get("/api/v1/pharmacy/categories/sexual-wellness")).status, `${role} category`).toBe(status(role, "GET /api/v1/pharmacy/categories/:slug"));
      expect((await c.get(`/api/v1/pharmacy/products/${pid}`)).status, `${role} product`).toBe(status(role, "GET /api/v1/pharmacy/products/:id"));
      // The demo patient has no approved sexual-wellness treatment: the quote of a prescription product is refused (409) for them.
      const quote = await c.post("/api/v1/pharmacy/quote", { variantId: plan.id, addonVariantIds: [], couponCode: "" });
      expect(quote.status, `${role} quote`).toBe(status(role, "POST /api/v1/pharmacy/quote") === 200 ? 409 : status(role, "POST /api/v1/pharmacy/quote"));
      expect((await c.get("/api/v1/patient/orders")).status, `${role} own orders`).toBe(status(role, "GET /api/v1/patient/orders"));
      expect((await c.get("/api/v1/shipments")).status, `${role} queue`).toBe(status(role, "GET /api/v1/shipments"));
      const put = await c.put(`/api/v1/shipments/${order}`, { status: 3 });
      // providerUsers see only their patients: the demo patient may not be one of them (404, like an unknown id).
      const scopedHidden = role === "providerUsers" && !(await canSeePatient(db(), { id: providerUser, role: "providerUsers" }, emma));
      expect(put.status, `${role} update`).toBe(scopedHidden ? 404 : status(role, "PUT /api/v1/shipments/:id"));
    }
  });
});

describe("the catalogue", () => {
  it("lists one category per journey with counts and the lowest monthly price", async () => {
    const r = await clients.get("patients")!.get<{ categories: Category[] }>("/api/v1/pharmacy/categories");
    expect(r.body.data!.categories.map((c) => c.slug)).toEqual(["weight-loss", "sexual-wellness", "pharmacy-purchase", "haircare"]);
    const wl = r.body.data!.categories[0]!;
    expect(wl.productCount).toBe(5); // Oral Semaglutide is not live: not counted
    expect(wl.fromMonthlyCents).toBeGreaterThan(0);
  });

  it("a category lists its products, not-live ones included and marked", async () => {
    const r = await clients.get("patients")!.get<{ products: Product[] }>("/api/v1/pharmacy/categories/weight-loss");
    const oral = r.body.data!.products.find((p) => p.slug === "oral-semaglutide")!;
    expect(oral.isLive).toBe(false);
    expect(oral.orderable).toEqual({ ok: false, code: "pharmacy.notLive" });
    expect(oral.description).not.toMatch(/coming soon/i);
    expect((await clients.get("patients")!.get("/api/v1/pharmacy/categories/nope")).status).toBe(404);
  });

  it("a product has its variants with per-month and total prices, and its journey's add-ons", async () => {
    const pid = await productId("compounded-semaglutide");
    const r = await clients.get("patients")!.get<{ product: ProductDetail; addons: ProductDetail[] }>(`/api/v1/pharmacy/products/${pid}`);
    const { product, addons } = r.body.data!;
    expect(product.variants.map((v) => v.periodMonths)).toEqual([3, 6, 12]);
    for (const v of product.variants) expect(v.monthlyCents).toBe(Math.round(v.priceCents / v.periodMonths));
    expect(product.variants[0]!.dosageCycle).toEqual(["0.25mg", "0.5mg", "1mg"]);
    expect(product.variants[0]!.shippingFrequencyDays).toBe(30);
    expect(addons.map((a) => a.slug).sort()).toEqual(["ondansetron", "vitamin-b12"]);
    // The demo patient's weight-loss treatment is approved: orderable.
    expect(product.orderable).toEqual({ ok: true, code: null });
    expect((await clients.get("patients")!.get("/api/v1/pharmacy/products/999999")).status).toBe(404);
    expect((await clients.get("patients")!.get("/api/v1/pharmacy/products/abc")).status).toBe(404);
  });

  it("gates prescription products on an approved treatment of their journey, and by state", async () => {
    const c = clients.get("patients")!;
    const sild = await c.get<{ product: ProductDetail }>(`/api/v1/pharmacy/products/${await productId("sildenafil")}`);
    expect(sild.body.data!.product.orderable).toEqual({ ok: false, code: "pharmacy.prescriptionRequired" });
    const pads = await c.get<{ product: ProductDetail }>(`/api/v1/pharmacy/products/${await productId("alcohol-prep-pads")}`);
    expect(pads.body.data!.product.orderable).toEqual({ ok: true, code: null });
    // Shipping to Louisiana: the compounded GLP-1s are not offered there (demo exclusions).
    const [addr] = await db().select().from(schema.addresses).where(and(eq(schema.addresses.userId, emma), eq(schema.addresses.addressType, "shipping")));
    await db().update(schema.addresses).set({ administrativeArea: "LA" }).where(eq(schema.addresses.id, addr!.id));
    try {
      const tirz = await c.get<{ product: ProductDetail }>(`/api/v1/pharmacy/products/${await productId("compounded-tirzepatide")}`);
      expect(tirz.body.data!.product.orderable).toEqual({ ok: false, code: "intake.productUnavailable" });
      const plan = await variantOf("compounded-tirzepatide", 3);
      const q = await c.post("/api/v1/pharmacy/quote", { variantId: plan.id });
      expect([q.status, q.body.code, q.body.message]).toEqual([409, "intake.productUnavailable", "Product unavailable in your state"]);
    } finally {
      await db().update(schema.addresses).set({ administrativeArea: addr!.administrativeArea }).where(eq(schema.addresses.id, addr!.id));
    }
  });
});

describe("quote: plans, add-ons, coupons", () => {
  it("prices a plan with an add-on of the same period", async () => {
    const plan = await variantOf("compounded-semaglutide", 6);
    const addon = await variantOf("vitamin-b12", 6);
    const r = await clients.get("patients")!.post<{ quote: Quote }>("/api/v1/pharmacy/quote", { variantId: plan.id, addonVariantIds: [addon.id], couponCode: "" });
    expect(r.status).toBe(200);
    expect(r.body.data!.quote.totalCents).toBe(plan.priceCents + addon.priceCents);
    expect(r.body.data!.quote.monthlyCents).toBe(Math.round((plan.priceCents + addon.priceCents) / 6));
  });

  it("a plan must be selected; an add-on of another period is refused (§5)", async () => {
    const c = clients.get("patients")!;
    const none = await c.post<{ fieldCodes: Record<string, { code: string }[]> }>("/api/v1/pharmacy/quote", { addonVariantIds: [] });
    expect(none.status).toBe(400);
    expect(none.body.data!.fieldCodes.variantId![0]!.code).toBe("pharmacy.planRequired");
    const plan = await variantOf("compounded-semaglutide", 6);
    const addon = await variantOf("vitamin-b12", 3);
    const r = await c.post<{ errors: Record<string, string[]>; fieldCodes: Record<string, { code: string }[]> }>("/api/v1/pharmacy/quote", { variantId: plan.id, addonVariantIds: [addon.id] });
    expect(r.status).toBe(400);
    expect(r.body.data!.fieldCodes.addonVariantIds![0]!.code).toBe("pharmacy.addonPeriodMismatch");
    expect(r.body.data!.errors.addonVariantIds![0]).toBe("An add-on's period must match the main plan's period.");
    // An add-on of another journey, an add-on as the plan, a not-live product.
    const other = await variantOf("ketoconazole-shampoo", 6);
    expect((await c.post("/api/v1/pharmacy/quote", { variantId: plan.id, addonVariantIds: [other.id] })).status).toBe(400);
    expect((await c.post("/api/v1/pharmacy/quote", { variantId: addon.id })).status).toBe(400);
    const oral = await variantOf("oral-semaglutide", 3);
    const notLive = await c.post("/api/v1/pharmacy/quote", { variantId: oral.id });
    expect([notLive.status, notLive.body.message]).toEqual([409, "Product is not enabled (not live)"]);
  });

  it("coupons: applied, any case; unknown, expired, used up, another period or journey refused", async () => {
    const c = clients.get("patients")!;
    const plan = await variantOf("compounded-semaglutide", 6);
    const ok10 = await c.post<{ quote: Quote }>("/api/v1/pharmacy/quote", { variantId: plan.id, couponCode: " welcome10 " });
    expect(ok10.body.data!.quote.discountCents).toBe(Math.round(plan.priceCents / 10));
    expect(ok10.body.data!.quote.couponCode).toBe("WELCOME10");
    const save20 = await c.post<{ quote: Quote }>("/api/v1/pharmacy/quote", { variantId: plan.id, couponCode: "SAVE20" });
    expect(save20.body.data!.quote.discountCents).toBe(2000);
    const codeOf = async (couponCode: string, variantId = plan.id) => {
      const r = await c.post<{ fieldCodes: Record<string, { code: string }[]> }>("/api/v1/pharmacy/quote", { variantId, couponCode });
      return [r.status, r.body.data?.fieldCodes?.couponCode?.[0]?.code];
    };
    expect(await codeOf("NOPE")).toEqual([400, "pharmacy.couponUnknown"]);
    expect(await codeOf("EXPIRED5")).toEqual([400, "pharmacy.couponNotApplicable"]);
    expect(await codeOf("USEDUP")).toEqual([400, "pharmacy.couponNotApplicable"]);
    expect(await codeOf("HAIR15")).toEqual([400, "pharmacy.couponNotApplicable"]);
    expect(await codeOf("SAVE20", (await variantOf("compounded-semaglutide", 3)).id)).toEqual([400, "pharmacy.couponNotApplicable"]);
  });
});

describe("the patient's orders", () => {
  it("lists only the caller's own orders, newest first, by cursor", async () => {
    const mine = [await makeOrder(emma), await makeOrder(emma), await makeOrder(emma)];
    await makeOrder(liam);
    const c = clients.get("patients")!;
    const first = await c.get<PatientOrder[]>("/api/v1/patient/orders?perPage=2");
    expect(first.body.data!.map((o) => o.id)).toEqual([mine[2], mine[1]]);
    const next = (first.body.pages as unknown as { nextCursor: string }).nextCursor;
    const second = await c.get<PatientOrder[]>(`/api/v1/patient/orders?perPage=2&cursor=${next}`);
    expect(second.body.data![0]!.id).toBe(mine[0]);
    const liamOrders = await (await signedIn(api.url, "guest")).get("/api/v1/patient/orders");
    expect(liamOrders.status).toBe(401);
    expect((await c.get("/api/v1/patient/orders?cursor=@@")).status).toBe(400);
    const all = await c.get<PatientOrder[]>("/api/v1/patient/orders?perPage=100");
    const ids = new Set((await db().select({ id: schema.orders.id }).from(schema.orders).where(eq(schema.orders.patientId, liam))).map((r) => r.id));
    expect(all.body.data!.some((o) => ids.has(o.id))).toBe(false);
  });
});

describe("the shipment queue", () => {
  it("filters by status (All = -100), newest first, by cursor", async () => {
    const held = [await makeOrder(emma, 3), await makeOrder(liam, 3)];
    const c = clients.get("customerSupport")!;
    const onHold = await c.get<Shipment[]>("/api/v1/shipments?status=3&perPage=100");
    expect(onHold.body.data!.every((s) => s.status === 3)).toBe(true);
    expect(onHold.body.data!.slice(0, 2).map((s) => s.id)).toEqual([held[1], held[0]]);
    const all = await c.get<Shipment[]>("/api/v1/shipments?status=-100&perPage=3");
    const ids = all.body.data!.map((s) => s.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const cursor = (all.body.pages as unknown as { nextCursor: string }).nextCursor;
    const page2 = await c.get<Shipment[]>(`/api/v1/shipments?status=-100&perPage=3&cursor=${cursor}`);
    expect(page2.body.data![0]!.id).toBeLessThan(ids[2]!);
    expect((await c.get("/api/v1/shipments?status=42")).status).toBe(400);
    expect(onHold.body.data![0]!.next.sort()).toEqual([1, 2, 8, 9]);
  });

  it("a scoped provider sees only their patients' orders", async () => {
    const c = clients.get("providerUsers")!;
    const r = await c.get<Shipment[]>("/api/v1/shipments?perPage=100");
    for (const s of r.body.data!) expect(await canSeePatient(db(), { id: providerUser, role: "providerUsers" }, s.patient.id)).toBe(true);
  });

  it("moves an order through the state machine; shipping needs tracking; refused moves 409; audited", async () => {
    const id = await makeOrder(emma, 2);
    const c = clients.get("customerSupport")!;
    const noTracking = await c.put(`/api/v1/shipments/${id}`, { status: 5 });
    expect([noTracking.status, noTracking.body.code]).toEqual([409, "shipments.trackingRequired"]);
    const shipped = await c.put<{ shipment: Shipment }>(`/api/v1/shipments/${id}`, { status: 5, fulfiller: "UPS", trackingNumber: "1Z999AA10123456784" });
    expect(shipped.status).toBe(200);
    expect(shipped.body.code).toBe("shipments.updated");
    const s = shipped.body.data!.shipment;
    expect([s.status, s.fulfiller, s.trackingNumber, s.trackingUrl]).toEqual([5, "UPS", "1Z999AA10123456784", "https://www.ups.com/track?tracknum=1Z999AA10123456784"]);
    expect(s.dateShipped).not.toBeNull();
    const back = await c.put(`/api/v1/shipments/${id}`, { status: 1 });
    expect([back.status, back.body.code]).toEqual([409, "shipments.transitionRefused"]);
    const bad = await c.put(`/api/v1/shipments/${id}`, { status: 5, fulfiller: "UPS", trackingNumber: "1Z", trackingUrl: "javascript:alert(1)" });
    expect(bad.status).toBe(400);
    const [audit] = await db().select().from(schema.auditEvents).where(eq(schema.auditEvents.action, "shipment.update")).orderBy(desc(schema.auditEvents.id)).limit(1);
    expect(audit!.entityId).toBe(String(id));
    expect(audit!.meta).toMatchObject({ from: 2, to: 5 });
    expect((await c.put("/api/v1/shipments/99999999", { status: 3 })).status).toBe(404);
    // The patient reads it shipped, with its tracking.
    const mine = await clients.get("patients")!.get<PatientOrder[]>("/api/v1/patient/orders?perPage=100");
    const o = mine.body.data!.find((x) => x.id === id)!;
    expect([o.status, o.trackingNumber, o.fulfiller]).toEqual([5, "1Z999AA10123456784", "UPS"]);
  });
});

describe("ordering: one invoice, one charge, one order per key", () => {
  const key = () => `test-${crypto.randomUUID()}`;
  const chargesOf = async (invoiceId: number) => db().select().from(schema.charges).where(eq(schema.charges.invoiceId, invoiceId));
  type Placed = { order: PatientOrder & { id: number }; invoiceNumber: string; subscriptionId: number | null; replayed: boolean };

  it("orders a plan with an add-on and a coupon: invoice paid, one charge, the order queued, the subscription active", async () => {
    const c = clients.get("patients")!;
    const plan = await variantOf("compounded-semaglutide", 6);
    const addon = await variantOf("ondansetron", 6);
    const k = key();
    const before = Date.now();
    const r = await c.post<Placed>("/api/v1/pharmacy/orders", { variantId: plan.id, addonVariantIds: [addon.id], couponCode: "welcome10", idempotencyKey: k });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.code).toBe("pharmacy.ordered");
    const { order, subscriptionId, replayed } = r.body.data!;
    expect(replayed).toBe(false);
    expect(order.orderNumber).toMatch(/^TH-\d{7}$/);
    expect(r.body.message).toBe(`Thank you: your order ${order.orderNumber} has been placed.`);
    expect(order.status).toBe(1);
    const subtotal = plan.priceCents + addon.priceCents;
    expect(order.totalCents).toBe(subtotal - Math.round(subtotal / 10));
    expect(order.items.map((i) => i.priceCents)).toEqual([plan.priceCents, addon.priceCents]);
    const [row] = await db().select().from(schema.orders).where(eq(schema.orders.id, order.id));
    const [invoice] = await db().select().from(schema.invoices).where(eq(schema.invoices.id, row!.invoiceId!));
    expect([invoice!.status, invoice!.amountCents, invoice!.subscriptionId]).toEqual(["paid", order.totalCents, subscriptionId]);
    expect((await chargesOf(invoice!.id)).map((ch) => ch.status)).toEqual(["succeeded"]);
    const [sub] = await db().select().from(schema.subscriptions).where(eq(schema.subscriptions.id, subscriptionId!));
    expect([sub!.status, sub!.cycleMonths, sub!.patientId]).toEqual([1, 6, emma]);
    const next = sub!.nextChargeAt!.getTime();
    expect(next).toBeGreaterThan(before + 180 * 86_400_000);
    expect(next).toBeLessThan(before + 185 * 86_400_000);
    const items = await db().select().from(schema.subscriptionItems).where(eq(schema.subscriptionItems.subscriptionId, subscriptionId!));
    expect(items.map((i) => [i.variantId, i.isAddon])).toEqual([[plan.id, false], [addon.id, true]]);
    // The coupon is used once: again refused.
    const again = await c.post<{ fieldCodes: Record<string, { code: string }[]> }>("/api/v1/pharmacy/quote", { variantId: plan.id, couponCode: "WELCOME10" });
    expect(again.body.data!.fieldCodes.couponCode![0]!.code).toBe("pharmacy.couponUsed");
  });

  it("the same key again — retried or sent twice at once — answers the same order and never charges twice", async () => {
    const c = clients.get("patients")!;
    const item = await variantOf("alcohol-prep-pads", 1);
    const k = key();
    const body = { variantId: item.id, idempotencyKey: k };
    const [a, b] = await Promise.all([c.post<Placed>("/api/v1/pharmacy/orders", body), c.post<Placed>("/api/v1/pharmacy/orders", body)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data!.order.id).toBe(b.body.data!.order.id);
    const third = await c.post<Placed>("/api/v1/pharmacy/orders", body);
    expect(third.body.data!.order.id).toBe(a.body.data!.order.id);
    expect(third.body.data!.replayed).toBe(true);
    const sameKey = await db().select().from(schema.orders).where(eq(schema.orders.idempotencyKey, `checkout:${emma}:${k}`));
    expect(sameKey).toHaveLength(1);
    expect(await chargesOf(sameKey[0]!.invoiceId!)).toHaveLength(1);
    // A one-off item makes no subscription.
    expect(a.body.data!.subscriptionId).toBeNull();
  });

  it("a declined card: 402 with the §8 notice, nothing ordered, the invoice voided; a new key with a good card orders", async () => {
    const c = await signedIn(api.url, "guest");
    await c.login("patient2@demo.test");
    await db().delete(schema.paymentMethods).where(eq(schema.paymentMethods.userId, liam));
    const item = await variantOf("sharps-container", 1);
    const none = await c.post("/api/v1/pharmacy/orders", { variantId: item.id, idempotencyKey: key() });
    expect([none.status, none.body.code, none.body.message]).toEqual([409, "pharmacy.noPaymentSource", "No payment source in subscription"]);
    const card = await c.post<{ id: number }>("/api/v2/profile/payment-methods", { cardNumber: "4000000000000341", expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: "123", name: "Liam Test", makePrimary: true });
    expect(card.status).toBe(200);
    const ordersBefore = (await db().select().from(schema.orders).where(eq(schema.orders.patientId, liam))).length;
    const k = key();
    const declined = await c.post("/api/v1/pharmacy/orders", { variantId: item.id, idempotencyKey: k });
    expect([declined.status, declined.body.code]).toEqual([402, "account.cardDeclined"]);
    expect(declined.body.message).toMatch(/contact your bank/);
    expect((await db().select().from(schema.orders).where(eq(schema.orders.patientId, liam))).length).toBe(ordersBefore);
    const [invoice] = await db().select().from(schema.invoices).where(and(eq(schema.invoices.userId, liam), eq(schema.invoices.idempotencyKey, `checkout:${liam}:${k}`)));
    expect(invoice!.status).toBe("voided");
    // The same key answers the same decline without asking the card again.
    expect((await c.post("/api/v1/pharmacy/orders", { variantId: item.id, idempotencyKey: k })).status).toBe(402);
    expect(await chargesOf(invoice!.id)).toHaveLength(1);
    const good = await c.post<{ id: number }>("/api/v2/profile/payment-methods", { cardNumber: "4242424242424242", expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: "123", name: "Liam Test", makePrimary: false });
    const ok = await c.post<Placed>("/api/v1/pharmacy/orders", { variantId: item.id, paymentMethodId: good.body.data!.id, idempotencyKey: key() });
    expect(ok.status).toBe(200);
    // Another patient's card is refused.
    const emmaCard = (await db().select().from(schema.paymentMethods).where(eq(schema.paymentMethods.userId, emma)))[0]!;
    const theirs = await c.post("/api/v1/pharmacy/orders", { variantId: item.id, paymentMethodId: emmaCard.id, idempotencyKey: key() });
    expect(theirs.status).toBe(400);
  });

  it("refuses without a key, a prescription product without approval, a not-live product: nothing charged", async () => {
    const c = clients.get("patients")!;
    const charges = (await db().select().from(schema.charges)).length;
    const item = await variantOf("alcohol-prep-pads", 1);
    expect((await c.post("/api/v1/pharmacy/orders", { variantId: item.id })).status).toBe(400);
    expect((await c.post("/api/v1/pharmacy/orders", { variantId: item.id, idempotencyKey: "short" })).status).toBe(400);
    const sild = await variantOf("sildenafil", 3);
    const gated = await c.post("/api/v1/pharmacy/orders", { variantId: sild.id, idempotencyKey: key() });
    expect([gated.status, gated.body.code]).toEqual([409, "pharmacy.prescriptionRequired"]);
    const oral = await variantOf("oral-semaglutide", 3);
    expect((await c.post("/api/v1/pharmacy/orders", { variantId: oral.id, idempotencyKey: key() })).body.code).toBe("pharmacy.notLive");
    expect((await db().select().from(schema.charges)).length).toBe(charges);
  });
});
