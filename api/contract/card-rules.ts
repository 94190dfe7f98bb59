/**
 * The card rules of spec §5 as plain constants and functions, no zod: brands, the Luhn check, expiry. The
 * API's schema (./patient-account.ts, which re-exports all of this) and the payment-details page's browser
 * checks (app/lib/card-form-checks.ts) use the same ones.
 */
export const CARD_BRANDS = ["visa", "mastercard", "amex", "discover"] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];
export const CARD_BRAND_LABELS: Record<CardBrand, string> = { visa: "Visa", mastercard: "Mastercard", amex: "American Express", discover: "Discover" };
/** Most cards one patient may keep. */
export const MAX_PAYMENT_METHODS = 10;

/** The card-declined notice of spec §8 (402 from add-card). */
export const CARD_DECLINED_MESSAGE = "Your card was declined. Please contact your bank to approve the charge, then try again.";

/** Numbers the local provider knows (documented in the header and the README). */
export const TEST_CARDS = {
  visa: "4242424242424242",
  mastercard: "5555555555554444",
  amex: "378282246310005",
  discover: "6011111111111117",
  declined: "4000000000000002",
  /** Saved without complaint, but every charge on it is declined (the local provider's test of a failed renewal). */
  chargeDeclines: "4000000000000341",
} as const;

/** Luhn (mod 10) check of a string of digits. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The brand of a card number by its prefix and length, or null. */
export function cardBrand(digits: string): CardBrand | null {
  const n = digits.length;
  if (/^4/.test(digits) && (n === 13 || n === 16 || n === 19)) return "visa";
  const p2 = Number(digits.slice(0, 2));
  const p4 = Number(digits.slice(0, 4));
  if (n === 16 && ((p2 >= 51 && p2 <= 55) || (p4 >= 2221 && p4 <= 2720))) return "mastercard";
  if (n === 15 && (p2 === 34 || p2 === 37)) return "amex";
  if ((n === 16 || n === 19) && (/^6011/.test(digits) || /^65/.test(digits) || /^64[4-9]/.test(digits))) return "discover";
  return null;
}

/** Is a card valid through the end of month/year at `now` (UTC)? */
export function cardExpired(expMonth: number, expYear: number, now: Date = new Date()): boolean {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth() + 1;
  return expYear < y || (expYear === y && expMonth < m);
}

/** A typed card number without its spaces and dashes. */
export const cardDigits = (v: string) => v.replace(/[\s-]/g, "");

/** 12 to 19 digits (after `cardDigits`). */
export const CARD_NUMBER_PATTERN = /^\d{12,19}$/;
/** The security code: 3 digits, 4 on American Express. */
export const CVC_PATTERN = /^\d{3,4}$/;
export const cvcLength = (brand: CardBrand) => (brand === "amex" ? 4 : 3);
/** The name on the card: letters, spaces, apostrophes, dots and dashes. */
export const HOLDER_NAME_PATTERN = /^[\p{L}\p{M} '’.-]*$/u;

/** A month or year as typed: its number, or NaN when it is blank or not a number. */
export const typedNumber = (v: string) => (v.trim() === "" ? Number.NaN : Number(v.trim()));
/** A two-digit expiry year is 20yy. */
export const fullExpYear = (year: number) => (Number.isInteger(year) && year >= 0 && year < 100 ? 2000 + year : year);
