import { getFormProps, useForm } from "@conform-to/react";
import { useEffect } from "react";
import { parseWithZod } from "~/lib/parse-form.server";
import { useTranslation } from "~/lib/use-translation";
import { checkForm, RECOVERY_SIGN_IN_CHECKS, SIGN_IN_CHECKS, TOTP_SIGN_IN_CHECKS } from "~/lib/form-checks";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/login";
import { useClearSecrets } from "~/components/account-security/shared";
import { FormErrors, SubmitButton, TextField, TotpCodeField } from "~/components/form-field";
import { Alert } from "~/components/ui/alert";
import { homeFor } from "~/lib/home";
import { afterSignIn, authenticator, getViewer, safeRedirect, signedOutMessageKey } from "~/lib/auth.server";
import { getT } from "~/lib/i18n.server";
import type { RouteHandle } from "~/lib/route-handle";
import { signInSchema, type SignInStep } from "~/lib/schemas/auth";
import { getWebSession } from "~/lib/session.server";
import { errorToastMessage, notify, redirectWithToast } from "~/lib/toast.server";
import { translateFieldCode, translateSuccess } from "~/lib/upstream-messages";
import { UpstreamError } from "~/lib/upstream.server";
import { readForm } from "~/lib/csrf.server";

export const handle = { title: "common:pages.login", guestPage: true } satisfies RouteHandle;

/** Fields that never come back into the page after a failed post. */
const SECRET_FIELDS = ["password", "code", "recoveryCode"];

/**
 * A signed-in visitor is sent on by role (spec §2 Public, §4 Login). Otherwise: why the last session ended,
 * if it just did (once), and which step to show — `?step=totp` / `?step=recovery` (the links between the
 * two ways of passing the two-factor step) only while a password sign-in waits for that step.
 */
export function loader({ context, request }: Route.LoaderArgs) {
  const { role } = getViewer(context);
  if (role !== "guest") throw redirect(homeFor(role));
  const session = getWebSession(context);
  const signedOut = session.takeSignedOut();
  const asked = new URL(request.url).searchParams.get("step");
  const step: SignInStep = session.hasPendingTwoFactor && (asked === "totp" || asked === "recovery") ? asked : "password";
  return { step, signedOut: signedOut ? getT(context)(signedOutMessageKey(signedOut)) : null };
}

/**
 * Sign-in (spec §4 Login): email + password through remix-auth's FormStrategy; when the upstream answers
 * with a TOTP challenge, the same page asks for the code (second strategy), or for one of the recovery codes
 * (third strategy). Success: a success toast with the upstream message and a redirect back to the page the
 * user came for (if their role may open it) or to their home. Errors sit beside the fields (conform) and,
 * for upstream failures, in a toast (spec §8), rate limits included ("Too many attempts. Try again in N
 * minutes.", translated).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const t = getT(context);
  const formData = await readForm(request.clone());
  const submission = parseWithZod(formData, { schema: signInSchema });
  const posted = formData.get("intent");
  const step: SignInStep = posted === "totp" || posted === "recovery" ? posted : "password";
  if (submission.status !== "success") {
    return data({ step, notice: null as string | null, reply: submission.reply({ hideFields: SECRET_FIELDS }) }, { status: 400 });
  }
  const { intent, redirectTo } = submission.value;
  try {
    const result = await authenticator(context).authenticate(intent, request);
    if (result.kind === "totp") {
      return data({ step: "totp" as SignInStep, notice: null as string | null, reply: submission.reply({ resetForm: true }) });
    }
    return redirectWithToast(
      context,
      afterSignIn(result.role, safeRedirect(redirectTo)),
      "success",
      translateSuccess(result.notice, t, t("common:upstream.signedIn")),
    );
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    const message = errorToastMessage(error, t);
    notify(context, "error", message);
    const fieldErrors: Record<string, string[]> = {};
    for (const [field, messages] of Object.entries(error.fieldErrors ?? {})) {
      fieldErrors[field === "loginName" ? "email" : field] = messages.map((m, i) => translateFieldCode(error.fieldCodes?.[field]?.[i], m, t));
    }
    // A two-factor step that expired (5 minutes) sends the user back to the password step.
    const expired = intent !== "password" && (error.code === "auth.signInExpired" || (!error.code && /expired/i.test(error.message)));
    if (expired) getWebSession(context).setUpstreamCookie("th_mfa", null);
    const status = error.status ?? 503;
    return data(
      {
        step: expired ? ("password" as SignInStep) : intent,
        notice: expired ? message : (null as string | null),
        reply: submission.reply({
          formErrors: Object.keys(fieldErrors).length > 0 ? [] : [message],
          fieldErrors,
          hideFields: SECRET_FIELDS,
        }),
      },
      { status: status >= 400 ? status : 400 },
    );
  }
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const step = actionData?.step ?? loaderData.step;
  // A form gets the reply of its own post only (not the password step's reply that led to the code step).
  const replied = actionData?.reply.initialValue?.intent;
  const lastResult = actionData && (replied === undefined || replied === step) ? actionData.reply : undefined;
  if (step === "totp") return <TotpStep lastResult={lastResult} />;
  if (step === "recovery") return <RecoveryStep lastResult={lastResult} />;
  return <PasswordStep lastResult={lastResult} notice={actionData ? actionData.notice : loaderData.signedOut} />;
}

function useRedirectTo(): string {
  const [params] = useSearchParams();
  return params.get("redirectTo") ?? "";
}

/** /login?step=…, keeping the page to return to. */
function useStepLink(step: SignInStep): string {
  const redirectTo = useRedirectTo();
  const params = new URLSearchParams({ step });
  if (redirectTo) params.set("redirectTo", redirectTo);
  return `/login?${params.toString()}`;
}

