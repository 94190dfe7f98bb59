/**
 * Bad input never answers 500 (issue 12): a NUL byte (which PostgreSQL cannot store in text) or another control
 * character anywhere in a request — path, query or body, JSON or form — answers 400 naming the field, on every
 * endpoint and for every kind of caller.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { users } from "../../api/db/schema.ts";
import { LOGINS, signedIn, startTestApi, type Client, type TestApi } from "./harness.ts";

let api: TestApi;
let clients: Record<"guest" | "patients" | "providers" | "customerSupport", Client>;
beforeAll(async () => {
  api = await startTestApi();
  clients = {
    guest: await signedIn(api.url, "guest"),
    patients: await signedIn(api.url, "patients"),
    providers: await signedIn(api.url, "providers"),
    customerSupport: await signedIn(api.url, "customerSupport"),
  };
});
afterAll(() => api?.close());

const NUL = "a\u0000b";
const ENDPOINTS = [
  "DELETE /api/v1/profile/avatar",
  "DELETE /api/v1/tasks/:id",
  "DELETE /api/v2/profile/payment-method",
  "DELETE /api/v2/tasks/mass-delete",
  "GET /api/v1/avatars/:key",
  "GET /api/v1/dev/outbox",
  "GET /api/v1/profile",
  "GET /api/v1/profile/invoices",
  "GET /api/v1/profile/invoices/:id/pdf",
  "GET /api/v1/tasks/:id",
  "GET /api/v1/users",
  "GET /api/v1/users/:id",
  "GET /api/v1/users/sessions",
  "GET /api/v2/profile/payment-methods",
  "GET /api/v2/tasks",
  "POST /actions/users/confirm-email",
  "POST /actions/users/login",
  "POST /actions/users/save-address",
  "POST /actions/users/send-password-reset-email",
  "POST /actions/users/set-password",
  "POST /api/v1/tasks",
  "POST /api/v1/tasks/:id/comments",
  "POST /api/v1/track",
  "POST /api/v1/users/disable-totp",
  "POST /api/v1/users/sessions/:id/revoke",
  "POST /api/v1/users/update-password",
  "POST /api/v1/users/verify-email",
  "POST /api/v1/users/verify-totp",
  "POST /api/v2/profile/payment-methods",
  "POST /api/v2/tasks/mass-update",
  "PUT /api/v1/profile",
  "PUT /api/v1/tasks/:id",
  "PUT /api/v2/profile/primary-payment-method",
  "GET /api/v1/patient/check-ins",
  "GET /api/v1/patient/check-ins/:id",
  "POST /api/v1/patient/check-ins/:id/answer",
  "GET /api/v1/patient/:patientId/check-ins",
  "POST /api/v1/patient/:patientId/check-ins",
  "PUT /api/v1/check-ins/:id/review",
  "GET /api/v1/check-ins/pending",
];
/** Every field name the contract uses for text, each set to a value with a NUL byte. */
const BODY = Object.fromEntries(
  ["title", "description", "comment", "body", "text", "line1", "line2", "city", "state", "zip", "firstName", "lastName", "middleName", "phone",
    "email", "loginName", "password", "newPassword", "currentPassword", "code", "recoveryCode", "token", "event", "name", "url", "search", "cardholderName", "status"].map((f) => [f, NUL]),
);
const QUERY = "?search=a%00b&q=a%00b&page=1%00&status=a%00b&sort=a%00b";

