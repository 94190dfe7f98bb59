/**
 * Subscriptions (issue 16 part B; api/contract/subscriptions.ts): the patient's /patient/subscriptions page and the
 * staff renewals list. The only module of the web that calls the subscription endpoints.
 *
 * Every form is a plain HTML post that works without JavaScript: one action with an `intent` per form. A failed
 * form comes back with its errors beside its fields (and an error summary) and what was chosen kept; a refused
 * change (409) shows the API's translated message; a success redirects with the API's message as a toast.
 * The cancellation flow (spec §4: reason → one-time offer → confirmation) walks its steps as posts: the reason's
 * post answers the offer (or, without one, the confirmation) as action data; the confirmation posts the reason and
 * the offer's key again, so no step is kept on the server between posts.
 */
import { data, type RouterContextProvider } from "react-router";
import type { PlanOption, Renewal, Subscription, SubscriptionProduct } from "../../api/contract/subscriptions.ts";
import { CANCEL_REASONS } from "../../api/contract/subscription-rules.ts";
import { formFailure, successMessage } from "./account.server.ts";
import { readForm } from "./csrf.server.ts";
import { getT } from "./i18n.server.ts";
import { readOwnProfile } from "./profile.server.ts";
import { redirectWithToast, takeToasts } from "./toast.server.ts";
import { firstPageOnBadCursor, getUpstream, UpstreamError } from "./upstream.server.ts";

type Context = Readonly<RouterContextProvider>;
export type { PlanOption, Renewal, Subscription, SubscriptionProduct };

export const SUBSCRIPTION_INTENTS = [
  "changePlan",
  "cancelChange",
  "addAddon",
  "removeAddon",
  "pause",
  "resume",
  "reactivate",
  "cancelReason",
  "acceptOffer",
  "declineOffer",
  "confirmCancel",
] as const;
export type SubscriptionIntent = (typeof SUBSCRIPTION_INTENTS)[number];

/** What a post answers when it does not redirect: a failed form, or the next step of the cancellation flow. */
export type SubscriptionActionResult =
  | { kind: "failed"; intent: SubscriptionIntent | ""; subscriptionId: number; errors: Record<string, string[]>; values: Record<string, string> }
  | { kind: "offer"; subscriptionId: number; reason: string; note: string; key: string; offer: PlanOption }
  | { kind: "confirm"; subscriptionId: number; reason: string; note: string; key: string };

const PAGE = "/patient/subscriptions";

async function utcOffsetOf(context: Context): Promise<number> {
  try {
    return (await readOwnProfile(context)).utcOffsetMinutes ?? 0;
  } catch {
    return 0;
  }
}

/**
 * The page: the patient's subscriptions, and the plans each may change to (the change-plan form's choices, from
 * GET /api/v2/products/subscription, by subscription id).
 */
export async function subscriptionsLoader(request: Request, context: Context) {
  const upstream = getUpstream(context);
  const [answer, products, utcOffsetMinutes] = await Promise.all([
    upstream.call("GET /api/v2/subscriptions", {}),
    upstream.call("GET /api/v2/products/subscription", { query: {} }),
    utcOffsetOf(context),
  ]);
  const cancel = Number(new URL(request.url).searchParams.get("cancel")) || null;
  const plans: Record<number, SubscriptionProduct[]> = {};
  for (const s of products.data.subscriptions) if (s.changePlan) plans[s.subscriptionId] = s.plans;
  return { subscriptions: answer.data.subscriptions, plans, utcOffsetMinutes, cancelId: cancel, toasts: takeToasts(context) };
}

const text = (form: FormData, key: string) => {
  const v = form.get(key);
  return typeof v === "string" ? v.trim().slice(0, 2000) : "";
};

