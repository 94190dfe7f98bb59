/**
 * The pharmacy (issue 16 part A; api/contract/pharmacy.ts): the catalogue pages, the product page's order form and
 * the patient's orders. The only module of the web that calls the pharmacy endpoints (cards and the billing portal
 * link go through accountApi, the account's module).
 *
 * The order form posts with and without JavaScript. Its values come back on every refusal (a plan missing, an
 * add-on of another period, a coupon that does not apply, a declined card: spec §8's notice, the cart kept), with a
 * fresh idempotency key only after a refusal that charged nothing new (a declined card: the next attempt is a new
 * charge). The key is minted when the page renders, so a double submit or a retried post orders once.
 */
import { randomUUID } from "node:crypto";
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect, type RouterContextProvider } from "react-router";
import type { Category, PatientOrder, Product, ProductDetail, Quote } from "../../api/contract/pharmacy.ts";
import { accountApi, formFailure, successMessage } from "./account.server.ts";
import { readForm } from "./csrf.server.ts";
import { getT } from "./i18n.server.ts";
import { SECRET_FIELDS } from "~/components/account/add-card-form";
import { parseWithZod } from "./parse-form.server.ts";
import { addCardFormSchema } from "./schemas/account.ts";
import { notify, redirectWithToast, takeToasts } from "./toast.server.ts";
import { translateUpstream } from "./upstream-messages.ts";
import { firstPageOnBadCursor, getUpstream, UpstreamError, notFoundPage as notFound } from "./upstream.server.ts";

type Context = Readonly<RouterContextProvider>;
export type { Category, PatientOrder, Product, ProductDetail, Quote };

/** The cart as the form holds it: the plan, one variant (or none) per add-on product, the coupon code, the card. */
export type Cart = { variantId: string; addons: Record<string, string>; couponCode: string; paymentMethodId: string };

export type CardChoice = { id: number; brand: string; last4: string; expiry: string; isPrimary: boolean; expired: boolean };

export type OrderFormResult = {
  intent: "quote" | "order" | "addCard" | "paymentLink";
  cart: Cart;
  errors: Record<string, string[]>;
  /** The price of the cart when the last post could price it. */
  quote: Quote | null;
  /** The patient's open credit (a referral's) that this order's invoice takes off, with the quote. */
  creditCents: number;
  /** Spec §8's card-declined notice, in the user's language. */
  declined: string | null;
  /** Spec §8's 'Error while generating payment link…'. */
  paymentLinkFailed: boolean;
  /** The key for the next attempt. */
  idempotencyKey: string;
  /** The add-a-card form's answer (conform's reply) and its decline notice. */
  cardReply: CardReply | null;
  cardDeclined: string | null;
};
type CardReply = SubmissionResult<string[]>;

export async function pharmacyLoader(context: Context) {
  const answer = await getUpstream(context).call("GET /api/v1/pharmacy/categories");
  return { categories: answer.data.categories };
}

export async function categoryLoader(context: Context, slug: string) {
  try {
    const answer = await getUpstream(context).call("GET /api/v1/pharmacy/categories/:slug", { params: { slug } });
    return answer.data;
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) throw notFound();
    throw error;
  }
}

const cartOf = (form: FormData | URLSearchParams): Cart => {
  const addons: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    const m = /^addon-(\d{1,9})$/.exec(key);
    if (m && typeof value === "string") addons[m[1]!] = value.slice(0, 12);
  }
  const text = (key: string, max: number) => String(form.get(key) ?? "").slice(0, max);
  return { variantId: text("variantId", 12), addons, couponCode: text("couponCode", 60), paymentMethodId: text("paymentMethodId", 12) };
};

const addonIdsOf = (cart: Cart) => Object.values(cart.addons).filter((v) => /^\d{1,9}$/.test(v)).map(Number);

/** The cart in a URL's query (the page after adding a card comes back with the cart chosen). */
export function cartQuery(cart: Cart): string {
  const q = new URLSearchParams();
  if (cart.variantId) q.set("variantId", cart.variantId);
  for (const [k, v] of Object.entries(cart.addons)) if (v) q.set(`addon-${k}`, v);
  if (cart.couponCode) q.set("couponCode", cart.couponCode);
  const s = q.toString();
  return s ? `?${s}` : "";
}

async function cardsOf(context: Context): Promise<{ cards: CardChoice[]; cardsFailed: boolean; acceptsCardNumbers: boolean }> {
  try {
    const answer = await accountApi(context).paymentMethods();
    const cards = answer.data.paymentMethods.map((c) => ({
      id: c.id,
      brand: c.brandLabel,
      last4: c.last4,
      expiry: `${String(c.expMonth).padStart(2, "0")}/${c.expYear}`,
      isPrimary: c.isPrimary,
      expired: c.expired,
    }));
    return { cards, cardsFailed: false, acceptsCardNumbers: answer.data.acceptsCardNumbers };
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return { cards: [], cardsFailed: true, acceptsCardNumbers: false };
  }
}

