import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "~/lib/parse-form.server";
import { useTranslation } from "~/lib/use-translation";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/payment-details";
import { ACCOUNT_PATHS, withParam } from "~/components/account/paths";
import { AddCardForm } from "~/components/account/add-card-form";
import { AccountSection, Intent, useSubmitting } from "~/components/account/section";
import { PageTitle } from "~/components/page-title";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";
import { accountApi, formFailure, successMessage } from "~/lib/account.server";
import { getT } from "~/lib/i18n.server";
import type { RouteHandle } from "~/lib/route-handle";
import { addCardFormSchema, deleteCardFormSchema, makePrimaryFormSchema, portalSessionParam } from "~/lib/schemas/account";
import { notify, notifyUpstreamError, redirectWithToast, takeToasts } from "~/lib/toast.server";
import { translateUpstream } from "~/lib/upstream-messages";
import { UpstreamError } from "~/lib/upstream.server";
import type { PaymentMethod, PaymentMethods } from "../../../../api/contract/patient-account.ts";
import { readForm } from "~/lib/csrf.server";

export const handle = { title: "common:pages.accountPaymentDetails" } satisfies RouteHandle;

const PATH = ACCOUNT_PATHS.paymentDetails;
/** Card data that never comes back into the page (nor into logs): the number and the security code. */
const SECRET_FIELDS = ["cardNumber", "cvc"];

/** This page's URL keeping only the portal session (the local billing portal, spec §4), for links and redirects. */
function pagePath(portalSession: string | null, extra?: { name: string; value: string }): string {
  let path = portalSession ? withParam(PATH, "portalSession", portalSession) : PATH;
  if (extra) path = withParam(path, extra.name, extra.value);
  return path;
}

const cardView = (card: PaymentMethod) => ({
  id: card.id,
  brand: card.brandLabel,
  last4: card.last4,
  expiry: `${String(card.expMonth).padStart(2, "0")}/${card.expYear}`,
  expired: card.expired,
  isPrimary: card.isPrimary,
  holderName: card.holderName,
});
type CardView = ReturnType<typeof cardView>;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const portalSession = portalSessionParam(url.searchParams.get("portalSession"));
  let methods: PaymentMethods | null = null;
  try {
    methods = (await accountApi(context).paymentMethods()).data;
  } catch (error) {
    notifyUpstreamError(context, error, getT(context));
  }
  const cards = (methods?.paymentMethods ?? []).map(cardView);
  const deleteId = Number(url.searchParams.get("delete"));
  return {
    cards,
    failed: methods === null,
    acceptsCardNumbers: methods?.acceptsCardNumbers ?? false,
    portalSession,
    /** ?delete={id}: the confirmation step (a modal over the page, with or without JavaScript). */
    confirmDelete: cards.find((card) => card.id === deleteId) ?? null,
    toasts: takeToasts(context),
  };
}

type Reply = SubmissionResult<string[]>;

