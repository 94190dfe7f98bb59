/**
 * Patient account pages (issue 7), the pure parts: the form schemas built from the API contract, the save-address
 * payload of spec §3, the time-zone choices, and the account texts (every key the pages use exists in both
 * locales; the API's messages of these calls read in Spanish for es-US users).
 */
import { readFileSync, readdirSync } from "node:fs";
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { resources } from "../../app/lib/i18n.server";
import {
  addCardFormSchema,
  addressFormSchema,
  portalSessionParam,
  profileDetailsSchema,
  profileEmailSchema,
  timeZoneUpdate,
  toSaveAddressPayload,
  type AddressForm,
} from "../../app/lib/schemas/account";
import { NAMED_ZONES, offsetText, timeZoneOptions, timeZoneValue, UTC_OFFSETS } from "../../app/components/account/time-zones";
import { saveAddressRequestSchema } from "../../api/contract/patient-account";

const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) data.append(k, v);
  return data;
};
/** Field → first message key of a failed parse (conform, as the pages parse). */
function errorsOf(schema: Parameters<typeof parseWithZod>[1]["schema"], values: Record<string, string>) {
  const submission = parseWithZod(form(values), { schema });
  if (submission.status === "success") return {};
  return Object.fromEntries(Object.entries(submission.error ?? {}).map(([k, v]) => [k, v?.[0]]));
}
const mmddyyyy = (d: Date) => `${String(d.getUTCMonth() + 1).padStart(2, "0")}/${String(d.getUTCDate()).padStart(2, "0")}/${d.getUTCFullYear()}`;
const yearsAgo = (years: number, days = 0) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + days);
  return mmddyyyy(d);
};

describe("profile details form (spec §5 names, phone, date of birth; §3 time zone)", () => {
  const valid = { intent: "details", firstName: "Anne-Marie", middleName: "", lastName: "O'Neil", phone: "(415) 555-0123", dateOfBirth: "04/17/1988", timeZone: "America/Denver" };

  it("accepts letters, spaces, dashes and apostrophes; any US phone format; MM/DD/YYYY", () => {
    const submission = parseWithZod(form(valid), { schema: profileDetailsSchema });
    expect(submission.status).toBe("success");
    if (submission.status === "success") {
      expect(submission.value).toMatchObject({ firstName: "Anne-Marie", middleName: "", lastName: "O'Neil", dateOfBirth: "1988-04-17", timeZone: "America/Denver" });
    }
  });

  it("has a message for each rule", () => {
    expect(errorsOf(profileDetailsSchema, { ...valid, firstName: "Ann3", lastName: "", phone: "555-12" })).toEqual({
      firstName: "validation.name",
      lastName: "validation.required",
      phone: "validation.phone",
    });
    expect(errorsOf(profileDetailsSchema, { ...valid, dateOfBirth: "" })).toEqual({ dateOfBirth: "validation.required" });
    expect(errorsOf(profileDetailsSchema, { ...valid, dateOfBirth: "02/30/1990" })).toEqual({ dateOfBirth: "validation.dateOfBirth.invalid" });
    expect(errorsOf(profileDetailsSchema, { ...valid, dateOfBirth: yearsAgo(-1) })).toEqual({ dateOfBirth: "validation.dateOfBirth.future" });
    expect(errorsOf(profileDetailsSchema, { ...valid, dateOfBirth: yearsAgo(121) })).toEqual({ dateOfBirth: "validation.dateOfBirth.tooOld" });
    expect(errorsOf(profileDetailsSchema, { ...valid, dateOfBirth: yearsAgo(18, 1) })).toEqual({ dateOfBirth: "validation.dateOfBirth.underage" });
    expect(errorsOf(profileDetailsSchema, { ...valid, dateOfBirth: yearsAgo(18) })).toEqual({});
    expect(errorsOf(profileDetailsSchema, { ...valid, timeZone: "Mars/Olympus" })).toEqual({ timeZone: "validation.timeZone" });
    expect(errorsOf(profileDetailsSchema, { ...valid, timeZone: "offset:-299" })).toEqual({ timeZone: "validation.timeZone" });
  });

  it("an empty phone is allowed (it clears the number)", () => {
    expect(errorsOf(profileDetailsSchema, { ...valid, phone: "" })).toEqual({});
  });

  it("sends a named zone, or a bare offset with the zone cleared", () => {
    expect(timeZoneUpdate("America/Denver")).toEqual({ timeZone: "America/Denver" });
    expect(timeZoneUpdate("offset:-480")).toEqual({ timeZone: "", utcOffsetMinutes: -480 });
  });
});

