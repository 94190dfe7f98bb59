import type { FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import { useTranslation } from "~/lib/use-translation";
import { TextField } from "~/components/form-field";
import { CheckIcon, XIcon } from "~/components/ui/icons";
import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/utils";
import { passwordProblems, type PasswordRule } from "../../../api/contract/account-rules.ts";

/** The rules of spec §5 in the order the checklist shows them (the API's rule names). */
const RULES: readonly PasswordRule[] = ["tooShort", "uppercase", "lowercase", "digit", "spaces"];

/**
 * "New password" and "Confirm new password" (spec §5 rules, each failing rule its own message beside the
 * field). Without JavaScript the rules are one sentence under the field and the server lists what fails;
 * with it the sentence becomes a checklist that ticks each rule off as you type (the same
 * `passwordProblems` the API's schema uses). The checklist is the field's description, not a live region,
 * so it is read when the field is focused rather than at every keystroke.
 */
export function NewPasswordFields({
  newPassword,
  passwordConfirm,
  newLabel,
  confirmLabel,
  lastResult,
}: {
  newPassword: FieldMetadata<string | undefined>;
  passwordConfirm: FieldMetadata<string | undefined>;
  newLabel?: string;
  confirmLabel?: string;
  /** The form's last server reply: a new one empties the password (and so the checklist). */
  lastResult?: unknown;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  // What is typed; forgotten when the field is re-created or a server reply arrives (it hides the password).
  const [typed, setTyped] = useState({ key: newPassword.key, reply: lastResult, value: "" });
  const value = typed.key === newPassword.key && typed.reply === lastResult ? typed.value : "";
  const failing = new Set(passwordProblems(value));
  const checklist = (
    <span className="grid gap-0.5" data-testid="password-checklist">
      {RULES.map((rule) => {
        const met = !failing.has(rule);
        return (
          <span key={rule} className={cn("flex items-center gap-1.5", met ? "text-success" : "text-muted-foreground")} data-rule={rule} data-met={met}>
            {met ? <CheckIcon className="size-4 shrink-0" /> : <XIcon className="size-4 shrink-0" />}
            <span className="sr-only">{met ? t("security:password.ruleMet") : t("security:password.ruleMissing")}</span>
            <span>{t(`security:password.rules.${rule}`)}</span>
          </span>
        );
      })}
    </span>
  );
  return (
    <>
      <TextField
        field={newPassword}
        label={newLabel ?? t("common:setPassword.password")}
        type="password"
        autoComplete="new-password"
        hint={hydrated ? checklist : t("common:setPassword.rules")}
        onInput={(event) => setTyped({ key: newPassword.key, reply: lastResult, value: event.currentTarget.value })}
      />
      <TextField field={passwordConfirm} label={confirmLabel ?? t("common:setPassword.confirmPassword")} type="password" autoComplete="new-password" />
    </>
  );
}
