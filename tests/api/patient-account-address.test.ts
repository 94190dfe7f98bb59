/** POST /actions/users/save-address (spec §3 save-address payload): validation, object-level checks, audit. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import { US_STATES, type SaveAddressInput } from "../../api/contract/patient-account.ts";
import type { Address, Profile } from "../../api/contract/users.ts";
import { addresses, auditEvents, users } from "../../api/db/schema.ts";
import { Client, LOGINS, signedIn, startTestApi, type TestApi } from "./harness.ts";

let api: TestApi;
let patient: Client;
let other: Client;
let patientId: number;
type Errors = { errors: Record<string, string[]> };

beforeAll(async () => {
  api = await startTestApi();
  patient = await signedIn(api.url, "patients");
  other = new Client(api.url);
  await other.login("patient2@demo.test");
  [{ id: patientId }] = await api.database.db.select({ id: users.id }).from(users).where(eq(users.email, LOGINS.patients));
});
afterAll(() => api?.close());

const shipping = (over: Partial<SaveAddressInput & Record<string, unknown>> = {}) => ({
  addressLine1: "500 Castro St",
  addressLine2: "Unit 2",
  fields: { addressFirstName: "Emma", addressLastName: "O'Neil-Carter", addressType: "shipping", phone: "+14155550123" },
  administrativeArea: "CA",
  locality: "San Francisco",
  postalCode: "94114",
  title: "Shipping",
  ...over,
});

async function profileOf(c: Client) {
  return (await c.get<Profile>("/api/v1/profile")).body.data!;
}

describe("save-address", () => {
  it("exports the 50 states, DC and the territories for the web's select", () => {
    expect(US_STATES.length).toBe(56);
    expect(US_STATES.map((s) => s.code)).toEqual(expect.arrayContaining(["CA", "NY", "DC", "PR", "GU", "VI", "AS", "MP"]));
  });

  it("replaces the patient's shipping address (one per type) and the profile shows it", async () => {
    const before = (await profileOf(patient)).addresses.shippingAddress!;
    const r = await patient.post<Address>("/actions/users/save-address", shipping());
    expect(r.status).toBe(200);
    expect(r.body.message).toBe("Your shipping address has been saved.");
    expect(r.body.data).toMatchObject({
      id: before.id,
      addressType: "shipping",
      title: "Shipping",
      addressFirstName: "Emma",
      addressLastName: "O'Neil-Carter",
      addressLine1: "500 Castro St",
      addressLine2: "Unit 2",
      locality: "San Francisco",
      administrativeArea: "CA",
      postalCode: "94114",
      countryCode: "US",
      phone: "+14155550123",
    });
    expect((await profileOf(patient)).addresses.shippingAddress).toEqual(r.body.data);
    const rows = await api.database.db.select().from(addresses).where(and(eq(addresses.userId, patientId), eq(addresses.addressType, "shipping")));
    expect(rows.length).toBe(1);
  });

  it("updates by addressId and normalises phone, state and ZIP+4", async () => {
    const billing = (await profileOf(patient)).addresses.billingAddress!;
    const r = await patient.post<Address>("/actions/users/save-address", {
      ...shipping({ addressId: billing.id, title: "Billing", administrativeArea: "ny", postalCode: "100011234", locality: "New York" }),
      fields: { addressFirstName: "Emma", addressLastName: "Carter", addressType: "billing", phone: "(212) 555-0147" },
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe("Your billing address has been saved.");
    expect(r.body.data).toMatchObject({ id: billing.id, addressType: "billing", title: "Billing", administrativeArea: "NY", postalCode: "10001-1234", phone: "+12125550147" });
    expect((await profileOf(patient)).addresses.billingAddress!.postalCode).toBe("10001-1234");
  });

  it("creates an address when the patient has none of that type", async () => {
    await api.database.db.delete(addresses).where(and(eq(addresses.userId, patientId), eq(addresses.addressType, "billing")));
    expect((await profileOf(patient)).addresses.billingAddress).toBeNull();
    const r = await patient.post<Address>("/actions/users/save-address", {
      ...shipping({ title: "Billing" }),
      fields: { addressFirstName: "Emma", addressLastName: "Carter", addressType: "billing", phone: "4155550123" },
    });
    expect(r.status).toBe(200);
    expect((await profileOf(patient)).addresses.billingAddress!.id).toBe(r.body.data!.id);
  });

  it("accepts the fields flat, as an HTML form would post them", async () => {
    const r = await patient.post<Address>(
      "/actions/users/save-address",
      {
        addressLine1: "1 Form Post Rd",
        addressLine2: "",
        "fields[addressFirstName]": "Emma",
        "fields[addressLastName]": "Carter",
        "fields[addressType]": "shipping",
        "fields[phone]": "+14155550123",
        administrativeArea: "WA",
        locality: "Seattle",
        postalCode: "98101",
        title: "Shipping",
      },
      { form: true },
    );
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ addressLine1: "1 Form Post Rd", administrativeArea: "WA" });
  });

  it("lists each invalid field with its own message", async () => {
    const r = await patient.post<Errors>("/actions/users/save-address", {
      addressLine1: "  ",
      fields: { addressFirstName: "Emma2", addressLastName: "", addressType: "home", phone: "12" },
      administrativeArea: "ZZ",
      locality: "",
      postalCode: "1234",
      title: "Home",
    });
    expect(r.status).toBe(400);
    expect(r.body.data!.errors).toEqual({
      addressLine1: ["Value is required"],
      "fields.addressFirstName": ["Only letters, spaces, dashes and apostrophes are allowed"],
      "fields.addressLastName": ["Value is required"],
      "fields.addressType": ["Choose shipping or billing"],
      "fields.phone": ["Enter a phone number in the format (555) 123-4567"],
      administrativeArea: ["Choose a US state or territory"],
      locality: ["Value is required"],
      postalCode: ["Enter a ZIP code like 12345 or 12345-6789"],
    });
    const title = await patient.post<Errors>("/actions/users/save-address", shipping({ title: "Billing" }));
    expect(title.body.data!.errors).toEqual({ title: ["The title must match the address type (Shipping or Billing)"] });
    const missing = await patient.post<Errors>("/actions/users/save-address", { addressLine1: "x" });
    expect(Object.keys(missing.body.data!.errors).sort()).toEqual(
      ["administrativeArea", "fields.addressFirstName", "fields.addressLastName", "fields.addressType", "fields.phone", "locality", "postalCode"].sort(),
    );
    const long = await patient.post<Errors>("/actions/users/save-address", shipping({ addressLine1: "x".repeat(201) }));
    expect(long.body.data!.errors).toEqual({ addressLine1: ["The maximum length allowed is 200"] });
  });

  it("refuses an address id of the other type", async () => {
    const billing = (await profileOf(patient)).addresses.billingAddress!;
    const r = await patient.post<Errors>("/actions/users/save-address", shipping({ addressId: billing.id }));
    expect(r.status).toBe(400);
    expect(r.body.data!.errors).toEqual({ "fields.addressType": ["Choose shipping or billing"] });
  });

  it("never lets a patient change another patient's address: 404, and it stays as it was", async () => {
    const theirs = (await profileOf(other)).addresses.shippingAddress!;
    const r = await patient.post("/actions/users/save-address", shipping({ addressId: theirs.id, addressLine1: "Hijacked 1" }));
    expect(r.status).toBe(404);
    expect((await profileOf(other)).addresses.shippingAddress).toEqual(theirs);
    const unknown = await patient.post("/actions/users/save-address", shipping({ addressId: 2147483600 }));
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(r.body.message);
    const [denied] = await api.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "address.save"), eq(auditEvents.outcome, "denied")))
      .orderBy(desc(auditEvents.id))
      .limit(2);
    expect(denied).toMatchObject({ actorId: patientId, entityType: "address" });
  });

  it("audits every save", async () => {
    const r = await patient.post<Address>("/actions/users/save-address", shipping());
    const [row] = await api.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "address.save"), eq(auditEvents.patientId, patientId), eq(auditEvents.outcome, "success")))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(row).toMatchObject({ entityId: String(r.body.data!.id), actorRole: "patients", meta: { addressType: "shipping" } });
  });

  it("is for patients only (staff 403, guest 401) and needs the CSRF token", async () => {
    for (const role of ["providers", "customerSupport", "medicalSupportManagers"] as const) {
      const staff = await signedIn(api.url, role);
      expect((await staff.post("/actions/users/save-address", shipping())).status).toBe(403);
    }
    const guest = await signedIn(api.url, "guest");
    expect((await guest.post("/actions/users/save-address", shipping())).status).toBe(401);
    expect((await patient.post("/actions/users/save-address", shipping(), { csrf: false })).status).toBe(403);
  });
});
