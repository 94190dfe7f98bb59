/**
 * Formatters for the business constants of spec §9: currency, dates with the profile UTC offset,
 * relative comment time, remaining-time colour, durations and US phone numbers.
 *
 * Pure functions, no dependency on the process time zone: a date is shifted by the profile's UTC
 * offset and then read with the getUTC* accessors, so the server's TZ never leaks into the output.
 *
 * Texts come from the "format" namespace (locales/*\/format.json). Pass either an i18next `t`
 * (any namespace: the key is looked up with `{ ns: "format" }`) or a `locale`; without `t` the bundled
 * en-US / es-US tables are used, falling back to en-US.
 */
import enUS from "../../locales/en-US/format.json";
import esUS from "../../locales/es-US/format.json";

export type FormatT = (key: string, options?: Record<string, unknown>) => string;

export interface TextOptions {
  /** BCP 47 locale, "en-US" (default) or "es-US". */
  locale?: string;
  /** An i18next t function; keys are looked up in the "format" namespace. */
  t?: FormatT;
}

type Table = typeof enUS;
const tables: Record<string, Table> = { "en-US": enUS, "es-US": esUS as Table };

function tableFor(locale: string | undefined): { table: Table; locale: string } {
  if (locale && tables[locale]) return { table: tables[locale], locale };
  const language = locale?.split("-")[0];
  const match = Object.keys(tables).find((key) => key.split("-")[0] === language);
  return match ? { table: tables[match], locale: match } : { table: enUS, locale: "en-US" };
}

function lookup(table: Table, path: string): string | undefined {
  let node: unknown = table;
  for (const part of path.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : undefined;
}

const pluralRulesByLocale = new Map<string, Intl.PluralRules>();
/** `locale` is one of the bundled tables' (tableFor): one Intl.PluralRules each, made once. */
function pluralRules(locale: string): Intl.PluralRules {
  let rules = pluralRulesByLocale.get(locale);
  if (!rules) pluralRulesByLocale.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules;
}

/** Translate `key` (with i18next-style `_one`/`_many`/`_other` plural suffixes when `count` is given). */
function text(key: string, options: TextOptions, count?: number): string {
  if (options.t) {
    return count === undefined ? options.t(key, { ns: "format" }) : options.t(key, { ns: "format", count });
  }
  const { table, locale } = tableFor(options.locale);
  let template: string | undefined;
  if (count !== undefined) {
    const category = pluralRules(locale).select(count);
    template = lookup(table, `${key}_${category}`) ?? lookup(table, `${key}_other`);
  } else {
    template = lookup(table, key);
  }
  template ??= lookup(enUS, count === undefined ? key : `${key}_other`) ?? key;
  return count === undefined ? template : template.replaceAll("{{count}}", String(count));
}

/* ------------------------------------------------------------------------------------------------ */
/* Currency                                                                                          */
/* ------------------------------------------------------------------------------------------------ */

export interface CurrencyOptions {
  /** Show two decimals (spec §9: zero decimals unless cents are requested). */
  cents?: boolean;
  /** The value is an integer number of cents (e.g. 50500 for $505.00) rather than dollars. */
  fromCents?: boolean;
  /** ISO 4217 code, default "usd". */
  currency?: string;
  /** Default "en-US". */
  locale?: string;
}

/** formatCurrency(505) → "$505"; formatCurrency(50550, { fromCents: true, cents: true }) → "$505.50". */
export function formatCurrency(value: number, options: CurrencyOptions = {}): string {
  const { cents = false, fromCents = false, currency = "usd", locale = "en-US" } = options;
  const amount = fromCents ? value / 100 : value;
  return currencyFormatter(locale, currency.toUpperCase(), cents).format(amount);
}

/** One Intl.NumberFormat per (locale, currency, decimals), made once: building one costs more than formatting. */
const currencyFormatters = new Map<string, Intl.NumberFormat>();
function currencyFormatter(locale: string, currency: string, cents: boolean): Intl.NumberFormat {
  const key = `${locale}\u0000${currency}\u0000${cents}`;
  let formatter = currencyFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: "currency", currency, minimumFractionDigits: cents ? 2 : 0, maximumFractionDigits: cents ? 2 : 0 });
    // Locales and currencies come from the code and the contract's enums; the bound only guards against surprises.
    if (currencyFormatters.size >= 64) currencyFormatters.clear();
    currencyFormatters.set(key, formatter);
  }
  return formatter;
}

/* ------------------------------------------------------------------------------------------------ */
/* Dates                                                                                             */
/* ------------------------------------------------------------------------------------------------ */

/** Weeks start on Sunday (spec §9); pass to date-fns as `{ weekStartsOn }`. */
export const weekStartsOn = 0 as const;