export async function subscriptionsAction(request: Request, context: Context) {
  const t = getT(context);
  const form = await readForm(request);
  const intent = text(form, "intent") as SubscriptionIntent;
  const subscriptionId = Number(text(form, "subscriptionId"));
  const treatmentId = text(form, "treatmentId");
  const values: Record<string, string> = {};
  for (const key of ["variantId", "addonVariantId", "reason", "note", "key"]) values[key] = text(form, key);
  const upstream = getUpstream(context);
  const id = String(subscriptionId);
  const failed = (errors: Record<string, string[]>, status = 400) =>
    data<SubscriptionActionResult>({ kind: "failed", intent: SUBSCRIPTION_INTENTS.includes(intent) ? intent : "", subscriptionId, errors, values }, { status });
  if (!SUBSCRIPTION_INTENTS.includes(intent) || !Number.isInteger(subscriptionId) || subscriptionId <= 0) return failed({ "": [t("common:upstream.badRequest")] });
  const needsTreatment = ["changePlan", "addAddon", "removeAddon", "cancelReason"].includes(intent);
  if (needsTreatment && !/^[1-9]\d{0,9}$/.test(treatmentId)) return failed({ "": [t("common:upstream.badRequest")] });
  const rename = (field: string) => (intent === "addAddon" && field === "variantId" ? "addonVariantId" : field);
  const fail = (error: unknown) => {
    const failure = formFailure(context, error, t, rename);
    return failed({ ...failure.fieldErrors, ...(failure.formErrors.length ? { "": failure.formErrors } : {}) }, error instanceof UpstreamError && error.status === 409 ? 409 : 400);
  };
  const done = (answer: { code?: string; message: string }) => redirectWithToast(context, PAGE, "success", successMessage(answer, t, ""));
  try {
    switch (intent) {
      case "changePlan":
        return done(await upstream.call("PUT /api/v2/treatments/:id/change-plan", { params: { id: treatmentId }, body: { variantId: values.variantId as unknown as number } }));
      case "cancelChange":
        return done(await upstream.call("POST /api/v2/subscriptions/:id/cancel-scheduled-changes", { params: { id }, body: {} }));
      case "addAddon":
        return done(await upstream.call("POST /api/v1/treatments/:id/add-addon", { params: { id: treatmentId }, body: { variantId: values.addonVariantId as unknown as number } }));
      case "removeAddon":
        return done(await upstream.call("PUT /api/v1/treatments/:id/remove-addon", { params: { id: treatmentId }, body: { subscriptionItemId: text(form, "itemId") as unknown as number } }));
      case "pause":
      case "resume":
      case "reactivate":
        return done(await upstream.call("PUT /api/v2/subscriptions/:id/update", { params: { id }, body: { action: intent } }));
      case "acceptOffer":
        return done(await upstream.call("PUT /api/v2/subscriptions/:id/update", { params: { id }, body: { action: "acceptRetention", key: values.key } }));
      case "cancelReason": {
        // Step 1: the reason is required (and a note for "other"): checked here so the offer follows a valid reason.
        const errors: Record<string, string[]> = {};
        if (!(CANCEL_REASONS as readonly string[]).includes(values.reason!)) errors.reason = [t("subscriptions:upstream.reasonRequired")];
        else if (values.reason === "other" && !values.note) errors.note = [t("validation:required")];
        if (Object.keys(errors).length) return failed(errors);
        const offer = await upstream.call("GET /api/v1/retention/get-key", { query: { treatmentId: treatmentId as unknown as number } });
        if (offer.data.key && offer.data.offer)
          return data<SubscriptionActionResult>({ kind: "offer", subscriptionId, reason: values.reason!, note: values.note!, key: offer.data.key, offer: offer.data.offer });
        return data<SubscriptionActionResult>({ kind: "confirm", subscriptionId, reason: values.reason!, note: values.note!, key: "none" });
      }
      case "declineOffer":
        return data<SubscriptionActionResult>({ kind: "confirm", subscriptionId, reason: values.reason!, note: values.note!, key: values.key || "none" });
      case "confirmCancel":
        return done(
          await upstream.call("PUT /api/v2/subscriptions/:id/:key/cancel", {
            params: { id, key: /^[A-Za-z0-9-]{1,60}$/.test(values.key!) ? values.key! : "none" },
            body: { reason: values.reason as (typeof CANCEL_REASONS)[number], note: values.note },
          }),
        );
    }
  } catch (error) {
    return fail(error);
  }
}

// ── The staff renewals list ───────────────────────────────────────────────────────────────────────────────

export async function renewalsLoader(request: Request, context: Context) {
  const cursor = new URL(request.url).searchParams.get("cursor")?.slice(0, 300) || undefined;
  const upstream = getUpstream(context);
  const read = (c: string | undefined) => upstream.call("GET /api/v1/renewals", { query: { cursor: c } });
  const list = await firstPageOnBadCursor(cursor, read);
  return { renewals: list.data, nextCursor: list.pages?.nextCursor ?? null, paged: Boolean(cursor), utcOffsetMinutes: await utcOffsetOf(context) };
}
