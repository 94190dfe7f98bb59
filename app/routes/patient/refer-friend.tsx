import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/refer-friend";
import { SubmitButton } from "~/components/form-field";
import { PageTitle } from "~/components/page-title";
import { ErrorSummary } from "~/components/patient-record/record-ui";
import { Badge } from "~/components/ui/badge";
import { Input } from "~/components/ui/input";
import { formatCurrency, formatDate } from "~/lib/format";
import { translateMessage } from "~/lib/i18n";
import { referFriendAction, referFriendLoader, type ReferralFormResult, type ReferralSummary } from "~/lib/referrals.server";
import type { RouteHandle } from "~/lib/route-handle";
import { useTranslation } from "~/lib/use-translation";

export const handle = { title: "common:pages.patientReferFriend", i18n: ["patients", "referral"] } satisfies RouteHandle;

/** /patient/refer-friend (issue 18): the code and link, invite by email, the friends and their state, the credit; a code from a friend. */
export function loader({ request, context }: Route.LoaderArgs) {
  return referFriendLoader(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return referFriendAction(request, context);
}

const STATE_VARIANT = { invited: "neutral", joined: "primary", qualified: "success" } as const;

function OneFieldForm(props: {
  intent: "invite" | "claim";
  result: ReferralFormResult | undefined;
  defaultValue: string;
  id: string;
  name: string;
  label: string;
  hint: string;
  submit: string;
  type?: string;
  autoComplete?: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const result = props.result?.intent === props.intent ? props.result : undefined;
  const errors = result?.errors ?? {};
  const error = errors[props.name]?.length ? errors[props.name]!.map((m) => translateMessage(t, m)).join(" ") : undefined;
  return (
    <Form method="post" className="grid gap-4" data-testid={`${props.intent}-form`} noValidate>
      <input type="hidden" name="intent" value={props.intent} />
      <ErrorSummary errors={{ [props.name]: errors[props.name] }} labels={{ [props.name]: { id: props.id, label: props.label } }} />
      <Input
        id={props.id}
        name={props.name}
        type={props.type ?? "text"}
        label={props.label}
        hint={props.hint}
        autoComplete={props.autoComplete ?? "off"}
        aria-required
        defaultValue={result?.value ?? props.defaultValue}
        error={error}
      />
      <div>
        <SubmitButton pending={navigation.state !== "idle" && navigation.formData?.get("intent") === props.intent}>{props.submit}</SubmitButton>
      </div>
    </Form>
  );
}

function Friends({ friends }: { friends: ReferralSummary["friends"] }) {
  const { t } = useTranslation();
  if (friends.length === 0) {
    return (
      <p className="text-sm" data-testid="friends-none">
        {t("referral:friends.none")}
      </p>
    );
  }
  return (
    <table className="w-full text-left text-sm" data-testid="friends">
      <caption className="sr-only">{t("referral:friends.title")}</caption>
      <thead>
        <tr className="border-b">
          <th scope="col" className="py-2 pe-4 font-medium">
            {t("referral:friends.email")}
          </th>
          <th scope="col" className="py-2 pe-4 font-medium">
            {t("referral:friends.state")}
          </th>
          <th scope="col" className="py-2 font-medium">
            {t("referral:friends.since")}
          </th>
        </tr>
      </thead>
      <tbody>
        {friends.map((f) => (
          <tr key={f.id} className="border-b last:border-0">
            <td className="py-2 pe-4 break-all">{f.email}</td>
            <td className="py-2 pe-4">
              <Badge variant={STATE_VARIANT[f.state]}>{t(`referral:states.${f.state}`)}</Badge>
            </td>
            <td className="py-2">{formatDate(f.qualifiedAt ?? f.joinedAt ?? f.invitedAt ?? "")}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function PatientReferFriend({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { summary, link, incomingCode } = loaderData;
  const result = actionData as ReferralFormResult | undefined;
  const money = (cents: number) => formatCurrency(cents, { fromCents: true, locale: i18n.language });
  const offer = { credit: money(summary.creditCents), threshold: money(summary.thresholdCents) };
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <PageTitle title={handle.title} />
        <p className="text-sm text-muted-foreground">{t("referral:intro", offer)}</p>
      </header>

      <section className="grid gap-3 rounded-lg border bg-card p-4" aria-labelledby="code-title">
        <h2 id="code-title" className="text-lg font-semibold">
          {t("referral:code.title")}
        </h2>
        <p className="text-sm">
          {t("referral:code.yours")}{" "}
          <strong className="font-mono text-base" data-testid="referral-code">
            {summary.code}
          </strong>
        </p>
        <Input id="referral-link" label={t("referral:code.link")} hint={t("referral:code.linkHint")} readOnly value={link} data-testid="referral-link" />
      </section>

      <section className="grid gap-3 rounded-lg border bg-card p-4" aria-labelledby="credit-title">
        <h2 id="credit-title" className="text-lg font-semibold">
          {t("referral:credit.title")}
        </h2>
        <dl className="grid grid-cols-2 gap-2 text-sm sm:max-w-md" data-testid="referral-credit">
          <dt>{t("referral:credit.earned")}</dt>
          <dd className="font-semibold">{money(summary.earnedCents)}</dd>
          <dt>{t("referral:credit.available")}</dt>
          <dd className="font-semibold">{money(summary.availableCents)}</dd>
        </dl>
        <p className="text-sm text-muted-foreground">{t("referral:credit.how", offer)}</p>
      </section>

      <section className="grid max-w-xl gap-3 rounded-lg border bg-card p-4" aria-labelledby="invite-title">
        <h2 id="invite-title" className="text-lg font-semibold">
          {t("referral:invite.title")}
        </h2>
        <OneFieldForm
          intent="invite"
          result={result}
          defaultValue=""
          id="invite-email"
          name="email"
          type="email"
          autoComplete="off"
          label={t("referral:invite.email")}
          hint={t("referral:invite.hint")}
          submit={t("referral:invite.submit")}
        />
      </section>

      <section className="grid gap-3" aria-labelledby="friends-title">
        <h2 id="friends-title" className="text-lg font-semibold">
          {t("referral:friends.title")}
        </h2>
        <Friends friends={summary.friends} />
      </section>

      <section className="grid max-w-xl gap-3 rounded-lg border bg-card p-4" aria-labelledby="claim-title">
        <h2 id="claim-title" className="text-lg font-semibold">
          {t("referral:claim.title")}
        </h2>
        {summary.referredBy ? (
          <p className="text-sm" data-testid="referred-by">
            {t(`referral:claim.done.${summary.referredBy.state}`, offer)}
          </p>
        ) : (
          <OneFieldForm
            intent="claim"
            result={result}
            defaultValue={incomingCode}
            id="claim-code"
            name="code"
            label={t("referral:claim.code")}
            hint={t("referral:claim.hint", offer)}
            submit={t("referral:claim.submit")}
          />
        )}
      </section>
    </div>
  );
}
