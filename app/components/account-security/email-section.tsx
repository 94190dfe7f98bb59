import { getFormProps, useForm } from "@conform-to/react";
import { useState } from "react";
import { useTranslation } from "~/lib/use-translation";
import { Form } from "react-router";
import { FormErrors, SubmitButton, TextField } from "~/components/form-field";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { CHANGE_EMAIL_CHECKS, checkForm } from "~/lib/form-checks";
import { useHydrated } from "~/lib/use-hydrated";
import { suggestEmail } from "../../../api/contract/email-suggest.ts";
import { IntentField, SecuritySection, replyFor, useSubmitting, type HeadingLevel } from "./shared";
import type { SecurityActionData } from "./types";

/**
 * The account's email and its change (PUT /api/v1/profile { user: { email } }): the link goes to the new
 * address and the email changes when it is opened (/confirm-email). Spec §5 "Did you mean {email}?" with
 * its warning: with JavaScript as you type (a button takes the suggestion); and on the server, which asks
 * once before sending a link to a likely typo — "use the suggestion" or "keep what I typed" — so it works
 * without JavaScript too.
 */
export function EmailSection({ level, email, actionData }: { level: HeadingLevel; email: string | null; actionData: SecurityActionData | undefined }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const submitting = useSubmitting("change-email");
  const mine = replyFor(actionData, "change-email");
  const [form, fields] = useForm<{ email: string }>({
    id: "change-email",
    lastResult: mine?.reply,
    onValidate: ({ formData }) => checkForm(formData, CHANGE_EMAIL_CHECKS),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const [typed, setTyped] = useState<{ key: string | undefined; value: string } | null>(null);
  const value = typed && typed.key === fields.email.key ? typed.value : (mine?.suggestion?.typed ?? "");
  const live = hydrated ? suggestEmail(value) : null;
  // The server's question covers what it was asked about; the live hint covers anything typed since.
  const serverSuggestion = mine?.suggestion && mine.suggestion.typed === value ? mine.suggestion : null;

  return (
    <SecuritySection id="email" title={t("security:email.title")} level={level}>
      <div className="flex max-w-md flex-col gap-4">
        {email ? (
          <p>
            {t("security:email.current")} <strong data-testid="current-email">{email}</strong>
          </p>
        ) : null}
        {mine?.emailSentTo ? (
          <Alert variant="success" title={t("security:email.sentTitle")} data-testid="email-sent">
            {t("security:email.sent", { email: mine.emailSentTo })}
          </Alert>
        ) : null}
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
          <IntentField intent="change-email" />
          <FormErrors errors={form.errors} id={form.errorId} />
          <TextField
            field={fields.email}
            label={t("security:email.new")}
            type="email"
            autoComplete="email"
            inputMode="email"
            hint={t("security:email.hint")}
            onInput={(event) => setTyped({ key: fields.email.key, value: event.currentTarget.value })}
          />
          <div role="status" aria-live="polite" data-testid="email-suggestion-live">
            {live && !serverSuggestion ? (
              <Alert variant="warning" live="none" title={t("validation:emailSuggestion", { email: live })}>
                <p>{t("validation:emailProbablyNotReal")}</p>
                <Button
                  variant="outline"
                  size="sm"
                  className="mt-2"
                  onClick={() => {
                    form.update({ name: fields.email.name, value: live });
                    setTyped({ key: fields.email.key, value: live });
                  }}
                >
                  {t("security:email.useSuggestion", { email: live })}
                </Button>
              </Alert>
            ) : null}
          </div>
          <SubmitButton pending={submitting} className="self-start">
            {t("security:email.submit")}
          </SubmitButton>
        </Form>
        {serverSuggestion ? (
          <Alert variant="warning" title={t("validation:emailSuggestion", { email: serverSuggestion.suggested })} data-testid="email-suggestion">
            <p>{t("validation:emailProbablyNotReal")}</p>
            <div className="mt-3 flex flex-wrap gap-2">
              <Form method="post">
                <IntentField intent="change-email" />
                <input type="hidden" name="email" value={serverSuggestion.suggested} />
                <Button type="submit" size="sm">
                  {t("security:email.useSuggestion", { email: serverSuggestion.suggested })}
                </Button>
              </Form>
              <Form method="post">
                <IntentField intent="change-email" />
                <input type="hidden" name="email" value={serverSuggestion.typed} />
                <input type="hidden" name="keepTypo" value="1" />
                <Button type="submit" size="sm" variant="outline">
                  {t("security:email.keepTyped", { email: serverSuggestion.typed })}
                </Button>
              </Form>
            </div>
          </Alert>
        ) : null}
      </div>
    </SecuritySection>
  );
}
