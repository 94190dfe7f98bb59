import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/pharmacy-product";
import { AddCardForm } from "~/components/account/add-card-form";
import { PageTitle } from "~/components/page-title";
import { ErrorSummary } from "~/components/patient-record/record-ui";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FieldError, FieldHint } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { formatCurrency } from "~/lib/format";
import { productAction, productLoader, type CardChoice, type Cart, type OrderFormResult, type ProductDetail, type Quote } from "~/lib/pharmacy.server";
import type { RouteHandle } from "~/lib/route-handle";
import { useTranslation } from "~/lib/use-translation";
import { PHARMACY_LIMITS } from "../../../api/contract/pharmacy-rules.ts";

export const handle = { title: "common:pages.patientPharmacyProduct", i18n: ["pharmacy", "account", "patients"] } satisfies RouteHandle;

/**
 * /patient/pharmacy/product/{id} (issue 16): the product with its plans (dosage, period, supply, shipping frequency,
 * price per month and total), its journey's add-ons and the order form (plan, add-ons of the same period, coupon,
 * card; or a card to add / the billing portal link). A product the patient may not order says why (§8 texts).
 */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return productLoader(request, context, params.id);
}

export function action({ request, params, context }: Route.ActionArgs) {
  return productAction(request, context, params.id);
}

type Money = (cents: number) => string;

/** Why a product cannot be ordered (its orderable code), in the reader's language (spec §8 texts). */
const BLOCKED_KEYS: Record<string, string> = {
  "pharmacy.notLive": "pharmacy:upstream.notLive",
  "intake.productUnavailable": "pharmacy:upstream.productUnavailable",
};