/**
 * Payment details (spec §7 payment methods): list the cards, add one (local provider: the number and security
 * code go to the API, which keeps only brand, last 4, expiry, name and a token), make one primary, delete one
 * after a confirmation step. A declined card shows the card-declined notice of spec §8. The number and the
 * security code are never sent back into the page: a failed form comes back with those two fields empty.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const t = getT(context);
  const url = new URL(request.url);
  const portalSession = portalSessionParam(url.searchParams.get("portalSession"));
  const formData = await readForm(request);
  const intent = formData.get("intent");

  if (intent === "makePrimary" || intent === "deleteCard") {
    const submission = parseWithZod(formData, { schema: intent === "makePrimary" ? makePrimaryFormSchema : deleteCardFormSchema });
    if (submission.status !== "success") return data({ intent, reply: submission.reply() as Reply, declined: null }, { status: 400 });
    const { id } = submission.value;
    try {
      const response =
        intent === "makePrimary"
          ? await accountApi(context).makePrimary(id)
          : await accountApi(context).removeCard(id);
      const fallback = t(intent === "makePrimary" ? "account:cards.primaryChanged" : "account:cards.removed");
      return redirectWithToast(context, pagePath(portalSession), "success", successMessage(response, t, fallback));
    } catch (error) {
      notifyUpstreamError(context, error, t);
      return data({ intent, reply: submission.reply() as Reply, declined: null }, { status: 400 });
    }
  }

  const submission = parseWithZod(formData, { schema: addCardFormSchema });
  if (submission.status !== "success") {
    return data({ intent: "addCard", reply: submission.reply({ hideFields: SECRET_FIELDS }) as Reply, declined: null }, { status: 400 });
  }
  const { cardNumber, expMonth, expYear, cvc, name, makePrimary } = submission.value;
  try {
    const response = await accountApi(context).addCard({ cardNumber, expMonth, expYear, cvc, name, makePrimary });
    return redirectWithToast(context, pagePath(portalSession), "success", successMessage(response, t, t("account:cards.added")));
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 402) {
      // Spec §8: the card-declined notice (contact your bank to approve), beside the form and as a toast.
      const declined = translateUpstream(error, t);
      notify(context, "error", declined);
      return data({ intent: "addCard", reply: submission.reply({ hideFields: SECRET_FIELDS }) as Reply, declined }, { status: 400 });
    }
    const failure = formFailure(context, error, t);
    return data({ intent: "addCard", reply: submission.reply({ ...failure, hideFields: SECRET_FIELDS }) as Reply, declined: null }, { status: 400 });
  }
}

export default function PatientAccountPaymentDetails({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { cards, failed, acceptsCardNumbers, portalSession, confirmDelete } = loaderData;
  const addResult = actionData?.intent === "addCard" ? actionData : undefined;
  return (
    <>
      <div className="flex flex-col gap-1">
        <PageTitle title={handle.title} />
        <p className="text-muted-foreground">{t("account:cards.intro")}</p>
      </div>
      {portalSession ? <PortalBanner portalSession={portalSession} /> : null}
      <AccountSection title={t("account:cards.savedTitle")}>
        {failed ? (
          <Alert variant="error" live="none">
            {t("account:cards.unavailable")}
          </Alert>
        ) : cards.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("account:cards.none")}</p>
        ) : (
          <ul className="flex flex-col divide-y rounded-md border" aria-label={t("account:cards.savedTitle")}>
            {cards.map((card) => (
              <CardRow key={card.id} card={card} portalSession={portalSession} />
            ))}
          </ul>
        )}
      </AccountSection>
      {acceptsCardNumbers ? (
        <AddCardForm key={cards.map((c) => c.id).join("-")} lastResult={addResult?.reply} declined={addResult?.declined ?? null} />
      ) : failed ? null : (
        <Alert variant="info" live="none">
          {t("account:cards.hostedOnly")}
        </Alert>
      )}
      {confirmDelete ? <DeleteModal card={confirmDelete} portalSession={portalSession} /> : null}
    </>
  );
}

function cardLabel(t: (key: string, options?: Record<string, unknown>) => string, card: CardView): string {
  return t("account:cards.cardLabel", { brand: card.brand, last4: card.last4 });
}

function CardRow({ card, portalSession }: { card: CardView; portalSession: string | null }) {
  const { t } = useTranslation();
  const making = useSubmitting("makePrimary", card.id);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-4" data-testid="card-row" data-last4={card.last4}>
      <div className="flex flex-col gap-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span>{card.brand}</span>
          <span aria-hidden="true">•••• {card.last4}</span>
          <span className="sr-only">{t("account:cards.endingIn", { last4: card.last4 })}</span>
          {card.isPrimary ? <Badge variant="success">{t("account:cards.primary")}</Badge> : null}
          {card.expired ? <Badge variant="error">{t("account:cards.expired")}</Badge> : null}
        </p>
        <p className="text-sm text-muted-foreground">
          {t("account:cards.expires", { date: card.expiry })}
          {card.holderName ? ` · ${card.holderName}` : ""}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {card.isPrimary ? null : (
          <Form method="post" preventScrollReset>
            <Intent value="makePrimary" />
            <input type="hidden" name="id" value={card.id} />
            <Button type="submit" variant="outline" size="sm" loading={making}>
              {t("account:cards.makePrimary")}
              <span className="sr-only"> {cardLabel(t, card)}</span>
            </Button>
          </Form>
        )}
        <Link
          to={pagePath(portalSession, { name: "delete", value: String(card.id) })}
          preventScrollReset
          className="inline-flex h-8 items-center rounded-md px-3 text-sm font-medium text-error hover:bg-error-subtle"
        >
          {t("account:cards.delete")}
          <span className="sr-only"> {cardLabel(t, card)}</span>
        </Link>
      </div>
    </li>
  );
}

function DeleteModal({ card, portalSession }: { card: CardView; portalSession: string | null }) {
  const { t } = useTranslation();
  const deleting = useSubmitting("deleteCard", card.id);
  const back = pagePath(portalSession);
  return (
    <Modal
      open
      title={t("account:cards.deleteTitle")}
      description={t("account:cards.deleteText", { card: cardLabel(t, card), date: card.expiry })}
      closeHref={back}
      closeLabel={t("account:cards.cancel")}
      data-testid="delete-card-modal"
      footer={
        <>
          <Link to={back} preventScrollReset className="inline-flex h-10 items-center rounded-md border px-4 text-sm font-medium hover:bg-muted">
            {t("account:cards.keepCard")}
          </Link>
          <Form method="post" action={back}>
            <Intent value="deleteCard" />
            <input type="hidden" name="id" value={card.id} />
            <Button type="submit" variant="destructive" loading={deleting}>
              {t("account:cards.confirmDelete")}
            </Button>
          </Form>
        </>
      }
    >
      {card.isPrimary ? <p>{t("account:cards.deletePrimaryNote")}</p> : null}
    </Modal>
  );
}

/** The local billing portal (spec §4): this page opened from billing with ?portalSession; closing it syncs. */
function PortalBanner({ portalSession }: { portalSession: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const syncing = navigation.state !== "idle" && navigation.formData?.get("intent") === "sync";
  return (
    <Alert
      variant="info"
      live="none"
      title={t("account:billing.portalOpenTitle")}
      data-testid="billing-portal"
      actions={
        <Form method="post" action={ACCOUNT_PATHS.billing}>
          <Intent value="sync" />
          <input type="hidden" name="portalSessionId" value={portalSession} />
          <Button type="submit" loading={syncing} loadingLabel={t("account:billing.syncing")}>
            {syncing ? t("account:billing.syncing") : t("account:billing.closePortal")}
          </Button>
        </Form>
      }
    >
      <p>{t("account:billing.portalOpenText")}</p>
    </Alert>
  );
}
