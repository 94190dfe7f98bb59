import { NAME_PATTERN, V } from "../../api/contract/rules.ts";
import { PASSWORD_MAX, PASSWORD_MISMATCH, PASSWORD_RULES, passwordProblems } from "../../api/contract/account-rules.ts";
import { matches, maxLength, notBlank, type FormChecks } from "./form-checks.ts";

/**
 * The browser's checks of /join (its schema: `joinFormSchema`, app/lib/schemas/referrals.ts): the same rules, no
 * zod; tests/unit/form-checks.test.ts holds the two together. The server parses every post and has the last word.
 */
const REQUIRED_NAME = [[notBlank, maxLength(100), matches(NAME_PATTERN, V.name)]] as const;
const PASSWORD_FIELD = [[maxLength(PASSWORD_MAX, false)]] as const;

export const JOIN_CHECKS: FormChecks = {
  fields: {
    firstName: REQUIRED_NAME,
    lastName: REQUIRED_NAME,
    newPassword: [[maxLength(PASSWORD_MAX, false)], [(value) => passwordProblems(value).map((rule) => PASSWORD_RULES[rule])]],
    passwordConfirm: PASSWORD_FIELD,
    // An unchecked box sends nothing: judged with the rules across fields below, with its own message.
    acceptTerms: [],
  },
  optional: ["acceptTerms"],
  refine: (values) => ({
    passwordConfirm: values.passwordConfirm !== values.newPassword ? [PASSWORD_MISMATCH] : [],
    acceptTerms: values.acceptTerms === "on" || values.acceptTerms === "true" ? [] : [V.joinConsent],
  }),
};
