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
  // Chart sign-off (api/contract/review-queues.ts).
  chartConsent: "validation.chartConsent",
  // Joining from a referral invitation (api/contract/referral-join.ts).
  joinConsent: "validation.joinConsent",
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

/**
 * A message key with its values in one string, `validation.maxLength?max=100`: a form's field errors are strings
 * (conform's `string[]`), so the values a message needs ride with its key from the check that found them (the
 * server's zod parse, the browser's checks) to `translateMessage`, which splits them again. A key without values
 * stays the bare key.
 */
export type MessageParams = Record<string, string | number>;
export function messageWithParams(key: string, params?: MessageParams): string {
  const entries = Object.entries(params ?? {});
  return entries.length === 0 ? key : `${key}?${new URLSearchParams(entries.map(([name, value]) => [name, String(value)])).toString()}`;
}

/** `messageWithParams` undone: the key and its values (numbers where a value is a number). */
export function splitMessage(message: string): { key: string; params: MessageParams } {
  const at = message.indexOf("?");
  if (at < 0 || !/^[a-z][\w.]*$/i.test(message.slice(0, at))) return { key: message, params: {} };
  const params: MessageParams = {};
  for (const [name, value] of new URLSearchParams(message.slice(at + 1))) params[name] = /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
  return { key: message.slice(0, at), params };
}

/** 'The maximum length allowed is {{max}}' with its number. */
export const maxLengthMessage = (max: number) => messageWithParams(V.maxLength, { max });
