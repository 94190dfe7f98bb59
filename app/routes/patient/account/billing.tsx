import { useEffect, useRef } from "react";
import { useTranslation } from "~/lib/use-translation";
import { data, Form, Link, redirect, useNavigation, useSubmit } from "react-router";
import type { Route } from "./+types/billing";
import { ACCOUNT_PATHS, DOWNLOAD_FAILED_PARAM, invoicePdfPath } from "~/components/account/paths";
import { AccountSection, Intent } from "~/components/account/section";
import { PageTitle } from "~/components/page-title";
import { Alert } from "~/components/ui/alert";
import { Badge, type BadgeVariant } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { accountApi, successMessage } from "~/lib/account.server";
import { openReferralCredit } from "~/lib/referrals.server";
import { formatCurrency, formatDate } from "~/lib/format";
import { getLanguage, getT } from "~/lib/i18n.server";
import type { RouteHandle } from "~/lib/route-handle";
import { billingFormSchema, portalSessionParam } from "~/lib/schemas/account";
import { notifyUpstreamError, redirectWithToast, takeToasts } from "~/lib/toast.server";
import { UpstreamError } from "~/lib/upstream.server";
import {
  INVOICES_DEFAULT_PER_PAGE,
  type Invoice,
  type InvoiceStatus,
} from "../../../../api/contract/patient-account.ts";
import { readForm } from "~/lib/csrf.server";

export const handle = { title: "common:pages.accountBilling" } satisfies RouteHandle;

const BILLING_PATH = ACCOUNT_PATHS.billing;

/** Badge colour per invoice status (spec §4 invoice statuses). */
const STATUS_VARIANT: Record<InvoiceStatus, BadgeVariant> = {
  draft: "neutral",
  open: "lightBlue",
  paid: "success",
  payment_due: "warning",
  not_paid: "error",
  voided: "neutral",
  posted: "primary",
  past_due: "error",
};

type Pages = { totalCount: number; page: number; perPage: number };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const requested = Number(url.searchParams.get("page") ?? "1");
  const page = Number.isInteger(requested) && requested >= 1 && requested <= 1000 ? requested : 1;
  const locale = getLanguage(context);
  let invoices: Invoice[] = [];
  let pages: Pages = { totalCount: 0, page, perPage: INVOICES_DEFAULT_PER_PAGE };
  let failed = false;
  const credit = openReferralCredit(context);
  try {
    const response = await accountApi(context).invoices(page, INVOICES_DEFAULT_PER_PAGE);
    invoices = response.data;
    if (response.pages) pages = response.pages as Pages;
  } catch (error) {
    notifyUpstreamError(context, error, getT(context));
    failed = true;
  }
  const creditCents = await credit;
  return {
    /** The referral credit the next invoice takes off (issue 18), shown only when there is some. */
    credit: creditCents ? formatCurrency(creditCents, { fromCents: true, cents: true, locale }) : null,
    invoices: invoices.map((invoice) => ({
      id: invoice.id,
      number: invoice.number,
      status: invoice.status,
      period: { start: formatDate(`${invoice.periodStart}T00:00:00Z`), end: formatDate(`${invoice.periodEnd}T00:00:00Z`) },
      amount: formatCurrency(invoice.amountCents, { fromCents: true, cents: true, currency: invoice.currency, locale }),
    })),
    pages,
    failed,
    downloadFailed: url.searchParams.get(DOWNLOAD_FAILED_PARAM.name) === DOWNLOAD_FAILED_PARAM.value,
    /** Back from a hosted billing portal with its session: sync to finish (spec §4). */
    portalReturn: portalSessionParam(url.searchParams.get("portalSession")),
    toasts: takeToasts(context),
  };
}