function VariantsTable({ product, money }: { product: ProductDetail; money: Money }) {
  const { t } = useTranslation();
  const period = (m: number) => (m === 1 ? t("pharmacy:variant.oneOff") : t("pharmacy:variant.months", { count: m }));
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid="variants">
        <caption className="sr-only">{t("pharmacy:variant.caption", { name: product.name })}</caption>
        <thead className="text-left text-muted-foreground">
          <tr>
            {["plan", "dosage", "period", "supply", "shipping", "perMonth", "total"].map((k) => (
              <th key={k} scope="col" className="px-2 py-1">
                {t(`pharmacy:variant.${k}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {product.variants.map((v) => (
            <tr key={v.id} className="border-t">
              <th scope="row" className="px-2 py-2 text-left font-medium">
                {v.name}
              </th>
              <td className="px-2 py-2">{v.dosageCycle ? v.dosageCycle.join(" → ") : v.dosage || "—"}</td>
              <td className="px-2 py-2">{period(v.periodMonths)}</td>
              <td className="px-2 py-2">{v.supply}</td>
              <td className="px-2 py-2">{t("pharmacy:variant.everyDays", { count: v.shippingFrequencyDays })}</td>
              <td className="px-2 py-2 tabular-nums">{money(v.monthlyCents)}</td>
              <td className="px-2 py-2 tabular-nums">{money(v.priceCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Summary({ quote, creditCents, money }: { quote: Quote; creditCents: number; money: Money }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="order-summary" className="flex flex-col gap-2 rounded-md border p-4" data-testid="order-summary">
      <h3 id="order-summary" className="font-semibold">
        {t("pharmacy:order.summary")}
      </h3>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        {quote.lines.map((l) => (
          <div key={l.variantId} className="contents">
            <dt>{l.description}</dt>
            <dd className="text-right tabular-nums">{money(l.amountCents)}</dd>
          </div>
        ))}
        <dt className="font-medium">{t("pharmacy:order.subtotal")}</dt>
        <dd className="text-right tabular-nums">{money(quote.subtotalCents)}</dd>
        {quote.discountCents > 0 ? (
          <>
            <dt>{t("pharmacy:order.discount", { code: quote.couponCode ?? "" })}</dt>
            <dd className="text-right tabular-nums" data-testid="order-discount">
              −{money(quote.discountCents)}
            </dd>
          </>
        ) : null}
        {creditCents > 0 ? (
          <>
            <dt>{t("pharmacy:order.credit")}</dt>
            <dd className="text-right tabular-nums" data-testid="order-credit">
              −{money(creditCents)}
            </dd>
          </>
        ) : null}
        <dt className="font-semibold">{t("pharmacy:order.total")}</dt>
        <dd className="text-right font-semibold tabular-nums" data-testid="order-total">
          {money(quote.totalCents - creditCents)}
        </dd>
      </dl>
      {quote.periodMonths > 1 ? <p className="text-sm text-muted-foreground">{t("pharmacy:order.perMonth", { price: money(quote.monthlyCents) })}</p> : null}
    </section>
  );
}

function CardChoices({ cards, chosen }: { cards: CardChoice[]; chosen: string }) {
  const { t } = useTranslation();
  const usable = cards.filter((c) => !c.expired);
  const primary = usable.find((c) => c.isPrimary) ?? usable[0];
  const checked = usable.some((c) => String(c.id) === chosen) ? chosen : String(primary?.id ?? "");
  return (
    <fieldset className="flex flex-col gap-2" id="order-payment">
      <legend className="mb-1 text-sm font-medium">{t("pharmacy:order.payment")}</legend>
      {cards.map((c) => (
        <label key={c.id} className="flex min-h-6 items-center gap-2 text-sm">
          <input type="radio" name="paymentMethodId" value={c.id} defaultChecked={String(c.id) === checked} disabled={c.expired} className="size-4 accent-primary" />
          <span>
            {t("pharmacy:order.card", { brand: c.brand, last4: c.last4, expiry: c.expiry })}
            {c.isPrimary ? ` (${t("pharmacy:order.primary")})` : ""}
            {c.expired ? ` (${t("pharmacy:order.expired")})` : ""}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function OrderForm({
  product,
  addons,
  cards,
  cart,
  result,
  idempotencyKey,
  money,
}: {
  product: ProductDetail;
  addons: ProductDetail[];
  cards: CardChoice[];
  cart: Cart;
  result: OrderFormResult | undefined;
  idempotencyKey: string;
  money: Money;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const errors = result?.errors ?? {};
  const error = (key: string) => (errors[key]?.length ? errors[key]!.join(" ") : undefined);
  const planError = error("variantId");
  const addonsError = error("addons");
  const labels = {
    variantId: { id: "order-plan", label: t("pharmacy:order.plan") },
    addons: { id: "order-addons", label: t("pharmacy:order.addons") },
    couponCode: { id: "order-coupon", label: t("pharmacy:order.coupon") },
    paymentMethodId: { id: "order-payment", label: t("pharmacy:order.payment") },
  };
  const single = product.variants.length === 1 ? String(product.variants[0]!.id) : "";
  const chosenPlan = cart.variantId || single;
  const period = (m: number) => (m === 1 ? t("pharmacy:variant.oneOff") : t("pharmacy:variant.months", { count: m }));
  return (
    <Form method="post" className="flex flex-col gap-5" aria-labelledby="order-title" data-testid="order-form" noValidate>
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <ErrorSummary errors={Object.fromEntries(Object.entries(errors).filter(([k]) => k !== ""))} labels={labels} />
      {errors[""]?.length ? (
        <Alert variant="error" live="none" data-testid="order-error">
          {errors[""].join(" ")}
        </Alert>
      ) : null}
      <fieldset id="order-plan" aria-describedby={planError ? "order-plan-error" : undefined} aria-invalid={planError ? true : undefined} className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">
          {t("pharmacy:order.plan")}
          <span aria-hidden="true" className="ml-0.5 text-error">
            *
          </span>
        </legend>
        {product.variants.map((v) => (
          <label key={v.id} className="flex min-h-6 items-center gap-2 text-sm">
            <input type="radio" name="variantId" value={v.id} defaultChecked={String(v.id) === chosenPlan} className="size-4 accent-primary" />
            <span>{t("pharmacy:variant.option", { name: v.name, monthly: money(v.monthlyCents), total: money(v.priceCents) })}</span>
          </label>
        ))}
        {planError ? <FieldError id="order-plan-error">{planError}</FieldError> : null}
      </fieldset>
      {addons.length ? (
        <fieldset id="order-addons" aria-describedby={`order-addons-hint${addonsError ? " order-addons-error" : ""}`} aria-invalid={addonsError ? true : undefined} className="flex flex-col gap-3">
          <legend className="mb-1 text-sm font-medium">{t("pharmacy:order.addons")}</legend>
          <FieldHint id="order-addons-hint">{t("pharmacy:order.addonsHint")}</FieldHint>
          {addons.map((a) => (
            <div key={a.id} className="flex flex-col gap-1">
              <label htmlFor={`addon-${a.id}`} className="text-sm">
                {a.name}
                <span className="block text-muted-foreground">{a.description}</span>
              </label>
              <select
                id={`addon-${a.id}`}
                name={`addon-${a.id}`}
                defaultValue={cart.addons[String(a.id)] ?? ""}
                className="h-10 max-w-md rounded-md border border-input bg-background px-3 text-sm"
                data-testid="addon-select"
              >
                <option value="">{t("pharmacy:order.addonNone", { name: a.name })}</option>
                {a.variants.map((v) => (
                  <option key={v.id} value={v.id}>
                    {t("pharmacy:order.addonOption", { name: v.name, period: period(v.periodMonths), total: money(v.priceCents) })}
                  </option>
                ))}
              </select>
            </div>
          ))}
          {addonsError ? <FieldError id="order-addons-error">{addonsError}</FieldError> : null}
        </fieldset>
      ) : null}
      <div className="flex flex-wrap items-end gap-3">
        <Input
          id="order-coupon"
          name="couponCode"
          label={t("pharmacy:order.coupon")}
          hint={t("pharmacy:order.couponHint")}
          autoComplete="off"
          maxLength={PHARMACY_LIMITS.couponCode}
          defaultValue={cart.couponCode}
          error={error("couponCode")}
          containerClassName="max-w-xs"
        />
        <Button type="submit" name="intent" value="quote" variant="outline" loading={busy && navigation.formData?.get("intent") === "quote"}>
          {t("pharmacy:order.update")}
        </Button>
      </div>
      {result?.quote ? <Summary quote={result.quote} creditCents={result.creditCents} money={money} /> : null}
      {cards.length ? <CardChoices cards={cards} chosen={cart.paymentMethodId} /> : null}
      {result?.declined ? (
        <Alert variant="error" live="none" title={t("pharmacy:order.declinedTitle")} data-testid="order-declined">
          <p>{result.declined}</p>
          <p>{t("pharmacy:order.cartKept")}</p>
        </Alert>
      ) : null}
      <div>
        <Button type="submit" name="intent" value="order" size="lg" disabled={cards.length === 0} loading={busy && navigation.formData?.get("intent") === "order"}>
          {t("pharmacy:order.submit")}
        </Button>
      </div>
    </Form>
  );
}

export default function PatientPharmacyProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { product, addons, cards, cardsFailed, acceptsCardNumbers } = loaderData;
  const result = actionData as OrderFormResult | undefined;
  const cart = result?.cart ?? loaderData.cart;
  const idempotencyKey = result?.idempotencyKey ?? loaderData.idempotencyKey;
  const money: Money = (cents) => formatCurrency(cents, { fromCents: true, cents: true, locale: i18n.language });
  const section = t(`pharmacy:sections.${product.sectionType}`);
  const blocked = product.orderable.code;
  const cartFields: Record<string, string> = {
    ...(cart.variantId ? { variantId: cart.variantId } : {}),
    ...Object.fromEntries(Object.entries(cart.addons).filter(([, v]) => v).map(([k, v]) => [`addon-${k}`, v])),
    ...(cart.couponCode ? { couponCode: cart.couponCode } : {}),
  };
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <Link to={`/patient/pharmacy/category/${product.categorySlug}`} className="text-sm underline-offset-4 hover:underline">
          {t("pharmacy:product.back", { name: section })}
        </Link>
        <PageTitle title={handle.title} />
        <p className="text-xl font-semibold" data-testid="product-name">
          {product.name}
        </p>
        <p className="text-muted-foreground">{product.description}</p>
        <p className="flex flex-wrap gap-2">
          {product.requiresPrescription ? <Badge variant="primary">{t("pharmacy:product.prescription")}</Badge> : null}
          {product.isLive ? null : <Badge variant="neutral">{t("pharmacy:product.notLive")}</Badge>}
        </p>
      </div>
      <VariantsTable product={product} money={money} />
      {blocked ? (
        <Alert variant={blocked === "pharmacy.prescriptionRequired" ? "info" : "warning"} live="none" data-testid="product-blocked">
          <p>{blocked === "pharmacy.prescriptionRequired" ? t("pharmacy:product.gated") : t(BLOCKED_KEYS[blocked] ?? "pharmacy:upstream.notLive")}</p>
          {blocked === "pharmacy.prescriptionRequired" ? (
            <p>
              <Link to="/patient/journeys" className="underline">
                {t("pharmacy:product.startJourney")}
              </Link>
            </p>
          ) : null}
        </Alert>
      ) : product.kind === "addon" ? (
        <Alert variant="info" live="none">
          {t("pharmacy:product.addonOnly")}
        </Alert>
      ) : (
        <section aria-labelledby="order-title" className="flex flex-col gap-4 rounded-lg border bg-card p-4 sm:p-6">
          <h2 id="order-title" className="text-lg font-semibold">
            {t("pharmacy:order.title")}
          </h2>
          {cardsFailed ? (
            <Alert variant="error" live="none">
              {t("pharmacy:order.cardsUnavailable")}
            </Alert>
          ) : cards.length === 0 ? (
            <Alert variant="info" live="none" data-testid="no-card">
              <p>{t("pharmacy:order.noCard")}</p>
            </Alert>
          ) : null}
          <OrderForm product={product} addons={addons} cards={cards} cart={cart} result={result?.intent === "order" || result?.intent === "quote" ? result : undefined} idempotencyKey={idempotencyKey} money={money} />
        </section>
      )}
      {!blocked && product.kind !== "addon" && cards.length === 0 && !cardsFailed ? (
        <>
          {acceptsCardNumbers ? (
            <AddCardForm
              lastResult={result?.intent === "addCard" ? (result.cardReply ?? undefined) : undefined}
              declined={result?.intent === "addCard" ? result.cardDeclined : null}
              hidden={cartFields}
              title={t("pharmacy:order.addCardTitle")}
              makePrimaryChoice={false}
            />
          ) : null}
          <Form method="post" className="flex flex-col gap-2">
            <input type="hidden" name="intent" value="paymentLink" />
            {result?.paymentLinkFailed ? (
              <Alert variant="error" live="none" data-testid="payment-link-failed">
                {t("pharmacy:order.paymentLinkFailed")}
              </Alert>
            ) : null}
            <div>
              <Button type="submit" variant="outline">
                {t("pharmacy:order.paymentLink")}
              </Button>
            </div>
          </Form>
        </>
      ) : null}
    </div>
  );
}
