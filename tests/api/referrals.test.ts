/**
 * Refer a friend (issue 18; api/routes/referrals.ts, the rule api/domain/referrals.ts, credits in the commerce core's
 * createInvoice): each call × role; invite refusals (invalid address, oneself, an existing account, twice) with
 * nothing stored; the mail in the inviter's language; the rate limit; a friend claims the code; the §9 rule through
 * real checkouts — below $99 nothing, a voided (refunded) invoice does not count, at $99 both get $20 once — the
 * credit a quote announces (at most the order's total) and the credit on each one's next invoice (never below 0, the
 * rest kept).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import * as schema from "../../api/db/schema.ts";
import { ROLES, type Role } from "../../api/contract/roles.ts";
import { permissions, type EndpointKey } from "../../api/domain/permissions.ts";
import { mailSettled } from "../../api/domain/mail.ts";
import { hashPassword } from "../../api/domain/password.ts";
import { creditReferralIfDue } from "../../api/domain/referrals.ts";
import type { ReferralSummary } from "../../api/contract/referrals.ts";
import { Client, DEMO_PASSWORD, LOGINS, signedIn, startTestApi, type TestApi } from "./harness.ts";

let api: TestApi;
const clients = new Map<Role, Client>();
let emma = 0;
const db = () => api.database.db;

beforeAll(async () => {
  api = await startTestApi();
  for (const role of ROLES) clients.set(role, await signedIn(api.url, role as keyof typeof LOGINS | "guest"));
  emma = (await db().select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, LOGINS.patients)))[0]!.id;
});
afterAll(() => api?.close());

const status = (role: Role, key: EndpointKey) => ((permissions[key].roles as readonly Role[]).includes(role) ? 200 : role === "guest" ? 401 : 403);
const uniqueEmail = (p = "friend") => `${p}-${Math.random().toString(36).slice(2, 10)}@example.com`;

/** A new patient who can sign in (as an account made by staff would be), signed in, with a card. */
async function newPatient(email: string, locale: "en-US" | "es-US" = "en-US"): Promise<{ id: number; client: Client }> {
  const [u] = await db()
    .insert(schema.users)
    .values({ email, role: "patients", firstName: "Fran", lastName: "Friend", passwordHash: await hashPassword(DEMO_PASSWORD), emailVerifiedAt: new Date(), locale })
    .returning({ id: schema.users.id });
  await db().insert(schema.patients).values({ userId: u!.id, referralCode: null });
  const client = new Client(api.url);
  await client.sessionInfo();
  expect((await client.login(email)).status).toBe(200);
  const card = await client.post("/api/v2/profile/payment-methods", { cardNumber: "4242424242424242", expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: "123", name: "Fran Friend", makePrimary: true });
  expect(card.status, JSON.stringify(card.body)).toBe(200);
  return { id: u!.id, client };
}

async function variantId(slug: string) {
  const [p] = await db().select({ id: schema.products.id }).from(schema.products).where(eq(schema.products.slug, slug));
  return (await db().select({ id: schema.productVariants.id }).from(schema.productVariants).where(eq(schema.productVariants.productId, p!.id)).orderBy(schema.productVariants.id))[0]!.id;
}
/** Orders a one-off item; answers the invoice with its lines. */
async function order(client: Client, userId: number, slug: string) {
  const r = await client.post<{ order: { id: number } }>("/api/v1/pharmacy/orders", { variantId: await variantId(slug), idempotencyKey: crypto.randomUUID() });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const [o] = await db().select().from(schema.orders).where(eq(schema.orders.id, r.body.data!.order.id));
  const [invoice] = await db().select().from(schema.invoices).where(and(eq(schema.invoices.id, o!.invoiceId!), eq(schema.invoices.userId, userId)));
  const lines = await db().select().from(schema.invoiceLines).where(eq(schema.invoiceLines.invoiceId, invoice!.id)).orderBy(schema.invoiceLines.position);
  return { invoice: invoice!, lines };
}
const creditsOf = (userId: number) => db().select().from(schema.accountCredits).where(eq(schema.accountCredits.userId, userId)).orderBy(schema.accountCredits.id);

describe("who may call", () => {
  it("each call × each role and a guest", async () => {
    for (const role of ROLES) {
      const c = clients.get(role)!;
      expect((await c.get("/api/v1/patient/referrals")).status, role).toBe(status(role, "GET /api/v1/patient/referrals"));
      const invite = await c.post("/api/v1/patient/referrals/invites", { email: uniqueEmail() });
      expect(invite.status, role).toBe(status(role, "POST /api/v1/patient/referrals/invites"));
      const claim = await c.post("/api/v1/patient/referrals/claim", { code: "EMMA20" });
      // A patient reaches the rule (the demo patient's own code: refused); nobody else does.
      expect(claim.status, role).toBe(role === "patients" ? 409 : role === "guest" ? 401 : 403);
    }
  });
});