type LastResult = Route.ComponentProps["actionData"] extends infer A ? (A extends { reply: infer R } ? R : undefined) : undefined;

/** `notice`: why the user is here again (signed out after inactivity; a two-factor step that expired). */
function PasswordStep({ lastResult, notice }: { lastResult: LastResult | undefined; notice: string | null }) {
  const { t } = useTranslation();
  const redirectTo = useRedirectTo();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "sign-in",
    lastResult,
    onValidate: ({ formData }) => checkForm<{ email: string; password: string }>(formData, SIGN_IN_CHECKS),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const emailField = fields.email as typeof fields.email & { errors?: string[] };
  // A refused password is not kept in the field (without JavaScript the page comes back without it too).
  useEffect(() => {
    if (lastResult?.status !== "error") return;
    const input = document.getElementById(fields.password.id);
    if (input instanceof HTMLInputElement) input.value = "";
  }, [lastResult, fields.password.id]);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t("common:pages.login")}</h1>
        <p className="text-muted-foreground">{t("common:login.intro")}</p>
      </div>
      {notice ? (
        <Alert variant="info" data-testid="sign-in-notice">
          {notice}
        </Alert>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <FormErrors errors={form.errors} id={form.errorId} />
        <input type="hidden" name="intent" value="password" />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <TextField field={emailField} label={t("common:login.email")} type="email" autoComplete="username" inputMode="email" />
        <TextField field={fields.password} label={t("common:login.password")} type="password" autoComplete="current-password" />
        <div className="flex justify-end">
          <Link to="/forgot-password" className="text-sm font-medium text-primary underline">
            {t("common:login.forgotPassword")}
          </Link>
        </div>
        <SubmitButton pending={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? t("common:login.submitting") : t("common:login.submit")}
        </SubmitButton>
      </Form>
    </div>
  );
}

function TotpStep({ lastResult }: { lastResult: LastResult | undefined }) {
  const { t } = useTranslation();
  const redirectTo = useRedirectTo();
  const recoveryLink = useStepLink("recovery");
  const navigation = useNavigation();
  useClearSecrets("sign-in-code", lastResult, "code");
  const [form, fields] = useForm({
    id: "sign-in-code",
    lastResult,
    onValidate: ({ formData }) => checkForm<{ code: string }>(formData, TOTP_SIGN_IN_CHECKS),
    // The field has the focus when the step opens: checking it on blur would show "required" (and move the
    // links below it) the moment the user reaches for another way to sign in.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const codeField = fields.code;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t("common:login.totpTitle")}</h1>
        <p className="text-muted-foreground">{t("common:login.totpIntro")}</p>
      </div>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <FormErrors errors={form.errors} id={form.errorId} />
        <input type="hidden" name="intent" value="totp" />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <TotpCodeField
          field={codeField}
          label={t("common:login.code")}
          autoFocus
        />
        <SubmitButton pending={navigation.state === "submitting"}>{t("common:login.verify")}</SubmitButton>
        <div className="flex flex-col items-center gap-1 text-center text-sm">
          <p className="text-muted-foreground">{t("security:login.noDevice")}</p>
          <Link to={recoveryLink} className="font-medium text-primary underline">
            {t("security:login.useRecoveryCode")}
          </Link>
        </div>
        <Link to="/login" className="text-center text-sm font-medium text-primary underline">
          {t("common:login.backToSignIn")}
        </Link>
      </Form>
    </div>
  );
}

/** The two-factor step with a recovery code instead of an authenticator code (single use). */
function RecoveryStep({ lastResult }: { lastResult: LastResult | undefined }) {
  const { t } = useTranslation();
  const redirectTo = useRedirectTo();
  const codeLink = useStepLink("totp");
  const navigation = useNavigation();
  useClearSecrets("sign-in-recovery", lastResult, "recoveryCode");
  const [form, fields] = useForm({
    id: "sign-in-recovery",
    lastResult,
    onValidate: ({ formData }) => checkForm<{ recoveryCode: string }>(formData, RECOVERY_SIGN_IN_CHECKS),
    // The field has the focus when the step opens: checking it on blur would show "required" (and move the
    // links below it) the moment the user reaches for another way to sign in.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const recoveryField = fields.recoveryCode;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t("security:login.recoveryTitle")}</h1>
        <p className="text-muted-foreground">{t("security:login.recoveryIntro")}</p>
      </div>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <FormErrors errors={form.errors} id={form.errorId} />
        <input type="hidden" name="intent" value="recovery" />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <TextField
          field={recoveryField}
          label={t("security:login.recoveryCode")}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={20}
          hint={t("security:login.recoveryHint")}
          autoFocus
        />
        <SubmitButton pending={navigation.state === "submitting"}>{t("common:login.verify")}</SubmitButton>
        <Link to={codeLink} className="text-center text-sm font-medium text-primary underline">
          {t("security:login.useAuthenticator")}
        </Link>
        <Link to="/login" className="text-center text-sm font-medium text-primary underline">
          {t("common:login.backToSignIn")}
        </Link>
      </Form>
    </div>
  );
}
