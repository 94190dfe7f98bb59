import { getFormProps, useForm } from "@conform-to/react";
import { useEffect } from "react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/login";
import { FormErrors, SubmitButton, TextField } from "~/components/form-field";
import { homeFor } from "~/lib/home";
import { afterSignIn, authenticator, getViewer, safeRedirect } from "~/lib/auth.server";
import { getT } from "~/lib/i18n.server";
import type { RouteHandle } from "~/lib/route-handle";
import { signInSchema } from "~/lib/schemas/auth";
import { errorToastMessage, notify, redirectWithToast } from "~/lib/toast.server";
import { translateUpstreamMessage } from "~/lib/upstream-messages";
import { UpstreamError } from "~/lib/upstream.server";

export const handle = { title: "common:pages.login" } satisfies RouteHandle;

/** A signed-in visitor is sent on by role (spec §2 Public, §4 Login). */
export function loader({ context }: Route.LoaderArgs) {
  const { role } = getViewer(context);
  if (role !== "guest") throw redirect(homeFor(role));
  return null;
}

/**
 * Sign-in (spec §4 Login): email + password through remix-auth's FormStrategy; when the upstream answers
 * with a TOTP challenge, the same page asks for the code (second strategy). Success: a success toast with
 * the upstream message and a redirect back to the page the user came for (if their role may open it) or
 * to their home. Errors sit beside the fields (conform) and, for upstream failures, in a toast (spec §8).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const t = getT(context);
  const formData = await request.clone().formData();
  const submission = parseWithZod(formData, { schema: signInSchema });
  const step = formData.get("intent") === "totp" ? "totp" : "password";
  if (submission.status !== "success") {
    return data({ step, reply: submission.reply({ hideFields: ["password", "code"] }) }, { status: 400 });
  }
  const { intent, redirectTo } = submission.value;
  try {
    const result = await authenticator(context).authenticate(intent, request);
    if (result.kind === "totp") {
      return data({ step: "totp" as const, reply: submission.reply({ resetForm: true }) });
    }
    return redirectWithToast(
      context,
      afterSignIn(result.role, safeRedirect(redirectTo)),
      "success",
      result.message ? translateUpstreamMessage(result.message, t) : t("common:upstream.signedIn"),
    );
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    const message = errorToastMessage(error, t);
    notify(context, "error", message);
    const fieldErrors: Record<string, string[]> = {};
    for (const [field, messages] of Object.entries(error.fieldErrors ?? {})) {
      fieldErrors[field === "loginName" ? "email" : field] = messages.map((m) => translateUpstreamMessage(m, t));
    }
    const status = error.status ?? 503;
    return data(
      {
        // A TOTP challenge that expired sends the user back to the password step.
        step: intent === "totp" && !/expired/i.test(error.message) ? ("totp" as const) : ("password" as const),
        reply: submission.reply({
          formErrors: Object.keys(fieldErrors).length > 0 ? [] : [message],
          fieldErrors,
          hideFields: ["password", "code"],
        }),
      },
      { status: status >= 400 ? status : 400 },
    );
  }
}

export default function Login({ actionData }: Route.ComponentProps) {
  const step = actionData?.step ?? "password";
  return step === "totp" ? <TotpStep lastResult={actionData?.reply} /> : <PasswordStep lastResult={actionData?.reply} />;
}

function useRedirectTo(): string {
  const [params] = useSearchParams();
  return params.get("redirectTo") ?? "";
}

type LastResult = Route.ComponentProps["actionData"] extends infer A ? (A extends { reply: infer R } ? R : undefined) : undefined;

function PasswordStep({ lastResult }: { lastResult: LastResult | undefined }) {
  const { t } = useTranslation();
  const redirectTo = useRedirectTo();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "sign-in",
    lastResult: lastResult?.initialValue?.intent === "totp" ? undefined : lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signInSchema }),
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
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "sign-in-code",
    lastResult: lastResult?.initialValue?.intent === "totp" ? lastResult : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signInSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const codeField = (fields as unknown as Record<"code", typeof fields.email>).code;
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
        <TextField
          field={codeField}
          label={t("common:login.code")}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          autoFocus
        />
        <SubmitButton pending={navigation.state === "submitting"}>{t("common:login.verify")}</SubmitButton>
        <Link to="/login" className="text-center text-sm font-medium text-primary underline">
          {t("common:login.backToSignIn")}
        </Link>
      </Form>
    </div>
  );
}
