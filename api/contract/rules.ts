/**
 * The message keys of the shared validation rules (spec §5), i18n keys of the "validation" namespace
 * (locales/<lng>/validation.json), and the patterns of names and US phone numbers.
 * Plain constants and functions, no zod:
 * the browser imports them (app/lib/form-checks.ts) without the schemas of ./validation.ts, which re-exports
 * them.
 */
export const V = {
  required: "validation.required",
  email: "validation.email",
  maxLength: "validation.maxLength",
  minLength: "validation.minLength",
  requiredIf: "validation.requiredIf",
  name: "validation.name",
  phone: "validation.phone",
  invalid: "validation.invalid",
  totpCode: "validation.totpCode",
  recoveryCode: "validation.recoveryCode",
  codeOrPassword: "validation.codeOrPassword",
  // Patient account (api/contract/patient-account.ts).
  dobInvalid: "validation.dateOfBirth.invalid",
  dobFuture: "validation.dateOfBirth.future",
  dobTooOld: "validation.dateOfBirth.tooOld",
  dobUnderage: "validation.dateOfBirth.underage",
  dobPatientsOnly: "validation.dateOfBirth.patientsOnly",
  timeZone: "validation.timeZone",
  utcOffset: "validation.utcOffset",
  addressType: "validation.addressType",
  addressTitle: "validation.addressTitle",
  state: "validation.state",
  zip: "validation.zip",
  cardNumber: "validation.card.number",
  cardBrand: "validation.card.brand",
  cardExpMonth: "validation.card.expMonth",
  cardExpYear: "validation.card.expYear",
  cardExpired: "validation.card.expired",
  cardCvc: "validation.card.cvc",
} as const;

/** Names: only letters, spaces, dash and apostrophe (spec §5). */
export const NAME_PATTERN = /^[\p{L}\p{M} '’-]*$/u;

/** US phone: 10 digits, optionally with country code 1; punctuation allowed when typing. */
export const PHONE_PATTERN = /^\+?1?[\s.-]?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}$/;

/** A valid US phone number (PHONE_PATTERN) as stored: "+1" and the ten digits, e.g. "+15551234567". */
export function phoneE164(raw: string): string {
  const digits = raw.replace(/\D/g, "");
  return `+1${digits.length === 11 ? digits.slice(1) : digits}`;
}