describe("email form", () => {
  it("needs a valid address; remembers the address the suggestion was shown for", () => {
    expect(errorsOf(profileEmailSchema, { intent: "email", email: "not-an-email" })).toEqual({ email: "validation.email" });
    const ok = parseWithZod(form({ intent: "email", email: "ana@gmial.com", checkedEmail: "ana@gmial.com" }), { schema: profileEmailSchema });
    expect(ok.status).toBe("success");
  });
});

describe("time-zone choices", () => {
  const t = (key: string, options?: Record<string, unknown>) => `${key}${options ? JSON.stringify(options) : ""}`;
  it("lists the US zones by name first, then every UTC offset in use", () => {
    const options = timeZoneOptions(t, "America/Denver", new Date(Date.UTC(2025, 0, 15)));
    expect(options.slice(0, NAMED_ZONES.length).map((o) => o.value)).toEqual(NAMED_ZONES.map((z) => z.zone));
    expect(options).toHaveLength(NAMED_ZONES.length + UTC_OFFSETS.length);
    expect(options.find((o) => o.value === "America/Denver")?.label).toContain('"offset":"−07:00"');
    expect(timeZoneOptions(t, "America/Denver", new Date(Date.UTC(2025, 6, 15))).find((o) => o.value === "America/Denver")?.label).toContain('"offset":"−06:00"');
  });
  it("keeps a saved choice that is not in the lists", () => {
    expect(timeZoneOptions(t, "Europe/Madrid")[0].value).toBe("Europe/Madrid");
    expect(timeZoneOptions(t, "offset:-225")[0]).toEqual({ value: "offset:-225", label: 'account:timeZones.offset{"offset":"−03:45"}' });
  });
  it("picks the profile's zone, else its offset", () => {
    expect(timeZoneValue({ timeZone: "America/Chicago", utcOffsetMinutes: -360 })).toBe("America/Chicago");
    expect(timeZoneValue({ timeZone: null, utcOffsetMinutes: -480 })).toBe("offset:-480");
    expect([offsetText(-300), offsetText(330), offsetText(0)]).toEqual(["−05:00", "+05:30", "+00:00"]);
  });
});

describe("address forms → the save-address payload (spec §3)", () => {
  const valid = {
    intent: "shipping",
    addressFirstName: "Emma",
    addressLastName: "O'Hara",
    addressLine1: "1250 Market St",
    addressLine2: "",
    locality: "San Francisco",
    administrativeArea: "ca",
    postalCode: "94102 1234",
    phone: "(415) 555-0123",
  };

  it("builds the payload: nested fields, phone as digits with a plus sign, capitalised title, addressId when known", () => {
    const submission = parseWithZod(form({ ...valid, addressId: "17" }), { schema: addressFormSchema });
    expect(submission.status).toBe("success");
    const payload = toSaveAddressPayload((submission as { value: AddressForm }).value);
    expect(payload).toEqual({
      addressLine1: "1250 Market St",
      addressLine2: "",
      fields: { addressFirstName: "Emma", addressLastName: "O'Hara", addressType: "shipping", phone: "+14155550123" },
      administrativeArea: "CA",
      locality: "San Francisco",
      postalCode: "94102-1234",
      title: "Shipping",
      addressId: 17,
    });
    // The API's own schema accepts it as it is.
    expect(saveAddressRequestSchema.safeParse(payload).success).toBe(true);
    const billing = parseWithZod(form({ ...valid, intent: "billing" }), { schema: addressFormSchema });
    const billingPayload = toSaveAddressPayload((billing as { value: AddressForm }).value);
    expect(billingPayload.title).toBe("Billing");
    expect("addressId" in billingPayload).toBe(false);
  });

  it("ZIP, state, names and phone each have their message", () => {
    expect(errorsOf(addressFormSchema, { ...valid, postalCode: "9410" })).toEqual({ postalCode: "validation.zip" });
    expect(errorsOf(addressFormSchema, { ...valid, administrativeArea: "XX" })).toEqual({ administrativeArea: "validation.state" });
    expect(errorsOf(addressFormSchema, { ...valid, administrativeArea: "" })).toEqual({ administrativeArea: "validation.required" });
    expect(errorsOf(addressFormSchema, { ...valid, addressFirstName: "3mma", phone: "12" })).toEqual({
      addressFirstName: "validation.name",
      phone: "validation.phone",
    });
    expect(errorsOf(addressFormSchema, { ...valid, addressLine1: " ", locality: "" })).toEqual({
      addressLine1: "validation.required",
      locality: "validation.required",
    });
  });
});