describe("invitations", () => {
  it("shows the code, invites an address with a mail in the inviter's language, lists it as invited", async () => {
    const c = clients.get("patients")!;
    const summary = await c.get<ReferralSummary>("/api/v1/patient/referrals");
    expect(summary.body.data).toMatchObject({ code: "EMMA20", creditCents: 2000, thresholdCents: 9900, referredBy: null });
    const to = uniqueEmail("Invitee").toLowerCase();
    const r = await c.post<ReferralSummary>("/api/v1/patient/referrals/invites", { email: to.toUpperCase() });
    expect([r.status, r.body.code, r.body.message]).toEqual([200, "referral.invited", "Your invitation has been sent."]);
    expect(r.body.data!.friends[0]).toMatchObject({ email: to, state: "invited", joinedAt: null });
    await mailSettled();
    const mail = await new Client(api.url).get<{ messages: { subject: string; text: string }[] }>(`/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
    expect(mail.body.data!.messages[0]!.subject).toMatch(/invited you to Telehealth/);
    expect(mail.body.data!.messages[0]!.text).toContain("EMMA20");
    expect(mail.body.data!.messages[0]!.text).toContain("/patient/refer-friend?code=EMMA20");
  });

  it("refuses an invalid address, oneself, an existing account and the same address twice: nothing stored", async () => {
    const c = clients.get("patients")!;
    const before = (await db().select().from(schema.referrals).where(eq(schema.referrals.referrerId, emma))).length;
    const bad = await c.post("/api/v1/patient/referrals/invites", { email: "not-an-address" });
    expect([bad.status, bad.body.code]).toEqual([400, "common.invalidFields"]);
    const self = await c.post("/api/v1/patient/referrals/invites", { email: " Patient@Demo.test " });
    expect([self.status, self.body.code, self.body.message]).toEqual([409, "referral.selfInvite", "You cannot invite yourself."]);
    const existing = await c.post("/api/v1/patient/referrals/invites", { email: "patient2@demo.test" });
    expect([existing.status, existing.body.code]).toEqual([409, "referral.alreadyPatient"]);
    const to = uniqueEmail();
    expect((await c.post("/api/v1/patient/referrals/invites", { email: to })).status).toBe(200);
    const again = await c.post("/api/v1/patient/referrals/invites", { email: to });
    expect([again.status, again.body.code]).toEqual([409, "referral.alreadyInvited"]);
    expect((await db().select().from(schema.referrals).where(eq(schema.referrals.referrerId, emma))).length).toBe(before + 1);
  });

  it("is rate limited per inviter (10 an hour), in Spanish for a Spanish-speaking inviter", async () => {
    const { id, client } = await newPatient(uniqueEmail("limit"), "es-US");
    const first = uniqueEmail("amiga");
    expect((await client.post("/api/v1/patient/referrals/invites", { email: first })).status).toBe(200);
    await mailSettled();
    const mail = await new Client(api.url).get<{ messages: { subject: string }[] }>(`/api/v1/dev/outbox?to=${encodeURIComponent(first)}`);
    expect(mail.body.data!.messages[0]!.subject).toMatch(/le invitó/);
    for (let i = 1; i < 10; i++) expect((await client.post("/api/v1/patient/referrals/invites", { email: uniqueEmail() })).status).toBe(200);
    const over = await client.post("/api/v1/patient/referrals/invites", { email: uniqueEmail() });
    expect([over.status, over.body.code]).toEqual([429, "ratelimit.tooMany"]);
    expect((await db().select().from(schema.referrals).where(eq(schema.referrals.referrerId, id))).length).toBe(10);
  });
});

describe("the friend, the $99 rule and the credits", () => {
  it("a code after one's first paid order is refused: nothing stored", async () => {
    const late = await newPatient(uniqueEmail("late"));
    await order(late.client, late.id, "alcohol-prep-pads");
    const r = await late.client.post("/api/v1/patient/referrals/claim", { code: "EMMA20" });
    expect([r.status, r.body.code]).toEqual([409, "referral.tooLate"]);
    expect(await db().select().from(schema.referrals).where(eq(schema.referrals.friendUserId, late.id))).toHaveLength(0);
  });

  it("claim, below $99 nothing, a voided invoice does not count, at $99 both get $20 once, on their next invoices", async () => {
    const emmaClient = clients.get("patients")!;
    const email = uniqueEmail("claimer");
    expect((await emmaClient.post("/api/v1/patient/referrals/invites", { email })).status).toBe(200);
    const friend = await newPatient(email);
    // Refused codes first: unknown, one's own (made on first read).
    const own = (await friend.client.get<ReferralSummary>("/api/v1/patient/referrals")).body.data!.code;
    expect(own).toMatch(/^R[A-Z0-9]{7}$/);
    expect((await friend.client.post("/api/v1/patient/referrals/claim", { code: "NOSUCH1" })).body.code).toBe("referral.unknownCode");
    expect((await friend.client.post("/api/v1/patient/referrals/claim", { code: own })).body.code).toBe("referral.ownCode");
    const claimed = await friend.client.post<ReferralSummary>("/api/v1/patient/referrals/claim", { code: "emma20" });
    expect([claimed.status, claimed.body.code, claimed.body.data!.referredBy]).toEqual([200, "referral.joined", { state: "joined" }]);
    expect((await friend.client.post("/api/v1/patient/referrals/claim", { code: "LIAM20" })).body.code).toBe("referral.alreadyReferred");
    const listed = (await emmaClient.get<ReferralSummary>("/api/v1/patient/referrals")).body.data!.friends.find((f) => f.email === email);
    expect(listed?.state).toBe("joined");

    // No credit yet: a quote takes nothing off.
    const noCredit = await friend.client.post<{ quote: { totalCents: number }; creditCents: number }>("/api/v1/pharmacy/quote", { variantId: await variantId("insulin-syringes") });
    expect([noCredit.status, noCredit.body.data!.quote.totalCents, noCredit.body.data!.creditCents]).toEqual([200, 2400, 0]);

    // $24 × 4 = $96: not due. The first is refunded (voided): $72. Two more: $96, then $120 → due.
    const first = await order(friend.client, friend.id, "insulin-syringes");
    for (let i = 0; i < 3; i++) await order(friend.client, friend.id, "insulin-syringes");
    expect(await creditsOf(friend.id)).toHaveLength(0);
    await db().update(schema.invoices).set({ status: "voided" }).where(eq(schema.invoices.id, first.invoice.id));
    await order(friend.client, friend.id, "insulin-syringes");
    expect(await creditsOf(friend.id)).toHaveLength(0);
    const emmaCreditsBefore = (await creditsOf(emma)).length;
    await order(friend.client, friend.id, "insulin-syringes");
    expect((await creditsOf(friend.id)).map((c) => [c.amountCents, c.reason, c.appliedInvoiceId])).toEqual([[2000, "referral", null]]);
    expect((await creditsOf(emma)).length).toBe(emmaCreditsBefore + 1);
    // Once: asked again, nothing more.
    expect(await creditReferralIfDue(db(), friend.id)).toBe(false);
    expect(await creditsOf(friend.id)).toHaveLength(1);
    const after = (await emmaClient.get<ReferralSummary>("/api/v1/patient/referrals")).body.data!;
    expect(after.friends.find((f) => f.email === email)?.state).toBe("qualified");
    expect(after.availableCents).toBeGreaterThanOrEqual(2000);

    // The quote says what the credit will take off before ordering: at most the order's total.
    const quoted = async (slug: string) => (await friend.client.post<{ quote: { totalCents: number }; creditCents: number }>("/api/v1/pharmacy/quote", { variantId: await variantId(slug) })).body.data!;
    expect(await quoted("alcohol-prep-pads")).toMatchObject({ quote: { totalCents: 900 }, creditCents: 900 });
    expect(await quoted("insulin-syringes")).toMatchObject({ quote: { totalCents: 2400 }, creditCents: 2000 });

    // The friend's next invoice: $9 pads with a $20 credit → $0 (paid, nothing charged), the $11 rest kept.
    const pads = await order(friend.client, friend.id, "alcohol-prep-pads");
    expect(pads.invoice.amountCents).toBe(0);
    expect(pads.invoice.status).toBe("paid");
    expect(pads.lines.map((l) => l.amountCents)).toEqual([900, -900]);
    expect(pads.lines[1]!.description).toBe("Referral credit");
    const credits = await creditsOf(friend.id);
    expect(credits.map((c) => [c.amountCents, c.appliedInvoiceId])).toEqual([[900, pads.invoice.id], [1100, null]]);
    const next = await order(friend.client, friend.id, "insulin-syringes");
    expect(next.invoice.amountCents).toBe(2400 - 1100);
    expect(next.lines.at(-1)).toMatchObject({ description: "Referral credit", amountCents: -1100 });

    // The referrer's next invoice carries their credit too.
    const emmaNext = await order(emmaClient, emma, "insulin-syringes");
    expect(emmaNext.lines.some((l) => l.description === "Referral credit" && l.amountCents === -2000)).toBe(true);
    expect(emmaNext.invoice.amountCents).toBe(400);
    expect((await db().select().from(schema.accountCredits).where(eq(schema.accountCredits.userId, emma)).orderBy(desc(schema.accountCredits.id)))[0]!.appliedInvoiceId).toBe(emmaNext.invoice.id);
  });
});
