import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/set-password";
import { FormErrors, SubmitButton, TextField } from "~/components/form-field";
import { getT } from "~/lib/i18n.server";
import type { RouteHandle } from "~/lib/route-handle";
import { setPasswordSchema } from "~/lib/schemas/auth";
import { notify, notifyUpstreamError } from "~/lib/toast.server";
import { translateUpstreamMessage } from "~/lib/upstream-messages";
import { getUpstream, upstreamFieldErrors } from "~/lib/upstream.server";

export const handle = { title: "common:pages.setPassword" } satisfies RouteHandle;

/**
 * Set a new password from the emailed link (?code=…&id=…): spec §5 password rules, each with its own message;
 * POST /actions/users/set-password, then PasswordChanged (spec §4). The flow is finished by a later issue.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const t = getT(context);
  const submission = parseWithZod(await request.formData(), { schema: setPasswordSchema });
  if (submission.status !== "success") {
    return data({ reply: submission.reply({ hideFields: ["newPassword", "passwordConfirm"] }) }, { status: 400 });
  }
  try {
    const response = await getUpstream(context).post<unknown>("/actions/users/set-password", submission.value);
    if (response.message) notify(context, "success", translateUpstreamMessage(response.message, t));
    return redirect("/password-changed");
  } catch (error) {
    notifyUpstreamError(context, error, t);
    return data(
      { reply: submission.reply({ fieldErrors: upstreamFieldErrors(error, t), hideFields: ["newPassword", "passwordConfirm"] }) },
      { status: 400 },
    );
  }
}

export default function SetPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const [form, fields] = useForm<{ code: string; id?: number; newPassword: string; passwordConfirm: string }>({
    id: "set-password",
    lastResult: actionData?.reply as SubmissionResult<string[]> | undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: setPasswordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t("common:pages.setPassword")}</h1>
        <p className="text-muted-foreground">{t("common:setPassword.intro")}</p>
      </div>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <FormErrors errors={form.errors} id={form.errorId} />
        <input type="hidden" name="code" value={params.get("code") ?? ""} />
        <input type="hidden" name="id" value={params.get("id") ?? ""} />
        <TextField
          field={fields.newPassword}
          label={t("common:setPassword.password")}
          type="password"
          autoComplete="new-password"
          hint={t("common:setPassword.rules")}
        />
        <TextField field={fields.passwordConfirm} label={t("common:setPassword.confirmPassword")} type="password" autoComplete="new-password" />
        <SubmitButton pending={navigation.state === "submitting"}>{t("common:setPassword.submit")}</SubmitButton>
        <Link to="/login" className="text-center text-sm font-medium text-primary underline">
          {t("common:login.backToSignIn")}
        </Link>
      </Form>
    </div>
  );
}