describe("add-card form (the contract's schema)", () => {
  const valid = { intent: "addCard", cardNumber: "4242 4242 4242 4242", expMonth: "09", expYear: String(new Date().getUTCFullYear() + 2), cvc: "123", name: "Pat Q. Doe" };
  it("accepts a test card and turns the expiry into numbers", () => {
    const submission = parseWithZod(form(valid), { schema: addCardFormSchema });
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(submission.value).toMatchObject({ cardNumber: "4242424242424242", expMonth: 9, cvc: "123" });
  });
  it("refuses a bad number, month and security code", () => {
    expect(errorsOf(addCardFormSchema, { ...valid, cardNumber: "4242 4242 4242 4241", expMonth: "13", cvc: "12" })).toEqual({
      cardNumber: "validation.card.number",
      expMonth: "validation.card.expMonth",
      cvc: "validation.card.cvc",
    });
    expect(errorsOf(addCardFormSchema, { ...valid, expMonth: "01", expYear: "2020" })).toEqual({ expMonth: "validation.card.expired" });
  });
});

describe("portal session ids from the URL", () => {
  it("keeps a well-formed id only", () => {
    expect(portalSessionParam("abcDEF_123-x")).toBe("abcDEF_123-x");
    expect(portalSessionParam("<script>")).toBeNull();
    expect(portalSessionParam("")).toBeNull();
    expect(portalSessionParam(null)).toBeNull();
  });
});

describe("account texts", () => {
  const lookup = (lang: "en-US" | "es-US", key: string): unknown => {
    const [ns, path] = key.split(":");
    let node: unknown = resources[lang][ns];
    for (const part of path.split(".")) node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
    return node;
  };

  it("every account:… key the account pages use exists in en-US and es-US", () => {
    const files = [
      ...readdirSync("app/routes/patient/account").map((f) => `app/routes/patient/account/${f}`),
      ...readdirSync("app/components/account").map((f) => `app/components/account/${f}`),
      "app/lib/upstream-messages.ts",
    ];
    const keys = new Set<string>();
    for (const file of files) {
      const source = readFileSync(file, "utf8");
      for (const match of source.matchAll(/["`](account:[A-Za-z0-9_.]+)(\$\{[^}]+\}[A-Za-z]*)?["`]/g)) {
        if (!match[2]) keys.add(match[1]);
      }
    }
    // Keys built at run time.
    for (const type of ["shipping", "billing"]) for (const part of ["Title", "Intro", "None", "Saved"]) keys.add(`account:addresses.${type}${part}`);
    for (const status of ["draft", "open", "paid", "payment_due", "not_paid", "voided", "posted", "past_due"]) keys.add(`account:invoiceStatus.${status}`);
    for (const { key } of NAMED_ZONES) keys.add(`account:timeZones.${key}`);
    expect(keys.size).toBeGreaterThan(100);
    const missing = [...keys].filter((key) => typeof lookup("en-US", key) !== "string" || typeof lookup("es-US", key) !== "string");
    expect(missing).toEqual([]);
  });
});
