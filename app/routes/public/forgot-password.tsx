import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "~/lib/parse-form.server";
import { useTranslation } from "~/lib/use-translation";
import { checkForm, FORGOT_PASSWORD_CHECKS } from "~/lib/form-checks";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/forgot-password";
import { FormErrors, SubmitButton, TextField } from "~/components/form-field";
import { getT } from "~/lib/i18n.server";
import type { RouteHandle } from "~/lib/route-handle";
import { forgotPasswordSchema } from "~/lib/schemas/auth";
import { getWebSession } from "~/lib/session.server";
import { errorToastMessage, notifyUpstreamError } from "~/lib/toast.server";
import { upstreamFieldErrors, UpstreamError } from "~/lib/upstream.server";
import { passwordResetApi } from "~/lib/account-security.server";
import { readForm } from "~/lib/csrf.server";

export const handle = { title: "common:pages.forgotPassword", guestPage: true } satisfies RouteHandle;

/**
 * Password-reset request (spec §4): POST /actions/users/send-password-reset-email. The upstream answers the
 * same way whether or not the account exists, so the page does too: the login name is kept (flash) for the
 * ResetPasswordLink page (/reset-link), which says where the link went and to check spam after 15 minutes.
 * Failures (a rate limit: "Too many attempts. Try again in N minutes.") show beside the form and as a toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const t = getT(context);
  const submission = parseWithZod(await readForm(request), { schema: forgotPasswordSchema });
  if (submission.status !== "success") return data({ reply: submission.reply() }, { status: 400 });
  try {
    await passwordResetApi.sendResetLink(context, submission.value);
    getWebSession(context).flashResetLoginName(submission.value.loginName);
    return redirect("/reset-link");
  } catch (error) {
    notifyUpstreamError(context, error, t);
    const fieldErrors = upstreamFieldErrors(error, t);
    return data(
      { reply: submission.reply({ fieldErrors, formErrors: Object.keys(fieldErrors).length > 0 ? [] : [errorToastMessage(error, t)] }) },
      { status: error instanceof UpstreamError && error.status === 429 ? 429 : 400 },
    );
  }
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useForm<{ loginName: string }>({
    id: "forgot-password",
    lastResult: actionData?.reply as SubmissionResult<string[]> | undefined,
    onValidate: ({ formData }) => checkForm(formData, FORGOT_PASSWORD_CHECKS),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t("common:pages.forgotPassword")}</h1>
        <p className="text-muted-foreground">{t("common:forgotPassword.intro")}</p>
      </div>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <FormErrors errors={form.errors} id={form.errorId} />
        <TextField field={fields.loginName} label={t("common:login.email")} type="email" autoComplete="email" inputMode="email" />
        <SubmitButton pending={navigation.state === "submitting"}>{t("common:forgotPassword.submit")}</SubmitButton>
        <Link to="/login" className="text-center text-sm font-medium text-primary underline">
          {t("common:login.backToSignIn")}
        </Link>
      </Form>
    </div>
  );
}