export type DateInput = Date | string | number;

export interface DateOptions extends TextOptions {
  /**
   * The profile's time zone as minutes east of UTC (UTC−7 / PDT = −420, UTC+5:30 = 330).
   * Default 0 (UTC). Applied as is: the server's own time zone is never used.
   */
  utcOffsetMinutes?: number;
  /** Append the 12-hour time "hh:mm am". */
  withTime?: boolean;
}

function toDate(input: DateInput): Date {
  return input instanceof Date ? input : new Date(input);
}

const pad = (n: number) => String(n).padStart(2, "0");

/** "03/09/2025", or with `withTime` "03/09/2025 02:05 pm", in the profile's UTC offset. */
export function formatDate(input: DateInput, options: DateOptions = {}): string {
  const date = toDate(input);
  if (Number.isNaN(date.getTime())) return "";
  const shifted = new Date(date.getTime() + (options.utcOffsetMinutes ?? 0) * 60_000);
  const day = `${pad(shifted.getUTCMonth() + 1)}/${pad(shifted.getUTCDate())}/${shifted.getUTCFullYear()}`;
  if (!options.withTime) return day;
  const hours24 = shifted.getUTCHours();
  const hours12 = hours24 % 12 === 0 ? 12 : hours24 % 12;
  const meridiem = text(hours24 < 12 ? "time.am" : "time.pm", options);
  return `${day} ${pad(hours12)}:${pad(shifted.getUTCMinutes())} ${meridiem}`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Relative comment time (spec §9): under 1 minute "just now", under 60 minutes "n minutes ago",
 * under 24 hours "n hours ago", under 30 days "n days ago", else the date mm/dd/yyyy in the
 * profile's offset. A date in the future (clock skew) reads "just now".
 */
export function relativeTime(input: DateInput, now: DateInput = new Date(), options: DateOptions = {}): string {
  const date = toDate(input);
  if (Number.isNaN(date.getTime())) return "";
  const elapsed = toDate(now).getTime() - date.getTime();
  if (elapsed < MINUTE) return text("relative.justNow", options);
  if (elapsed < HOUR) return text("relative.minutes", options, Math.floor(elapsed / MINUTE));
  if (elapsed < DAY) return text("relative.hours", options, Math.floor(elapsed / HOUR));
  if (elapsed < 30 * DAY) return text("relative.days", options, Math.floor(elapsed / DAY));
  return formatDate(date, { ...options, withTime: false });
}

export type RemainingTimeColour = "error" | "warning" | "success";

/** Remaining-time colour (spec §9): error under 1 hour, warning under 12 hours, else success. */
export function remainingTimeColour(remainingMs: number): RemainingTimeColour {
  if (remainingMs < HOUR) return "error";
  if (remainingMs < 12 * HOUR) return "warning";
  return "success";
}

/**
 * Duration as days, hours, minutes (spec §9): "2 days, 3 hours, 5 minutes". Zero parts are left out;
 * under a minute (or negative) reads "0 minutes". Seconds are truncated.
 */
export function formatDuration(ms: number, options: TextOptions = {}): string {
  const total = Math.max(0, Math.floor(ms / MINUTE));
  const days = Math.floor(total / (24 * 60));
  const hours = Math.floor((total % (24 * 60)) / 60);
  const minutes = total % 60;
  const parts: string[] = [];
  if (days) parts.push(text("duration.days", options, days));
  if (hours) parts.push(text("duration.hours", options, hours));
  if (minutes || parts.length === 0) parts.push(text("duration.minutes", options, minutes));
  return parts.join(text("duration.separator", options));
}

/* ------------------------------------------------------------------------------------------------ */
/* Phone numbers (US)                                                                                */
/* ------------------------------------------------------------------------------------------------ */

function nationalDigits(raw: string): string | undefined {
  const digits = raw.replace(/\D/g, "");
  if (digits.length === 10) return digits;
  if (digits.length === 11 && digits.startsWith("1")) return digits.slice(1);
  return undefined;
}

/** "5551234567" or "+1 555 123 4567" → "(555) 123-4567"; anything else is returned unchanged. */
export function formatPhone(raw: string): string {
  const national = nationalDigits(raw);
  if (!national) return raw;
  return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
}

/**
 * Digits with a plus sign for the save-address payload (spec §3): "(555) 123-4567" → "+15551234567".
 * Numbers that are not 10 digits (or 11 starting with 1) keep their own digits: "+" + digits;
 * no digits at all gives "".
 */
export function phoneDigits(raw: string): string {
  const national = nationalDigits(raw);
  if (national) return `+1${national}`;
  const digits = raw.replace(/\D/g, "");
  return digits ? `+${digits}` : "";
}
