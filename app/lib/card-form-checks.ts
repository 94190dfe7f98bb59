import {
  CARD_NUMBER_PATTERN,
  CVC_PATTERN,
  HOLDER_NAME_PATTERN,
  cardBrand,
  cardDigits,
  cardExpired,
  cvcLength,
  fullExpYear,
  luhnValid,
  typedNumber,
} from "../../api/contract/card-rules.ts";
import { V } from "../../api/contract/rules.ts";
import { matches, maxLength, notBlank, type Check, type FormChecks } from "./form-checks.ts";

/**
 * The browser's checks of the add-card form of the payment-details page (its schema: addCardFormSchema of
 * app/lib/schemas/account.ts), from the same card rules (api/contract/card-rules.ts). How checks work, and the
 * test that holds them to the schema: app/lib/form-checks.ts, tests/unit/form-checks.test.ts.
 */

/** A whole number from `min` to `max` once read by `read`, else `message`. */
const wholeNumber =
  (read: (value: string) => number, min: number, max: number, message: string): Check =>
  (value) => {
    const n = read(value);
    return Number.isInteger(n) && n >= min && n <= max ? null : message;
  };

/** Add a card (the local provider): number, expiry, security code and name; then expiry and code length by brand. */
export const ADD_CARD_CHECKS: FormChecks = {
  fields: {
    cardNumber: [
      [notBlank],
      [
        (value) => {
          const digits = cardDigits(value.trim());
          if (!CARD_NUMBER_PATTERN.test(digits) || !luhnValid(digits)) return V.cardNumber;
          return cardBrand(digits) === null ? V.cardBrand : null;
        },
      ],
    ],
    expMonth: [[wholeNumber(typedNumber, 1, 12, V.cardExpMonth)]],
    expYear: [[wholeNumber((value) => fullExpYear(typedNumber(value)), 2000, 2100, V.cardExpYear)]],
    cvc: [[notBlank, matches(CVC_PATTERN, V.cardCvc)]],
    name: [[notBlank, maxLength(100), matches(HOLDER_NAME_PATTERN, V.name)]],
  },
  refine: ({ cardNumber, expMonth, expYear, cvc }) => {
    const month = typedNumber(expMonth);
    const year = fullExpYear(typedNumber(expYear));
    const brand = cardBrand(cardDigits(cardNumber.trim()));
    const code = cvc.trim();
    return {
      expMonth: Number.isInteger(month) && Number.isInteger(year) && cardExpired(month, year) ? [V.cardExpired] : [],
      cvc: brand && CVC_PATTERN.test(code) && code.length !== cvcLength(brand) ? [V.cardCvc] : [],
    };
  },
};
