import { cardBrand, cardDigits, cardExpired, luhnValid } from "../../api/contract/card-rules.ts";
import { V } from "../../api/contract/rules.ts";
import { matches, maxLength, notBlank, type FormChecks } from "./form-checks.ts";

/**
 * The browser's checks of the add-card form of the payment-details page (its schema: addCardFormSchema of
 * app/lib/schemas/account.ts). How checks work, and the test that holds them to the schema:
 * app/lib/form-checks.ts, tests/unit/form-checks.test.ts.
 */

const CARD_LENGTH = /^\d{12,19}$/;
const HOLDER_NAME = /^[\p{L}\p{M} '’.-]*$/u;

/** A month or year as typed: a number, or NaN when it is not one. */
const typedNumber = (value: string) => (value.trim() === "" ? Number.NaN : Number(value.trim()));
const expYear = (value: string) => {
  const n = typedNumber(value);
  return Number.isInteger(n) && n >= 0 && n < 100 ? 2000 + n : n;
};

/** Add a card (the local provider): number, expiry, security code and name; then expiry and code length by brand. */
export const ADD_CARD_CHECKS: FormChecks = {
  fields: {
    cardNumber: [
      [notBlank],
      [
        (value) => {
          const digits = cardDigits(value.trim());
          if (!CARD_LENGTH.test(digits) || !luhnValid(digits)) return V.cardNumber;
          return cardBrand(digits) === null ? V.cardBrand : null;
        },
      ],
    ],
    expMonth: [[(value) => (Number.isInteger(typedNumber(value)) && typedNumber(value) >= 1 && typedNumber(value) <= 12 ? null : V.cardExpMonth)]],
    expYear: [[(value) => (Number.isInteger(expYear(value)) && expYear(value) >= 2000 && expYear(value) <= 2100 ? null : V.cardExpYear)]],
    cvc: [[notBlank, matches(/^\d{3,4}$/, V.cardCvc)]],
    name: [[notBlank, maxLength(100), matches(HOLDER_NAME, V.name)]],
  },
  refine: ({ cardNumber, expMonth, expYear: year, cvc }) => {
    const month = typedNumber(expMonth);
    const fullYear = expYear(year);
    const brand = cardBrand(cardDigits(cardNumber.trim()));
    const code = cvc.trim();
    return {
      expMonth: Number.isInteger(month) && Number.isInteger(fullYear) && cardExpired(month, fullYear) ? [V.cardExpired] : [],
      cvc: brand && /^\d{3,4}$/.test(code) && code.length !== (brand === "amex" ? 4 : 3) ? [V.cardCvc] : [],
    };
  },
};
