import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/forgot-password";
import { FormErrors, SubmitButton, TextField } from "~/components/form-field";
import { getT } from "~/lib/i18n.server";
import type { RouteHandle } from "~/lib/route-handle";
import { forgotPasswordSchema } from "~/lib/schemas/auth";
import { getWebSession } from "~/lib/session.server";
import { notifyUpstreamError, redirectWithToast } from "~/lib/toast.server";
import { translateUpstreamMessage } from "~/lib/upstream-messages";
import { getUpstream, upstreamFieldErrors } from "~/lib/upstream.server";

export const handle = { title: "common:pages.forgotPassword" } satisfies RouteHandle;

/**
 * Password-reset request (spec §4): POST /actions/users/send-password-reset-email; on success the login
 * name is kept for the ResetPasswordLink page (/reset-link). The reset flow itself is finished by a later
 * issue; until the upstream has the endpoint its error is shown as a toast (spec §8).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const t = getT(context);
  const submission = parseWithZod(await request.formData(), { schema: forgotPasswordSchema });
  if (submission.status !== "success") return data({ reply: submission.reply() }, { status: 400 });
  try {
    const response = await getUpstream(context).post<unknown>("/actions/users/send-password-reset-email", submission.value);
    getWebSession(context).flashResetLoginName(submission.value.loginName);
    return redirectWithToast(context, "/reset-link", "success", response.message ? translateUpstreamMessage(response.message, t) : t("common:forgotPassword.sent"));
  } catch (error) {
    notifyUpstreamError(context, error, t);
    return data({ reply: submission.reply({ fieldErrors: upstreamFieldErrors(error, t) }) }, { status: 400 });
  }
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useForm<{ loginName: string }>({
    id: "forgot-password",
    lastResult: actionData?.reply as SubmissionResult<string[]> | undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema }),
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