/**
 * The billing portal of spec §4/§7. "Open the billing portal": GET /api/v1/profile/portal-session, then to its
 * URL (with the local provider, our payment-details page in portal mode). Closing it posts `sync` here with the
 * session id: PUT /api/v1/profile/chargebee-sync, then this page again with fresh data (the refresh) and a toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const t = getT(context);
  const submission = billingFormSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!submission.success) return data({ ok: false }, { status: 400 });
  const api = accountApi(context);
  try {
    if (submission.data.intent === "openPortal") {
      const session = await api.portalSession();
      return redirect(session.data.url);
    }
    const { portalSessionId } = submission.data;
    const response = await api.syncBilling(portalSessionId);
    return redirectWithToast(context, BILLING_PATH, "success", successMessage(response, t, t("account:billing.synced")));
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    notifyUpstreamError(context, error, t);
    return data({ ok: false }, { status: 400 });
  }
}

export default function PatientAccountBilling({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { invoices, pages, failed, downloadFailed, portalReturn, credit } = loaderData;
  return (
    <>
      <div className="flex flex-col gap-1">
        <PageTitle title={handle.title} />
        <p className="text-muted-foreground">{t("account:billing.intro")}</p>
      </div>
      {credit ? (
        <Alert variant="success" live="none" title={t("account:billing.creditTitle")} data-testid="billing-credit">
          <p>{t("account:billing.creditText", { amount: credit })}</p>
          <p>
            <Link to="/patient/refer-friend" className="font-medium underline underline-offset-4 hover:no-underline">
              {t("account:billing.creditLink")}
            </Link>
          </p>
        </Alert>
      ) : null}
      <PortalSection portalReturn={portalReturn} />
      <AccountSection title={t("account:billing.invoicesTitle")} description={t("account:billing.invoicesIntro")}>
        {downloadFailed ? (
          <Alert variant="error" live="none" data-testid="download-failed">
            {t("account:upstream.cannotDownloadInvoice")}
          </Alert>
        ) : null}
        {failed ? (
          <Alert variant="error" live="none">
            {t("account:billing.invoicesUnavailable")}
          </Alert>
        ) : invoices.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("account:billing.noInvoices")}</p>
        ) : (
          <InvoiceTable invoices={invoices} />
        )}
        <Pager pages={pages} />
      </AccountSection>
    </>
  );
}

type InvoiceRow = Route.ComponentProps["loaderData"]["invoices"][number];

function InvoiceTable({ invoices }: { invoices: InvoiceRow[] }) {
  const { t } = useTranslation();
  return (
    <div className="overflow-x-auto rounded-md border" role="region" aria-label={t("account:billing.invoicesTitle")} tabIndex={0}>
      <table className="w-full min-w-[40rem] text-left text-sm">
        <thead className="bg-muted text-muted-foreground">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              {t("account:billing.number")}
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              {t("account:billing.period")}
            </th>
            <th scope="col" className="px-4 py-3 text-right font-medium">
              {t("account:billing.amount")}
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              {t("account:billing.status")}
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              <span className="sr-only">{t("account:billing.download")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((invoice) => (
            <tr key={invoice.id} className="border-t" data-testid="invoice-row">
              <th scope="row" className="px-4 py-3 font-medium">
                {invoice.number}
              </th>
              <td className="px-4 py-3 whitespace-nowrap">{t("account:billing.periodRange", { start: invoice.period.start, end: invoice.period.end })}</td>
              <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">{invoice.amount}</td>
              <td className="px-4 py-3">
                <Badge variant={STATUS_VARIANT[invoice.status]}>{t(`account:invoiceStatus.${invoice.status}`)}</Badge>
              </td>
              <td className="px-4 py-3 text-right">
                {/* A plain link (a full request): the PDF downloads in place; a failure comes back to this page. */}
                <a
                  href={invoicePdfPath(invoice.id)}
                  className="font-medium whitespace-nowrap text-primary underline underline-offset-4 hover:no-underline"
                >
                  {t("account:billing.downloadPdf")}
                  <span className="sr-only"> {t("account:billing.invoiceNumber", { number: invoice.number })}</span>
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Pager({ pages }: { pages: Pages }) {
  const { t } = useTranslation();
  const totalPages = Math.max(1, Math.ceil(pages.totalCount / Math.max(1, pages.perPage)));
  if (totalPages <= 1) return null;
  const link = (page: number) => (page === 1 ? BILLING_PATH : `${BILLING_PATH}?page=${page}`);
  const linkClass = "inline-flex h-9 items-center rounded-md border px-3 text-sm font-medium hover:bg-muted";
  return (
    <nav aria-label={t("account:billing.pages")} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted-foreground">{t("account:billing.pageOf", { page: pages.page, total: totalPages })}</p>
      <div className="flex gap-2">
        {pages.page > 1 ? (
          <Link to={link(pages.page - 1)} className={linkClass} rel="prev">
            {t("account:billing.previous")}
          </Link>
        ) : null}
        {pages.page < totalPages ? (
          <Link to={link(pages.page + 1)} className={linkClass} rel="next">
            {t("account:billing.next")}
          </Link>
        ) : null}
      </div>
    </nav>
  );
}

/**
 * Billing portal: open it (a plain POST form, then the portal's URL); back from a hosted portal with its session
 * id, the sync runs by itself with JavaScript (a loading state while it does) or with the button without.
 */
function PortalSection({ portalReturn }: { portalReturn: string | null }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const submit = useSubmit();
  const intent = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const syncing = intent === "sync";
  const opening = intent === "openPortal";
  const started = useRef(false);
  useEffect(() => {
    if (!portalReturn || started.current) return;
    started.current = true;
    void submit({ intent: "sync", portalSessionId: portalReturn }, { method: "post", action: BILLING_PATH });
  }, [portalReturn, submit]);
  return (
    <AccountSection title={t("account:billing.portalTitle")} description={t("account:billing.portalIntro")}>
      {syncing ? (
        <p role="status" className="text-sm text-muted-foreground" data-testid="billing-syncing">
          {t("account:billing.syncing")}
        </p>
      ) : null}
      {portalReturn ? (
        <Form method="post" action={BILLING_PATH}>
          <Intent value="sync" />
          <input type="hidden" name="portalSessionId" value={portalReturn} />
          <Alert variant="info" live="none" title={t("account:billing.portalReturnTitle")}>
            <p>{t("account:billing.portalReturnText")}</p>
          </Alert>
          <Button type="submit" className="mt-3" loading={syncing}>
            {t("account:billing.finishPortal")}
          </Button>
        </Form>
      ) : (
        <div className="flex flex-wrap gap-3">
          <Form method="post" action={BILLING_PATH}>
            <Intent value="openPortal" />
            <Button type="submit" loading={opening}>
              {t("account:billing.openPortal")}
            </Button>
          </Form>
          <Form method="post" action={BILLING_PATH}>
            <Intent value="sync" />
            <Button type="submit" variant="outline" loading={syncing} loadingLabel={t("account:billing.syncing")}>
              {t("account:billing.refresh")}
            </Button>
          </Form>
        </div>
      )}
    </AccountSection>
  );
}