export async function productLoader(request: Request, context: Context, id: string) {
  let answer;
  try {
    answer = await getUpstream(context).call("GET /api/v1/pharmacy/products/:id", { params: { id } });
  } catch (error) {
    if (error instanceof UpstreamError && (error.status === 404 || error.status === 400)) throw notFound();
    throw error;
  }
  const { product, addons } = answer.data;
  const cards = product.orderable.ok && product.kind !== "addon" ? await cardsOf(context) : { cards: [], cardsFailed: false, acceptsCardNumbers: false };
  const cart = cartOf(new URL(request.url).searchParams);
  return { product, addons, ...cards, cart, idempotencyKey: randomUUID(), toasts: takeToasts(context) };
}

function failure(context: Context, error: unknown, t: ReturnType<typeof getT>): Record<string, string[]> {
  const f = formFailure(context, error, t, (field) => (field === "addonVariantIds" ? "addons" : field));
  return { ...f.fieldErrors, ...(f.formErrors.length ? { "": f.formErrors } : {}) };
}

export async function productAction(request: Request, context: Context, id: string) {
  const t = getT(context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "order");
  const cart = cartOf(form);
  const key = String(form.get("idempotencyKey") ?? "").slice(0, 100);
  const upstream = getUpstream(context);
  const result = (over: Partial<OrderFormResult>): OrderFormResult => ({
    intent: "order",
    cart,
    errors: {},
    quote: null,
    creditCents: 0,
    declined: null,
    paymentLinkFailed: false,
    idempotencyKey: key || randomUUID(),
    cardReply: null,
    cardDeclined: null,
    ...over,
  });
  const body = { variantId: cart.variantId, addonVariantIds: addonIdsOf(cart), couponCode: cart.couponCode } as unknown as {
    variantId?: number;
    addonVariantIds: number[];
    couponCode: string;
  };

  if (intent === "paymentLink") {
    // Spec §7 payment link: the billing portal's one-time session, opened at its URL (local provider: the
    // payment-details page); its failure is spec §8's 'Error while generating payment link…'.
    try {
      const session = await accountApi(context).portalSession();
      return redirect(session.data.url);
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      return data(result({ intent: "paymentLink", paymentLinkFailed: true }), { status: 502 });
    }
  }

  if (intent === "addCard") {
    // The payment details page's card form (app/components/account/add-card-form.tsx), posted here so the cart
    // comes back with the new card chosen.
    const submission = parseWithZod(form, { schema: addCardFormSchema });
    if (submission.status !== "success") return data(result({ intent: "addCard", cardReply: submission.reply({ hideFields: SECRET_FIELDS }) as CardReply }), { status: 400 });
    try {
      const answer = await accountApi(context).addCard({ ...submission.value, makePrimary: true });
      return redirectWithToast(context, `/patient/pharmacy/product/${id}${cartQuery(cart)}`, "success", successMessage(answer, t, t("account:cards.added")));
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      if (error.status === 402) {
        const declined = translateUpstream(error, t);
        notify(context, "error", declined);
        return data(result({ intent: "addCard", cardDeclined: declined, cardReply: submission.reply({ hideFields: SECRET_FIELDS }) as CardReply }), { status: 400 });
      }
      const f = formFailure(context, error, t);
      return data(result({ intent: "addCard", cardReply: submission.reply({ ...f, hideFields: SECRET_FIELDS }) as CardReply }), { status: 400 });
    }
  }

  if (intent === "quote") {
    try {
      const answer = await upstream.call("POST /api/v1/pharmacy/quote", { body });
      return data(result({ intent: "quote", quote: answer.data.quote, creditCents: answer.data.creditCents }));
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      return data(result({ intent: "quote", errors: failure(context, error, t) }), { status: error.status === 409 ? 409 : 400 });
    }
  }

  try {
    const answer = await upstream.call("POST /api/v1/pharmacy/orders", {
      body: { ...body, idempotencyKey: key, ...(cart.paymentMethodId ? { paymentMethodId: cart.paymentMethodId } : {}) } as unknown as typeof body & { idempotencyKey: string },
    });
    const number = answer.data.order.orderNumber;
    return redirectWithToast(context, "/patient/orders", "success", successMessage(answer, t, t("pharmacy:order.placed", { orderNumber: number })));
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    if (error.status === 402) {
      // Spec §8: the card-declined notice; the cart stays; the next attempt is a new charge (a new key).
      return data(result({ declined: translateUpstream(error, t), idempotencyKey: randomUUID() }), { status: 402 });
    }
    return data(result({ errors: failure(context, error, t) }), { status: error.status === 409 ? 409 : 400 });
  }
}

export async function ordersLoader(request: Request, context: Context) {
  const cursor = new URL(request.url).searchParams.get("cursor")?.slice(0, 300) || undefined;
  const upstream = getUpstream(context);
  const read = (c: string | undefined) => upstream.call("GET /api/v1/patient/orders", { query: { cursor: c } });
  const list = await firstPageOnBadCursor(cursor, read);
  return { orders: list.data, nextCursor: list.pages?.nextCursor ?? null, paged: Boolean(cursor), toasts: takeToasts(context) };
}
