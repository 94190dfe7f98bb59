import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useEffect } from "react";
import { Form, useNavigation } from "react-router";
import { AccountSection, FullWidthFormErrors, Intent, useSubmitting } from "~/components/account/section";
import { SubmitButton, TextField } from "~/components/form-field";
import { Alert } from "~/components/ui/alert";
import { Checkbox } from "~/components/ui/checkbox";
import { ADD_CARD_CHECKS } from "~/lib/card-form-checks";
import { checkForm } from "~/lib/form-checks";
import { useTranslation } from "~/lib/use-translation";

type Reply = SubmissionResult<string[]>;
/** Card data that never comes back into the page (nor into logs): the number and the security code. */
export const SECRET_FIELDS = ["cardNumber", "cvc"];

/**
 * The add-a-card form of the local billing provider (the patient's payment details page, and the pharmacy's order
 * page when the patient has no card): number, expiry, security code and name, checked as typed with JavaScript and
 * by the server without; a declined card shows spec §8's notice; the number and security code never come back.
 */
export function AddCardForm({
  lastResult,
  declined,
  action,
  hidden,
  title,
  description,
  makePrimaryChoice = true,
}: {
  lastResult: Reply | undefined;
  declined: string | null;
  /** Where the form posts (default: the current page). */
  action?: string;
  /** Extra hidden fields posted with the card (e.g. a cart to come back to). */
  hidden?: Record<string, string>;
  title?: string;
  description?: string;
  /** Offer "make this my primary card" (a first card is the primary anyway). */
  makePrimaryChoice?: boolean;
}) {
  const { t } = useTranslation();
  const submitting = useSubmitting("addCard");
  const navigation = useNavigation();
  const [form, f] = useForm<{ cardNumber: string; expMonth: string; expYear: string; cvc: string; name: string }>({
    id: "add-card",
    lastResult,
    // The form holds text (expiry month and year are typed as text and parsed to numbers by the schema).
    onValidate: ({ formData }) => checkForm(formData, ADD_CARD_CHECKS),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  // After a refused card the number and security code are emptied (without JavaScript the page comes back without them).
  useEffect(() => {
    // Any answer to this form is a refusal (a card that was added redirects).
    if (!lastResult || navigation.state !== "idle") return;
    const element = document.getElementById(form.id);
    if (!(element instanceof HTMLFormElement)) return;
    for (const name of SECRET_FIELDS) {
      const input = element.elements.namedItem(name);
      if (input instanceof HTMLInputElement) input.value = "";
    }
  }, [lastResult, navigation.state, form.id]);
  return (
    <AccountSection title={title ?? t("account:cards.addTitle")} description={description ?? t("account:cards.addIntro")}>
      {declined ? (
        <Alert variant="error" live="none" title={t("account:cards.declinedTitle")} data-testid="card-declined">
          <p>{declined}</p>
        </Alert>
      ) : null}
      <Form method="post" action={action} {...getFormProps(form)} className="grid gap-4 sm:grid-cols-6" autoComplete="on">
        <Intent value="addCard" />
        {Object.entries(hidden ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <FullWidthFormErrors errors={form.errors} id={form.errorId} />
        <div className="sm:col-span-6">
          <TextField
            field={f.cardNumber}
            label={t("account:cards.number")}
            autoComplete="cc-number"
            inputMode="numeric"
          />
        </div>
        <div className="sm:col-span-2">
          <TextField
            field={f.expMonth}
            label={t("account:cards.expMonth")}
            placeholder={t("account:cards.monthPlaceholder")}
            autoComplete="cc-exp-month"
            inputMode="numeric"
            maxLength={2}
          />
        </div>
        <div className="sm:col-span-2">
          <TextField
            field={f.expYear}
            label={t("account:cards.expYear")}
            placeholder={t("account:cards.yearPlaceholder")}
            autoComplete="cc-exp-year"
            inputMode="numeric"
            maxLength={4}
          />
        </div>
        <div className="sm:col-span-2">
          <TextField
            field={f.cvc}
            label={t("account:cards.cvc")}
            autoComplete="cc-csc"
            inputMode="numeric"
            maxLength={4}
          />
        </div>
        <div className="sm:col-span-6">
          <TextField field={f.name} label={t("account:cards.name")} autoComplete="cc-name" />
        </div>
        {makePrimaryChoice ? <Checkbox name="makePrimary" value="true" label={t("account:cards.makePrimaryOnAdd")} containerClassName="sm:col-span-6" /> : <input type="hidden" name="makePrimary" value="true" />}
        <div className="sm:col-span-6">
          <SubmitButton pending={submitting}>{t("account:cards.add")}</SubmitButton>
        </div>
      </Form>
    </AccountSection>
  );
}