describe("no 5xx for control characters", () => {
  for (const endpoint of ENDPOINTS) {
    const [method, pattern] = endpoint.split(" ") as [string, string];
    it(endpoint, async () => {
      for (const [role, client] of Object.entries(clients)) {
        const seen: string[] = [];
        const withParam = pattern.replace(/:\w+/g, "%00");
        const withValidParam = pattern.replace(/:\w+/g, "1");
        const answers = [
          await client.request(method, withParam + (method === "GET" ? "" : ""), method === "GET" ? undefined : {}),
          await client.request(method, withValidParam + QUERY, method === "GET" ? undefined : {}),
          ...(method === "GET" ? [] : [await client.request(method, withValidParam, BODY), await client.request(method, withValidParam, BODY, { form: true })]),
        ];
        for (const r of answers) seen.push(`${role}: ${r.status} ${r.body.message}`);
        expect(answers.every((r) => r.status < 500), seen.join("\n")).toBe(true);
      }
    });
  }

  it("a valid request with one text field carrying a NUL byte: 400 for that field, never 500", async () => {
    const { providers, patients, customerSupport } = clients;
    const idOf = async (email: string) => (await api.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
    const task = {
      title: "Call back about the refill",
      description: "Patient asked for a call back.",
      patientId: await idOf(LOGINS.patients),
      providerId: await idOf(LOGINS.medicalSupport),
      status: 1,
      sectionType: 1,
    };
    const created = await providers.post<{ id: number }>("/api/v1/tasks", task);
    expect(created.status, created.body.message).toBe(200);
    const address = {
      addressLine1: "500 Castro St",
      addressLine2: "Unit 2",
      fields: { addressFirstName: "Emma", addressLastName: "Carter", addressType: "shipping", phone: "+14155550123" },
      administrativeArea: "CA",
      locality: "San Francisco",
      postalCode: "94114",
      title: "Shipping",
    };
    const cases: [Client, string, string, unknown, string][] = [
      [providers, "POST", "/api/v1/tasks", { ...task, title: NUL }, "title"],
      [providers, "POST", "/api/v1/tasks", { ...task, description: NUL }, "description"],
      [providers, "PUT", `/api/v1/tasks/${created.body.data!.id}`, { title: NUL }, "title"],
      [customerSupport, "POST", `/api/v1/tasks/${created.body.data!.id}/comments`, { description: NUL }, "description"],
      [patients, "POST", "/actions/users/save-address", { ...address, addressLine1: NUL }, "addressLine1"],
      [patients, "POST", "/actions/users/save-address", { ...address, addressLine2: NUL }, "addressLine2"],
      [patients, "POST", "/actions/users/save-address", { ...address, locality: NUL }, "locality"],
      [patients, "POST", "/actions/users/save-address", { ...address, fields: { ...address.fields, addressFirstName: NUL } }, "fields.addressFirstName"],
      [patients, "POST", "/api/v1/track", { event: "PageView", payload: { name: NUL, url: "/login" } }, "payload.name"],
      [providers, "GET", "/api/v1/users?search=a%00b", undefined, "search"],
      [providers, "GET", "/api/v2/tasks?search=a%00b", undefined, "search"],
      [patients, "GET", "/api/v1/dev/outbox?to=a%00b", undefined, "to"],
      [patients, "GET", "/api/v1/profile/invoices/%00/pdf", undefined, "path"],
    ];
    for (const [client, method, path, body, field] of cases) {
      const r = await client.request<{ errors: Record<string, string[]> }>(method, path, body);
      expect(r.status, `${method} ${path} ${field}`).toBe(400);
      expect(Object.keys(r.body.data!.errors), `${method} ${path}`).toEqual([field]);
    }
  });

  it("names the field and says why", async () => {
    const r = await clients.providers.post<{ errors: Record<string, string[]> }>("/api/v1/tasks", { title: "Call back", description: "x\u0000y" });
    expect(r.status).toBe(400);
    expect(r.body.data!.errors.description).toEqual(["Remove the control characters (such as a NUL byte) from this value"]);
    const pdf = await clients.patients.get("/api/v1/profile/invoices/%00/pdf");
    expect(pdf.status).toBe(400);
    // Tabs and line breaks are text, not control characters.
    const text = await clients.providers.post<{ errors?: Record<string, string[]> }>("/api/v1/tasks", { title: "Tab\tand", description: "line one\r\nline two" });
    expect(text.status).toBeLessThan(500);
    expect(JSON.stringify(text.body.data?.errors ?? {})).not.toContain("control characters");
  });
});
