import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/join";
import { NewPasswordFields } from "~/components/account-security/new-password-fields";
import { useClearSecrets } from "~/components/account-security/shared";
import { FormErrors, SubmitButton, TextField } from "~/components/form-field";
import { Alert } from "~/components/ui/alert";
import { Checkbox } from "~/components/ui/checkbox";
import { checkForm } from "~/lib/form-checks";
import { translateMessage } from "~/lib/i18n";
import { JOIN_CHECKS } from "~/lib/join-form-checks";
import { joinAction, joinLoader } from "~/lib/referral-join.server";
import type { RouteHandle } from "~/lib/route-handle";
import { useTranslation } from "~/lib/use-translation";

export const handle = { title: "referral:join.title", i18n: ["referral", "security"] } satisfies RouteHandle;

/**
 * Joining from a referral invitation (our decision, README "Refer a friend"; there is no general sign-up page): the
 * invitation mail's link `/join?token=…`. The page says for which address the account will be, and asks for the
 * names, a password under the rules of spec §5 and the consent; the upstream makes the patient and signs them in, and
 * they land on their first journey with a welcome toast. A used, expired or broken link — or an address that has an
 * account by now — shows a clear message and the way to sign in instead of the form. Plain HTML post without
 * JavaScript, conform with it; a failed post keeps what was typed (never the password) and lists the errors in a
 * summary that takes the focus.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return joinLoader(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return joinAction(request, context);
}

type Fields = { token: string; firstName: string; lastName: string; newPassword: string; passwordConfirm: string; acceptTerms: string };
const FIELD_ORDER = ["firstName", "lastName", "newPassword", "passwordConfirm", "acceptTerms"] as const;

export default function Join({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const lastResult = actionData?.reply as SubmissionResult<string[]> | undefined;
  useClearSecrets("join", lastResult, "newPassword", "passwordConfirm");
  const [form, fields] = useForm<Fields>({
    id: "join",
    lastResult,
    onValidate: ({ formData }) => checkForm(formData, JOIN_CHECKS),
    // Errors show at a submit (then follow the typing): the summary lists them and takes the focus once per submit.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const [attempt, setAttempt] = useState(0);
  // After a post the action's answer decides (its field errors stay beside the form); on opening, the check's.
  const problem = actionData ? actionData.problem : loaderData.problem;
  const labels: Record<(typeof FIELD_ORDER)[number], string> = {
    firstName: t("referral:join.firstName"),
    lastName: t("referral:join.lastName"),
    newPassword: t("referral:join.password"),
    passwordConfirm: t("common:setPassword.confirmPassword"),
    acceptTerms: t("referral:join.consentSummary"),
  };
  const summary = FIELD_ORDER.filter((name) => (fields[name].errors?.length ?? 0) > 0);
  const consentErrors = fields.acceptTerms.errors ?? [];
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t("referral:join.title")}</h1>
        {problem ? null : <p className="text-muted-foreground">{t("referral:join.intro")}</p>}
      </div>
      {problem ? (
        <div className="flex flex-col gap-4" data-testid="join-problem" data-reason={problem.reason}>
          <Alert variant="error" title={t(`referral:join.problem.${problem.reason}`)}>
            {problem.message}
          </Alert>
          <Link
            to="/login"
            className="inline-flex h-12 items-center justify-center rounded-md bg-primary px-6 font-medium text-primary-foreground hover:bg-primary-hover"
            data-testid="join-sign-in"
          >
            {t("referral:join.signIn")}
          </Link>
        </div>
      ) : (
        <Form method="post" {...getFormProps(form)} onSubmitCapture={() => setAttempt((n) => n + 1)} className="flex flex-col gap-4">
          {loaderData.email ? (
            <p className="rounded-md bg-muted px-3 py-2 text-sm" data-testid="join-email">
              {t("referral:join.forEmail", { email: loaderData.email })}
            </p>
          ) : null}
          <ErrorSummary
            focusKey={`${attempt}:${lastResult ? JSON.stringify(lastResult.error ?? {}) : ""}`}
            entries={summary.map((name) => ({ id: name === "acceptTerms" ? "join-accept-terms" : fields[name].id, label: labels[name], messages: fields[name].errors ?? [] }))}
          />
          <FormErrors errors={form.errors} id={form.errorId} />
          <input type="hidden" name="token" value={loaderData.token} />
          <TextField field={fields.firstName} label={labels.firstName} autoComplete="given-name" />
          <TextField field={fields.lastName} label={labels.lastName} autoComplete="family-name" />
          <NewPasswordFields newPassword={fields.newPassword} passwordConfirm={fields.passwordConfirm} newLabel={labels.newPassword} lastResult={lastResult} />
          <Checkbox
            key={fields.acceptTerms.key}
            id="join-accept-terms"
            name={fields.acceptTerms.name}
            defaultChecked={fields.acceptTerms.initialValue === "on"}
            aria-required
            error={consentErrors.length > 0 ? consentErrors.map((e) => translateMessage(t, e)).join(" ") : undefined}
            label={
              <>
                {t("referral:join.consentBefore")}
                <Link to="/terms-and-conditions" target="_blank" rel="noopener" className="font-medium text-primary underline">
                  {t("referral:join.terms")}
                </Link>
                {t("referral:join.consentBetween")}
                <Link to="/telehealth-consent" target="_blank" rel="noopener" className="font-medium text-primary underline">
                  {t("referral:join.telehealthConsent")}
                </Link>
                {t("referral:join.consentAfter")}
              </>
            }
          />
          <SubmitButton pending={navigation.state === "submitting"}>{t("referral:join.submit")}</SubmitButton>
          <p className="text-center text-sm">
            {t("referral:join.haveAccount")}{" "}
            <Link to="/login" className="font-medium text-primary underline">
              {t("referral:join.signIn")}
            </Link>
          </p>
        </Form>
      )}
    </div>
  );
}

/** The errors of a refused post, each a link to its field; takes the focus when it appears (with JavaScript). */
function ErrorSummary({ entries, focusKey }: { entries: { id: string; label: string; messages: string[] }[]; focusKey: string }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const focused = useRef<string | null>(null);
  const shown = entries.length > 0;
  // Once per submit (or server reply), when its errors show — never at a keystroke. After conform's own focus on the
  // first invalid field (this effect runs after the render its validation caused).
  useEffect(() => {
    if (!shown || focused.current === focusKey) return;
    focused.current = focusKey;
    ref.current?.focus();
  }, [focusKey, shown]);
  if (entries.length === 0) return null;
  return (
    <div ref={ref} tabIndex={-1} role="alert" aria-labelledby="join-error-summary-title" className="rounded-md border border-error bg-error-subtle p-4 text-sm text-error" data-testid="error-summary">
      <h2 id="join-error-summary-title" className="font-semibold">
        {t("referral:join.errorSummary")}
      </h2>
      <ul className="mt-2 list-disc ps-5">
        {entries.map((entry) => (
          <li key={entry.id}>
            <a href={`#${entry.id}`} className="inline-block min-h-6 py-0.5 underline underline-offset-4">
              {entry.label}: {entry.messages.map((m) => translateMessage(t, m)).join(" ")}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
