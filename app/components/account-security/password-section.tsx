import { getFormProps, useForm } from "@conform-to/react";
import { useTranslation } from "~/lib/use-translation";
import { Form } from "react-router";
import { FormErrors, SubmitButton, TextField } from "~/components/form-field";
import { CHANGE_PASSWORD_CHECKS, checkForm } from "~/lib/form-checks";
import { NewPasswordFields } from "./new-password-fields";
import { IntentField, SecuritySection, replyFor, useClearSecrets, useSubmitting, type HeadingLevel } from "./shared";
import type { SecurityActionData } from "./types";

/** Change password (POST /api/v1/users/update-password): the current password, then a new one under the spec §5 rules. */
export function PasswordSection({ level, actionData }: { level: HeadingLevel; actionData: SecurityActionData | undefined }) {
  const { t } = useTranslation();
  const submitting = useSubmitting("change-password");
  const lastResult = replyFor(actionData, "change-password")?.reply;
  useClearSecrets("change-password", lastResult, "currentPassword", "newPassword", "passwordConfirm");
  const [form, fields] = useForm<{ currentPassword: string; newPassword: string; passwordConfirm: string }>({
    id: "change-password",
    lastResult,
    onValidate: ({ formData }) => checkForm(formData, CHANGE_PASSWORD_CHECKS),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <SecuritySection id="password" title={t("security:password.title")} level={level} description={t("security:password.description")}>
      <Form method="post" {...getFormProps(form)} className="flex max-w-md flex-col gap-4">
        <IntentField intent="change-password" />
        <FormErrors errors={form.errors} id={form.errorId} />
        <TextField field={fields.currentPassword} label={t("security:password.current")} type="password" autoComplete="current-password" />
        <NewPasswordFields newPassword={fields.newPassword} passwordConfirm={fields.passwordConfirm} lastResult={lastResult} />
        <SubmitButton pending={submitting} className="self-start">
          {t("security:password.submit")}
        </SubmitButton>
      </Form>
    </SecuritySection>
  );
}
