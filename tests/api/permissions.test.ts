/**
 * Walks the whole permission matrix: every endpoint × every role (and a guest) gets the exact status.
 * Allowed callers send a valid request and get the endpoint's success status; others get 401 (guest)
 * or 403 (signed in, wrong role). Also checks that the matrix and the registered routes are the same set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { permissions, type EndpointKey } from "../../api/domain/permissions.ts";
import { registeredEndpoints } from "../../api/http/endpoint.ts";
import { ROLES, type Role } from "../../api/contract/roles.ts";
import { Client, LOGINS, signedIn, startTestApi, type Reply, type TestApi } from "./harness.ts";
import { fetchBytes, makeImage, uploadFile } from "./patient-account-helpers.ts";
import { openEvents } from "./chat-events-helpers.ts";
import * as schema from "../../api/db/schema.ts";
import { and, desc, eq } from "drizzle-orm";
import { nextStatuses } from "../../api/domain/treatment-review.ts";
import { freshSubscription, variantId } from "./subscription-helpers.ts";

let api: TestApi;
const clients = new Map<Role, Client>();
let someUserId = 0;
// Tasks: one demo task for the reads and edits, and spare ones for the deletes (one per call).
let task = { id: 0, patientId: 0, providerId: 0 };
let spareTaskIds: number[] = [];
// Patient account: an avatar key to read, the patient's cards and an invoice.
let avatarKey = "";
// Signature: a picture of another clinician (james, providerUsers) for every staff role to read by key.
let signatureKey = "";
let primaryCardId = 0;
let spareCardId = 0;
let invoiceId = 0;
let treatmentId = 0;
let chatId = 0;
// The demo patient's first journey (api/db/seed/journeys.ts).
let journeyId = 0;
let chatAttachmentId = 0;
let pngBytes: Buffer;
// The patient record: the demo patient (every staff role sees them), their upload and a treatment to change.
let recordPatientId = 0;
let recordUploadId = 0;
/** One of the demo patient's documents visible to them (a picture: the demo's placeholder file). */
let visibleDocumentId = 0;
let recordTreatmentId = 0;
// Staff access (api/routes/patient-access.ts): the demo patient, and providers (providerUsers) to grant and make dependents.
let demoPatientId = 0;
let demoJourneyId = 0;
let deniedJourneyId = 0;
const staffIds = { james: 0, sofia: 0 };

beforeAll(async () => {
  api = await startTestApi();
  for (const role of ROLES) clients.set(role, await signedIn(api.url, role as keyof typeof LOGINS | "guest"));
  const list = await clients.get("providers")!.get<{ id: number }[]>("/api/v1/users?roles[]=providers");
  someUserId = list.body.data![0].id;
  const tasks = await clients.get("providers")!.get<{ id: number; patientId: number | null; providerId: number | null }[]>("/api/v2/tasks?perPage=100");
  task = tasks.body.data!.find((t) => t.patientId && t.providerId) as typeof task;
  spareTaskIds = tasks.body.data!.map((t) => t.id).filter((id) => id !== task.id);
  const patient = clients.get("patients")!;
  pngBytes = await makeImage("png", 64, 64);
  // Another patient's picture: the walk's own uploads (as patient@) must not replace it.
  const patient2 = new Client(api.url);
  await patient2.login("patient2@demo.test");
  const uploaded = await uploadFile<{ avatarUrl: string }>(patient2, "/api/v1/profile/avatar", { bytes: pngBytes, name: "me.png" });
  avatarKey = uploaded.body.data!.avatarUrl.split("/").pop()!;
  const james = new Client(api.url);
  await james.login("james.okafor@staff.demo.test");
  const signed = await uploadFile<{ signature: { imageUrl: string } }>(james, "/api/v1/profile/signature/image", { bytes: pngBytes, name: "sig.png" }, { field: "signature" });
  signatureKey = signed.body.data!.signature.imageUrl.split("/").pop()!;
  const cards = await patient.get<{ paymentMethods: { id: number; isPrimary: boolean }[] }>("/api/v2/profile/payment-methods");
  primaryCardId = cards.body.data!.paymentMethods.find((m) => m.isPrimary)!.id;
  const spare = await patient.post<{ id: number }>("/api/v2/profile/payment-methods", { cardNumber: "5555555555554444", expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: "123", name: "Matrix Walk" });
  spareCardId = spare.body.data!.id;
  invoiceId = (await patient.get<{ id: number }[]>("/api/v1/profile/invoices")).body.data![0].id;
  treatmentId = (await api.database.db.select({ id: schema.treatments.id }).from(schema.treatments).limit(1))[0]!.id;
  const demoPatient = (await api.database.db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, LOGINS.patients)))[0]!.id;
  chatId = (await api.database.db.select({ id: schema.chats.id }).from(schema.chats).where(eq(schema.chats.patientId, demoPatient)).limit(1))[0]!.id;
  recordPatientId = demoPatient;
  const withImage = await uploadFile<{ message: { attachments: { id: number }[] } }>(patient, "/api/v1/chats/create-message", { bytes: pngBytes, name: "photo.png" }, { field: "attachments", extra: { chatId: String(chatId), message: "A photo." } });
  chatAttachmentId = withImage.body.data!.message.attachments[0]!.id;
  recordUploadId = (await api.database.db.select({ id: schema.uploads.id }).from(schema.uploads).where(eq(schema.uploads.patientId, demoPatient)).limit(1))[0]!.id;
  visibleDocumentId = (await api.database.db.select({ id: schema.uploads.id }).from(schema.uploads).where(and(eq(schema.uploads.patientId, demoPatient), eq(schema.uploads.visibility, 1), eq(schema.uploads.mimeType, "image/png"))).limit(1))[0]!.id;
  recordTreatmentId = (await api.database.db.select({ id: schema.treatments.id }).from(schema.treatments).where(eq(schema.treatments.patientId, demoPatient)).orderBy(schema.treatments.id).limit(1))[0]!.id;
  demoPatientId = demoPatient;
  journeyId = (await api.database.db.select({ id: schema.journeys.id }).from(schema.journeys).where(eq(schema.journeys.patientId, demoPatient)).orderBy(schema.journeys.id).limit(1))[0]!.id;
  demoJourneyId = (await api.database.db.select({ id: schema.journeys.id }).from(schema.journeys).where(and(eq(schema.journeys.patientId, demoPatient), eq(schema.journeys.status, "in_progress"))).orderBy(schema.journeys.id).limit(1))[0]!.id;
  deniedJourneyId = (await api.database.db.select({ id: schema.journeys.id }).from(schema.journeys).where(and(eq(schema.journeys.patientId, demoPatient), eq(schema.journeys.status, "denied"))).orderBy(schema.journeys.id).limit(1))[0]!.id;
  spareStaffId = (await api.database.db.insert(schema.users).values({ email: "matrix-spare@staff.demo.test", role: "customerSupport", firstName: "Matrix", lastName: "Spare" }).returning({ id: schema.users.id }))[0]!.id;
  await setChart("to_review");
  for (const name of ["james", "sofia"] as const) {
    const email = name === "james" ? "james.okafor@staff.demo.test" : "sofia.alvarez@staff.demo.test";
    staffIds[name] = (await api.database.db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, email)))[0]!.id;
  }
});

/** The next review status the state machine allows from the treatment's current one (each call must succeed). */
async function nextReviewStatus(id: number): Promise<string> {
  const [t] = await api.database.db.select({ s: schema.treatments.reviewStatus }).from(schema.treatments).where(eq(schema.treatments.id, id));
  return nextStatuses("update-status", t!.s)[0]!;
}
/** The demo patient's chart (of recordTreatmentId), made if missing, set to `status`. */
async function setChart(status: "to_review" | "reviewed"): Promise<void> {
  await api.database.db.insert(schema.chartReviews).values({ treatmentId: recordTreatmentId, patientId: recordPatientId }).onConflictDoNothing();
  await api.database.db.update(schema.chartReviews).set({ status }).where(eq(schema.chartReviews.treatmentId, recordTreatmentId));
}
afterAll(() => api?.close());

/** A clinical action on the demo patient's treatment, after putting it in `from` directly in the database. */
function reviewAction(path: string, from: "pending" | "approved" | "cancelled", body: Record<string, unknown>, method = "PUT") {
  return async (client: Client): Promise<Reply> => {
    await api.database.db.update(schema.treatments).set({ reviewStatus: from }).where(eq(schema.treatments.id, recordTreatmentId));
    return client.request(method, `/api/v1/treatments/${recordTreatmentId}/${path}`, body);
  };
}

let spareStaffId = 0;
let invites = 0;
/** Puts the spare staff user in `status`, then calls `action` on them. */
async function spareFrom(client: Client, status: "active" | "suspended" | "pending", action: string): Promise<Reply> {
  await api.database.db.update(schema.users).set({ userStatus: status }).where(eq(schema.users.id, spareStaffId));
  return client.request("POST", `/api/v1/users/${spareStaffId}/${action}`, {});
}

type Sample = { path?: () => string; body?: unknown; ok: number; fresh?: boolean; send?: (client: Client, path: string) => Promise<Reply> };

let resetRequests = 0;
let joinIps = 100;

/** A valid request per endpoint and the status an allowed caller gets. */
const samples: Record<EndpointKey, Sample> = {
  "GET /api/health": { ok: 200 },
  "GET /api/openapi.json": { ok: 200 },
  "POST /api/v1/users/session-info": { ok: 200 },
  // A fresh client per call: signing in again must not disturb the shared clients.
  "POST /actions/users/login": { body: { loginName: LOGINS.patients, password: "DemoPassw0rd" }, ok: 200, fresh: true },
  "POST /actions/users/logout": { ok: 200, fresh: true },
  // No pending sign-in: an allowed caller gets the 400 "sign in again" answer, never 401/403.
  "POST /api/v1/users/verify-totp": { body: { code: "123456" }, ok: 400 },
  "GET /api/v1/profile": { ok: 200 },
  "PUT /api/v1/profile": { body: { utcOffsetMinutes: -420 }, ok: 200 },
  "GET /api/v1/users": { ok: 200 },
  "GET /api/v1/users/:id": { path: () => `/api/v1/users/${someUserId}`, ok: 200 },
  // Users and roles (issue 19): a spare staff user of this walk, put in the state each call starts from.
  "GET /api/v1/staff/dashboard": { ok: 200 },
  "GET /api/v1/staff-users": { path: () => "/api/v1/staff-users?roles[]=customerSupport&sort=email_asc", ok: 200 },
  "GET /api/v1/staff-users/:id": { path: () => `/api/v1/staff-users/${spareStaffId}`, ok: 200 },
  "POST /api/v1/users/invite": {
    ok: 200,
    send: async (client) => client.request("POST", "/api/v1/users/invite", { email: `matrix-invite-${++invites}@staff.demo.test`, firstName: "Matrix", lastName: "Invite", role: "medicalSupport" }),
  },
  "POST /api/v1/users/:id/update": { path: () => `/api/v1/users/${spareStaffId}/update`, body: { firstName: "Matrix", lastName: "Spare", role: "customerSupport", profession: "customerSupport" }, ok: 200 },
  "POST /api/v1/users/:id/suspend": { ok: 200, send: async (client) => spareFrom(client, "active", "suspend") },
  "POST /api/v1/users/:id/unsuspend": { ok: 200, send: async (client) => spareFrom(client, "suspended", "unsuspend") },
  "POST /api/v1/users/:id/deactivate": { ok: 200, send: async (client) => spareFrom(client, "active", "deactivate") },
  "POST /api/v1/users/:id/resend-invite": { ok: 200, send: async (client) => spareFrom(client, "pending", "resend-invite") },
  "GET /api/v1/treatments-v2/:id": { path: () => `/api/v1/treatments-v2/${treatmentId}`, ok: 200 },
  "GET /api/v1/treatments/provider-list": { path: () => "/api/v1/treatments/provider-list?tab=review_ready", ok: 200 },
  "GET /api/v1/treatments/provider-list-past-due": { ok: 200 },
  "GET /api/v1/treatments/provider-workload": { ok: 200 },
  "POST /api/v1/treatments/assign-provider-bulk": {
    get body() {
      return { ids: [treatmentId], providerId: someUserId };
    },
    ok: 200,
  },
  // The demo patient's own chat: staff and that patient read it.
  "GET /api/v1/chats/:id": { path: () => `/api/v1/chats/${chatId}`, ok: 200 },
  "POST /api/v1/track": { body: { event: "PageView", payload: { name: "Login", url: "/login" } }, ok: 200 },
  "GET /api/v2/tasks": { path: () => "/api/v2/tasks?tab[]=todo&tab[]=in_progress&perPage=5", ok: 200 },
  "GET /api/v1/tasks/:id": { path: () => `/api/v1/tasks/${task.id}`, ok: 200 },
  "POST /api/v1/tasks": {
    get body() {
      return { title: "Matrix walk", description: "Created by the matrix walk", patientId: task.patientId, providerId: task.providerId, status: "todo", sectionType: 1 };
    },
    ok: 200,
  },
  "PUT /api/v1/tasks/:id": { path: () => `/api/v1/tasks/${task.id}`, body: { title: "Matrix walk" }, ok: 200 },
  "POST /api/v1/tasks/:id/comments": { path: () => `/api/v1/tasks/${task.id}/comments`, body: { description: "Matrix walk" }, ok: 200 },
  "DELETE /api/v1/tasks/:id": { path: () => `/api/v1/tasks/${spareTaskIds.pop()}`, ok: 200 },
  "POST /api/v2/tasks/mass-update": {
    get body() {
      return { ids: [task.id], status: "in_progress" };
    },
    ok: 200,
  },
  "DELETE /api/v2/tasks/mass-delete": {
    get body() {
      return { ids: [spareTaskIds.pop()] };
    },
    ok: 200,
  },
  // Account security. Unknown addresses and unusable links: the answer an allowed caller gets.
  // A new address per call: one address may ask for 5 reset emails an hour.
  "POST /actions/users/send-password-reset-email": {
    get body() {
      return { loginName: `nobody-${++resetRequests}@demo.test` };
    },
    ok: 200,
  },
  // From an address of its own: it shares set-password's limit on unusable links per IP.
  "POST /actions/users/check-reset-link": {
    ok: 400,
    send: (client, path) => client.request("POST", path, { code: "x".repeat(43) }, { headers: { "X-Forwarded-For": "198.51.100.77" } }),
  },
  "POST /actions/users/set-password": { body: { code: "x".repeat(43), newPassword: "NewPassw0rd!", passwordConfirm: "NewPassw0rd!" }, ok: 400 },
  "POST /actions/users/confirm-email": { body: { code: "y".repeat(43) }, ok: 400 },
  // Sets the same password again: succeeds, and keeps the caller's own session.
  "POST /api/v1/users/update-password": { body: { currentPassword: "DemoPassw0rd", newPassword: "DemoPassw0rd", passwordConfirm: "DemoPassw0rd" }, ok: 200 },
  "POST /api/v1/users/verify-email": { body: { email: "new-address@demo.test" }, ok: 200 },
  "GET /api/v1/users/get-totp-secret": { ok: 200 },
  "GET /api/v1/users/get-auth-methods": { ok: 200 },
  // Two-factor authentication is off for the demo logins: an allowed caller gets "already off".
  "POST /api/v1/users/disable-totp": { body: { password: "DemoPassw0rd" }, ok: 400 },
  "GET /api/v1/users/sessions": { ok: 200 },
  "POST /api/v1/users/sessions/:id/revoke": { path: () => "/api/v1/users/sessions/2147483647/revoke", ok: 404 },
  "POST /api/v1/users/sessions/revoke-others": { ok: 200 },
  "GET /api/v1/dev/outbox": { ok: 200 },
  // Patient account. Avatars: every signed-in role; the rest: patients, on their own records.
  "POST /api/v1/profile/avatar": { ok: 200, send: (client, path) => uploadFile(client, path, { bytes: pngBytes, name: "me.png", type: "image/png" }) },
  "DELETE /api/v1/profile/avatar": { ok: 200 },
  "GET /api/v1/avatars/:key": { path: () => `/api/v1/avatars/${avatarKey}`, ok: 200, send: async (client, path) => ({ ...(await client.request("HEAD", path)), body: { code: "ok", message: "" } }) },
  "POST /actions/users/save-address": {
    body: {
      addressLine1: "1 Matrix Way",
      addressLine2: "",
      fields: { addressFirstName: "Emma", addressLastName: "Carter", addressType: "shipping", phone: "+14155550123" },
      administrativeArea: "CA",
      locality: "San Francisco",
      postalCode: "94102",
      title: "Shipping",
    },
    ok: 200,
  },
  "GET /api/v2/profile/payment-methods": { ok: 200 },
  "POST /api/v2/profile/payment-methods": {
    body: { cardNumber: "4242 4242 4242 4242", expMonth: 1, expYear: new Date().getFullYear() + 3, cvc: "123", name: "Matrix Walk" },
    ok: 200,
  },
  "PUT /api/v2/profile/primary-payment-method": {
    get body() {
      return { id: primaryCardId };
    },
    ok: 200,
  },
  "DELETE /api/v2/profile/payment-method": {
    get body() {
      return { id: spareCardId };
    },
    ok: 200,
  },
  "GET /api/v1/profile/portal-session": { ok: 200 },
  "PUT /api/v1/profile/chargebee-sync": { ok: 200 },
  "GET /api/v1/profile/invoices": { ok: 200 },
  // The patient record (api/routes/patients.ts, treatments.ts): the demo patient, whom every staff role may see.
  "GET /api/v1/patient/:patientId": { path: () => `/api/v1/patient/${recordPatientId}`, ok: 200 },
  "POST /api/v1/patient/update-status": {
    get body() {
      return { patientId: recordPatientId, statusKey: "active" };
    },
    ok: 200,
  },
  "POST /api/v2/patients/:id/update": { path: () => `/api/v2/patients/${recordPatientId}/update`, body: { firstName: "Emma" }, ok: 200 },
  "GET /api/v1/patient/:patientId/records": { path: () => `/api/v1/patient/${recordPatientId}/records`, ok: 200 },
  "GET /api/v1/patient/:patientId/orders": { path: () => `/api/v1/patient/${recordPatientId}/orders`, ok: 200 },
  "GET /api/v1/patient/:patientId/uploads": { path: () => `/api/v1/patient/${recordPatientId}/uploads`, ok: 200 },
  "GET /api/v1/patient/:patientId/uploads/:uploadId/file": {
    path: () => `/api/v1/patient/${recordPatientId}/uploads/${recordUploadId}/file`,
    ok: 200,
    send: async (client, path) => ({ ...(await client.request("HEAD", path)), body: { code: "ok", message: "" } }),
  },
  "GET /api/v1/patient/:patientId/weights": { path: () => `/api/v1/patient/${recordPatientId}/weights`, ok: 200 },
  "GET /api/v1/treatments-v2": { path: () => `/api/v1/treatments-v2?patientId=${recordPatientId}`, ok: 200 },
  "GET /api/v1/treatments-v2/latest-approved": { path: () => `/api/v1/treatments-v2/latest-approved?patientId=${recordPatientId}`, ok: 200 },
  "PUT /api/v1/treatments/:id/assign-provider": { path: () => `/api/v1/treatments/${recordTreatmentId}/assign-provider`, body: { providerId: "" }, ok: 200 },
  "PUT /api/v1/treatments/:id/update-status": {
    path: () => `/api/v1/treatments/${recordTreatmentId}/update-status`,
    ok: 200,
    send: async (client, path) => client.request("PUT", path, { reviewStatus: await nextReviewStatus(recordTreatmentId) }),
  },
  // The clinical review (api/routes/treatment-review.ts): the demo patient's treatment, put in a status each action
  // may start from first (the walk calls each action once per allowed role).
  "GET /api/v1/treatments/:id/review": { path: () => `/api/v1/treatments/${recordTreatmentId}/review`, ok: 200 },
  "PUT /api/v1/treatments/:id/modify-request": { ok: 200, send: reviewAction("modify-request", "pending", { message: "Please add your current weight." }) },
  "PUT /api/v1/treatments/:id/approve-v2": { ok: 200, send: reviewAction("approve-v2", "pending", {}) },
  "PUT /api/v1/treatments/:id/decline-v2": { ok: 200, send: reviewAction("decline-v2", "pending", { reason: "contraindication" }) },
  "PUT /api/v1/treatments/:id/cancel-v2": { ok: 200, send: reviewAction("cancel-v2", "approved", { reason: "Patient asked to stop." }) },
  "PUT /api/v1/treatments/:id/no-show": { ok: 200, send: reviewAction("no-show", "pending", {}) },
  "POST /api/v1/treatments/:id/resume": { ok: 200, send: reviewAction("resume", "cancelled", {}, "POST") },
  "GET /api/v1/profile/invoices/:id/pdf": { path: () => `/api/v1/profile/invoices/${invoiceId}/pdf`, ok: 200, send: async (client, path) => ({ ...(await client.request("HEAD", path)), body: { code: "ok", message: "" } }) },
  // Staff access on the demo patient (every staff role sees them: provider@ by treatment). A grant is revoked
  // again (and a dependent removed) after each allowed call, so the next role's call can make it again.
  "GET /api/v1/patient/:patientId/access": { path: () => `/api/v1/patient/${demoPatientId}/access`, ok: 200 },
  "POST /api/v1/patient/:patientId/access": {
    path: () => `/api/v1/patient/${demoPatientId}/access`,
    ok: 200,
    send: async (client, path) => {
      const r = await client.request<{ grant: { id: number } }>("POST", path, { staffId: staffIds.james });
      if (r.status === 200) await client.request("POST", `${path}/${r.body.data!.grant.id}/revoke`, {});
      return r;
    },
  },
  "POST /api/v1/patient/:patientId/access/:grantId/revoke": {
    ok: 200,
    send: async (client) => {
      const [grant] = await api.database.db.insert(schema.staffPatientAccess).values({ patientId: demoPatientId, staffId: staffIds.james }).returning({ id: schema.staffPatientAccess.id });
      const r = await client.request("POST", `/api/v1/patient/${demoPatientId}/access/${grant!.id}/revoke`, {});
      if (r.status !== 200) await api.database.db.update(schema.staffPatientAccess).set({ revokedAt: new Date() }).where(eq(schema.staffPatientAccess.id, grant!.id));
      return r;
    },
  },
  "GET /api/v1/patient/:patientId/access-log": { path: () => `/api/v1/patient/${demoPatientId}/access-log`, ok: 200 },
  // The clinical review queues: the demo patient's chart, put back in the state each action starts from.
  "GET /api/v1/treatments/ready-for-review": { ok: 200 },
  "GET /api/v1/charts": { path: () => "/api/v1/charts?tab=reviewed", ok: 200 },
  "GET /api/v1/charts/:id": { path: () => `/api/v1/charts/${recordTreatmentId}`, ok: 200 },
  "POST /api/v1/charts/:id/sign": {
    ok: 200,
    send: async (client) => {
      await setChart("to_review");
      return client.request("POST", `/api/v1/charts/${recordTreatmentId}/sign`, { consent: "on" });
    },
  },
  "POST /api/v1/charts/:id/cancel": {
    ok: 200,
    send: async (client) => {
      await setChart("to_review");
      return client.request("POST", `/api/v1/charts/${recordTreatmentId}/cancel`, {});
    },
  },
  "POST /api/v1/charts/:id/addenda": {
    ok: 200,
    send: async (client) => {
      await setChart("reviewed");
      return client.request("POST", `/api/v1/charts/${recordTreatmentId}/addenda`, { body: "Matrix walk addendum" });
    },
  },
  "GET /api/v1/uploads/review": { ok: 200 },
  "PUT /api/v1/uploads/:id/review": { path: () => `/api/v1/uploads/${recordUploadId}/review`, body: { status: "for_review" }, ok: 200 },
  "PUT /api/v1/uploads/:id/visibility": { path: () => `/api/v1/uploads/${recordUploadId}/visibility`, body: { visibility: 1 }, ok: 200 },

  "GET /api/v1/staff/:staffId/dependents": { path: () => `/api/v1/staff/${staffIds.sofia}/dependents`, ok: 200 },
  "POST /api/v1/staff/:staffId/dependents": {
    ok: 200,
    send: async (client) => {
      const r = await client.request("POST", `/api/v1/staff/${staffIds.sofia}/dependents`, { dependentId: staffIds.james });
      if (r.status === 200) await client.request("DELETE", `/api/v1/staff/${staffIds.sofia}/dependents/${staffIds.james}`);
      return r;
    },
  },
  "DELETE /api/v1/staff/:staffId/dependents/:dependentId": {
    ok: 200,
    send: async (client) => {
      await api.database.db.insert(schema.staffDependents).values({ supervisorId: staffIds.sofia, dependentId: staffIds.james }).onConflictDoNothing();
      const r = await client.request("DELETE", `/api/v1/staff/${staffIds.sofia}/dependents/${staffIds.james}`);
      await api.database.db.delete(schema.staffDependents).where(eq(schema.staffDependents.dependentId, staffIds.james));
      return r;
    },
  },
  "GET /api/v1/global-search": { path: () => "/api/v1/global-search?search=carter", ok: 200 },
  // The clinical review's steps (api/routes/clinical-review.ts): the demo patient's approved treatment (its
  // status is not the one update-status walks), whose prescriptions the seed wrote.
  "POST /api/v1/patient/:patientId/treatment/:treatmentId/record": {
    ok: 200,
    send: async (client) => client.request("POST", `/api/v1/patient/${demoPatientId}/treatment/${await approvedTreatment()}/record`, { visitType: "async", recordForm: { chiefComplaint: "Matrix", assessment: "A", plan: "P" } }),
  },
  "GET /api/v1/allergies": { path: () => "/api/v1/allergies?q=pen", ok: 200 },
  "POST /api/v1/patient/:patientId/treatment/:treatmentId/notes": {
    ok: 200,
    send: async (client) => client.request("POST", `/api/v1/patient/${demoPatientId}/treatment/${await approvedTreatment()}/notes`, { body: "Matrix walk." }),
  },
  "GET /api/v1/treatments/:id/prescription": { ok: 200, send: async (client) => client.request("GET", `/api/v1/treatments/${await approvedTreatment()}/prescription`) },
  "PUT /api/v2/treatments/:id/update-dosage-instruction": {
    ok: 200,
    send: async (client) => {
      const id = await approvedTreatment();
      const [current] = await api.database.db.select({ v: schema.prescriptions.variantId }).from(schema.prescriptions).where(eq(schema.prescriptions.treatmentId, id)).orderBy(desc(schema.prescriptions.id)).limit(1);
      return client.request("PUT", `/api/v2/treatments/${id}/update-dosage-instruction`, { diagnosisCode: "E66.9", variantId: current!.v, instructions: "Once weekly.", unitsDose: "1 pen" });
    },
  },
  "GET /api/v1/prescriptions/:id": {
    ok: 200,
    send: async (client) => {
      const [p] = await api.database.db.select({ id: schema.prescriptions.id }).from(schema.prescriptions).where(eq(schema.prescriptions.patientId, demoPatientId)).limit(1);
      return client.request("GET", `/api/v1/prescriptions/${p!.id}`);
    },
  },
  "GET /api/v1/message-templates": { ok: 200, send: async (client) => client.request("GET", `/api/v1/message-templates?treatmentId=${await approvedTreatment()}`) },
  "POST /api/v1/patient/:patientId/treatment/:treatmentId/inform": {
    ok: 200,
    send: async (client) => client.request("POST", `/api/v1/patient/${demoPatientId}/treatment/${await approvedTreatment()}/inform`, { message: "Matrix walk." }),
  },
  "GET /api/v1/chats/messages": { path: () => `/api/v1/chats/messages?chatId=${chatId}`, ok: 200 },
  // Subscriptions (api/routes/subscriptions.ts): a fresh subscription of the demo patient per call, in the state it starts from.
  "GET /api/v2/subscriptions": { ok: 200 },
  // The plans one of the demo patient's subscriptions may change to (staff must name one; every staff role sees her).
  "GET /api/v2/products/subscription": {
    ok: 200,
    send: async (client) => client.request("GET", `/api/v2/products/subscription?subscriptionId=${(await freshSubscription(api.database.db, demoPatientId)).subscriptionId}`),
  },
  "PUT /api/v2/treatments/:id/change-plan": {
    ok: 200,
    send: async (client) => {
      const s = await freshSubscription(api.database.db, demoPatientId);
      return client.request("PUT", `/api/v2/treatments/${s.treatmentId}/change-plan`, { variantId: await variantId(api.database.db, "compounded-semaglutide", 3) });
    },
  },
  "POST /api/v2/subscriptions/:id/cancel-scheduled-changes": {
    ok: 200,
    send: async (client) => {
      const change = { kind: "planChange", variantId: await variantId(api.database.db, "compounded-semaglutide", 3), effectiveAt: new Date().toISOString(), direction: "downgrade", removesAddons: true, requestedAt: new Date().toISOString() };
      const s = await freshSubscription(api.database.db, demoPatientId, { scheduledChange: change });
      return client.request("POST", `/api/v2/subscriptions/${s.subscriptionId}/cancel-scheduled-changes`, {});
    },
  },
  "POST /api/v1/treatments/:id/add-addon": {
    ok: 200,
    send: async (client) => {
      const s = await freshSubscription(api.database.db, demoPatientId);
      return client.request("POST", `/api/v1/treatments/${s.treatmentId}/add-addon`, { variantId: await variantId(api.database.db, "vitamin-b12", 3) });
    },
  },
  "PUT /api/v1/treatments/:id/remove-addon": {
    ok: 200,
    send: async (client) => {
      const s = await freshSubscription(api.database.db, demoPatientId, { addon: true });
      return client.request("PUT", `/api/v1/treatments/${s.treatmentId}/remove-addon`, { subscriptionItemId: s.addonItemId });
    },
  },
  "GET /api/v1/retention/get-key": {
    ok: 200,
    send: async (client) => client.request("GET", `/api/v1/retention/get-key?treatmentId=${(await freshSubscription(api.database.db, demoPatientId)).treatmentId}`),
  },
  "PUT /api/v2/subscriptions/:id/:key/cancel": {
    ok: 200,
    send: async (client) => {
      const s = await freshSubscription(api.database.db, demoPatientId, { retentionOfferUsedAt: new Date() });
      return client.request("PUT", `/api/v2/subscriptions/${s.subscriptionId}/none/cancel`, { reason: "tooExpensive" });
    },
  },
  "PUT /api/v2/subscriptions/:id/update": {
    ok: 200,
    send: async (client) => client.request("PUT", `/api/v2/subscriptions/${(await freshSubscription(api.database.db, demoPatientId)).subscriptionId}/update`, { action: "pause" }),
  },
  "GET /api/v1/renewals": { ok: 200 },
  // Check-ins (api/routes/check-ins.ts): the demo patient's, a fresh one per call in the state the call starts from.
  "GET /api/v1/patient/check-ins": { ok: 200 },
  "GET /api/v1/patient/check-ins/:id": { ok: 200, send: async (client) => client.request("GET", `/api/v1/patient/check-ins/${await freshCheckIn(false)}`) },
  "POST /api/v1/patient/check-ins/:id/answer": {
    ok: 200,
    send: async (client) =>
      client.request("POST", `/api/v1/patient/check-ins/${await freshCheckIn(false)}/answer`, { currentWeightLb: 190, sideEffects: ["none"], doseSatisfaction: "satisfied", newMedications: "no" }),
  },
  "GET /api/v1/patient/:patientId/check-ins": { path: () => `/api/v1/patient/${demoPatientId}/check-ins`, ok: 200 },
  "POST /api/v1/patient/:patientId/check-ins": {
    path: () => `/api/v1/patient/${demoPatientId}/check-ins`,
    get body() {
      return { dueOn: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10) };
    },
    ok: 200,
  },
  "PUT /api/v1/check-ins/:id/review": { ok: 200, send: async (client) => client.request("PUT", `/api/v1/check-ins/${await freshCheckIn(true)}/review`, { approval: "approved", note: "" }) },
  "GET /api/v1/check-ins/pending": { ok: 200 },
  // The patient's journeys and overview (patients only, their own).
  "GET /api/v1/patient/journeys": { ok: 200 },
  "GET /api/v1/patient/journeys/:id": { path: () => `/api/v1/patient/journeys/${journeyId}`, ok: 200 },
  "GET /api/v1/patient/journeys/:id/progress": { path: () => `/api/v1/patient/journeys/${journeyId}/progress`, ok: 200 },
  "GET /api/v1/patient/progress": { ok: 200 },
  "GET /api/v1/patient/uploads": { ok: 200 },
  "POST /api/v1/patient/uploads": { ok: 200, send: (client, path) => uploadFile(client, path, { bytes: pngBytes, name: "lab.png", type: "image/png" }, { field: "file", extra: { category: "1" } }) },
  "GET /api/v1/patient/uploads/:id/file": { path: () => `/api/v1/patient/uploads/${visibleDocumentId}/file`, ok: 200, send: async (client, path) => ({ ...(await client.request("HEAD", path)), body: { code: "ok", message: "" } }) },
  "POST /api/v1/patient/progress/weights": { body: { weightLb: 180, measuredOn: "2026-01-15" }, ok: 200 },
  "GET /api/v1/patient/:patientId/progress": { path: () => `/api/v1/patient/${recordPatientId}/progress`, ok: 200 },
  // Refer a friend (api/routes/referrals.ts): a new address per call; the demo patient's own code is refused (409).
  "GET /api/v1/patient/referrals": { ok: 200 },
  "POST /api/v1/patient/referrals/invites": {
    ok: 200,
    send: (client, path) => client.request("POST", path, { email: `friend-${Math.random().toString(36).slice(2, 10)}@example.com` }),
  },
  "POST /api/v1/patient/referrals/claim": { body: { code: "EMMA20" }, ok: 409 },
  // Joining from an invitation (api/routes/referral-join.ts): anyone may call; an unknown link is refused (400), each
  // call from an address of its own (unusable links are limited per IP).
  "GET /actions/referrals/join/check": {
    ok: 400,
    send: (client, path) => client.request("GET", `${path}?token=${"z".repeat(43)}`, undefined, { headers: { "X-Forwarded-For": `198.51.100.${++joinIps}` } }),
  },
  "POST /actions/referrals/join": {
    ok: 400,
    send: (client, path) =>
      client.request("POST", path, { token: "z".repeat(43), firstName: "Ana", lastName: "Ruiz", password: "JoinPassw0rd", acceptTerms: "on" }, { headers: { "X-Forwarded-For": `198.51.100.${++joinIps}` } }),
  },
  "GET /api/v1/patient/overview/actions": { ok: 200 },
  "GET /api/v1/patient/overview/next": { ok: 200 },
  // Journeys and the intake (api/routes/intake.ts): the demo patient's seeded weight-loss intake (in progress).
  "POST /api/v1/journeys": { body: { sectionType: 1 }, ok: 200 },
  "GET /api/v1/journeys/:id/intake": { path: () => `/api/v1/journeys/${demoJourneyId}/intake`, ok: 200 },
  "PUT /api/v1/journeys/:id/intake/:step": {
    path: () => `/api/v1/journeys/${demoJourneyId}/intake/about`,
    body: { answers: { firstName: "Emma", lastName: "Carter", dateOfBirth: "1988-04-12", sex: "female", stateOfResidence: "CA" } },
    ok: 200,
  },
  "POST /api/v1/journeys/:id/intake/uploads": {
    ok: 200,
    send: async (client) => {
      // The identification step comes after the current one (history): put it in reach, then upload.
      const form = new FormData();
      form.append("image", "idFront");
      form.append("file", new Blob([new Uint8Array(pngBytes)], { type: "image/png" }), "id.png");
      const headers: Record<string, string> = { Accept: "application/json", "X-Requested-With": "XMLHttpRequest", "X-Frontend-Version": "2", "X-CSRF-Token": client.csrf };
      if (client.cookies.size) headers.Cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
      const [j] = await api.database.db.select().from(schema.journeys).where(eq(schema.journeys.id, demoJourneyId));
      await api.database.db.update(schema.journeys).set({ intakeAnswers: { ...j!.intakeAnswers, ...INTAKE_TO_IDENTIFICATION } }).where(eq(schema.journeys.id, demoJourneyId));
      const res = await fetch(client.base + `/api/v1/journeys/${demoJourneyId}/intake/uploads`, { method: "POST", headers, body: form });
      await api.database.db.update(schema.journeys).set({ intakeAnswers: j!.intakeAnswers }).where(eq(schema.journeys.id, demoJourneyId));
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : {}, headers: res.headers };
    },
  },
  // The seeded intake holds no picture: an allowed caller reaches the lookup (404), others are refused first.
  "GET /api/v1/journeys/:id/intake/uploads/:uploadId/file": { path: () => `/api/v1/journeys/${demoJourneyId}/intake/uploads/2147483647/file`, ok: 404 },
  // The seeded intake is not complete: an allowed caller is told so (409), nothing is created.
  "POST /api/v1/journeys/:id/submit": { path: () => `/api/v1/journeys/${demoJourneyId}/submit`, ok: 409 },
  "POST /api/v1/journeys/:id/cancel": { path: () => `/api/v1/journeys/${deniedJourneyId}/cancel`, ok: 409 },
  // The record as FHIR R4 (issue 18): the caller's own, and the demo patient's for staff (every staff role sees them).
  "GET /api/v1/patient/record/fhir": { ok: 200 },
  "GET /api/v1/patient/:patientId/record/fhir": { path: () => `/api/v1/patient/${recordPatientId}/record/fhir`, ok: 200 },
  "GET /api/v1/patient/record/access-log": { ok: 200 },
  // Messaging (issue 17): the demo patient's chat, which every staff role sees.
  "GET /api/v1/chats": { path: () => `/api/v1/chats?patientId=${demoPatientId}`, ok: 200 },
  "GET /api/v1/provider-unread-chats": { ok: 200 },
  "GET /api/v1/provider-unread-and-assigned-chats": { ok: 200 },
  "GET /api/v1/provider-read-chats": { ok: 200 },
  "GET /api/v2/staff/chats": { path: () => `/api/v2/staff/chats?type=unread&filter.providerIds[]=${someUserId}&filter.assigned=true`, ok: 200 },
  "PUT /api/v1/chats/:chatId/assign-provider": { path: () => `/api/v1/chats/${chatId}/assign-provider`, body: { get providerId() { return staffIds.james; } }, ok: 200 },
  "PUT /api/v1/chats/:chatId/toggle-bot": { path: () => `/api/v1/chats/${chatId}/toggle-bot`, body: { enabled: true }, ok: 200 },
  "POST /api/v1/chats/create-message": { body: { get chatId() { return chatId; }, message: "Matrix walk." }, ok: 200 },
  "POST /api/v1/chats/edit-message": {
    ok: 200,
    send: async (client) => {
      const sent = await client.post<{ message: { id: number } }>("/api/v1/chats/create-message", { chatId, message: "To edit." });
      return client.request("POST", "/api/v1/chats/edit-message", { messageId: sent.body.data?.message.id ?? 2147483647, message: "Edited." });
    },
  },
  "DELETE /api/v1/chats/messages/:messageId": {
    ok: 200,
    send: async (client) => {
      const sent = await client.post<{ message: { id: number } }>("/api/v1/chats/create-message", { chatId, message: "To delete." });
      return client.request("DELETE", `/api/v1/chats/messages/${sent.body.data?.message.id ?? 2147483647}`);
    },
  },
  "POST /api/v1/chats/mark-messages-read": {
    ok: 200,
    send: async (client) => {
      const [c] = await api.database.db.select({ last: schema.chats.lastMessageId }).from(schema.chats).where(eq(schema.chats.id, chatId));
      return client.request("POST", "/api/v1/chats/mark-messages-read", { messageId: c!.last });
    },
  },
  "POST /api/v1/chats/mark-all-messages-read": { body: { get chatId() { return chatId; } }, ok: 200 },
  "GET /api/v1/chats/patient-unread-messages-count": { ok: 200 },
  "GET /api/v1/chats/last-chat-message-from-provider": { ok: 200 },
  "GET /api/v1/chats/events": {
    ok: 200,
    send: async (client, path) => {
      const s = await openEvents(client, path);
      s.close();
      return { status: s.status, body: s.body, headers: s.headers };
    },
  },
  "GET /api/v2/chats/check-validity": { path: () => `/api/v2/chats/check-validity?patientId=${demoPatientId}&category=medical`, ok: 200 },
  "GET /api/v3/integration/ai/chat/:id/generate-message": { path: () => `/api/v3/integration/ai/chat/${chatId}/generate-message`, ok: 200 },
  "GET /api/v1/chats/attachments/:id": { ok: 200, send: async (client) => ({ status: (await fetchBytes(client, `/api/v1/chats/attachments/${chatAttachmentId}`)).status, body: { code: "ok", message: "" }, headers: new Headers() }) },
  // The pharmacy and the shipment queue (api/routes/pharmacy.ts, shipments.ts): a one-off item the demo patient may
  // order (no prescription), a fresh idempotency key per call; a fresh queued order per update.
  "GET /api/v1/pharmacy/categories": { ok: 200 },
  "GET /api/v1/pharmacy/categories/:slug": { path: () => "/api/v1/pharmacy/categories/pharmacy-purchase", ok: 200 },
  "GET /api/v1/pharmacy/products/:id": { ok: 200, send: async (client) => client.request("GET", `/api/v1/pharmacy/products/${(await pharmacyItem()).productId}`) },
  "POST /api/v1/pharmacy/quote": { ok: 200, send: async (client) => client.request("POST", "/api/v1/pharmacy/quote", { variantId: (await pharmacyItem()).id }) },
  "POST /api/v1/pharmacy/orders": {
    ok: 200,
    send: async (client) => client.request("POST", "/api/v1/pharmacy/orders", { variantId: (await pharmacyItem()).id, idempotencyKey: `matrix-walk-${crypto.randomUUID()}` }),
  },
  "GET /api/v1/patient/orders": { ok: 200 },
  "GET /api/v1/shipments": { ok: 200 },
  "PUT /api/v1/shipments/:id": {
    ok: 200,
    send: async (client) => {
      const [row] = await api.database.db.insert(schema.orders).values({ orderNumber: `M-${crypto.randomUUID()}`, patientId: demoPatientId, status: 1 }).returning({ id: schema.orders.id });
      return client.request("PUT", `/api/v1/shipments/${row!.id}`, { status: 3 });
    },
  },
  // Schedules, availability, licenses (issue 19 part B): the caller's own id (session-info's), so every staff role
  // reaches it; payouts: the provider user's own, with a visit recorded first so a payout is due.
  "GET /api/v1/staff-schedule-settings/:id": { ok: 200, send: async (c) => c.request("GET", `/api/v1/staff-schedule-settings/${await selfId(c)}`) },
  "POST /api/v1/staff-schedule-settings/:id": {
    ok: 200,
    send: async (c) => c.request("POST", `/api/v1/staff-schedule-settings/${await selfId(c)}`, { weekly: [{ weekday: 1, ranges: [{ start: "09:00", end: "17:00" }] }] }),
  },
  "POST /api/v1/staff-schedule-set-day-bulk/:id": {
    ok: 200,
    send: async (c) => c.request("POST", `/api/v1/staff-schedule-set-day-bulk/${await selfId(c)}`, { dates: ["2027-03-15"], mode: "off" }),
  },
  "GET /api/v1/staff-schedule-calendar/:id": { ok: 200, send: async (c) => c.request("GET", `/api/v1/staff-schedule-calendar/${await selfId(c)}/?yearMonth=2027-03`) },
  "GET /api/v1/staff-schedule-availability": { ok: 200 },
  "GET /api/v1/staff-schedule-availability/:staffId": { ok: 200, send: async (c) => c.request("GET", `/api/v1/staff-schedule-availability/${await selfId(c)}`) },
  "POST /api/v1/staff-schedule-availability/:staffId": {
    ok: 200,
    send: async (c) => c.request("POST", `/api/v1/staff-schedule-availability/${await selfId(c)}`, { availability: "available" }),
  },
  "GET /api/v1/staff-licenses/:staffId": { ok: 200, send: async (c) => c.request("GET", `/api/v1/staff-licenses/${await selfId(c)}`) },
  "POST /api/v1/staff-licenses/:staffId": {
    ok: 200,
    send: async (c) => c.request("POST", `/api/v1/staff-licenses/${await selfId(c)}`, { state: "WY", licenseType: "RN", licenseNumber: `WY-${++licenseSerial}`, expiresOn: "2099-01-01" }),
  },
  "PUT /api/v1/staff-licenses/:staffId/:id": {
    ok: 200,
    send: async (c) => {
      const id = await selfId(c);
      const licenseId = await spareLicense(id);
      return c.request("PUT", `/api/v1/staff-licenses/${id}/${licenseId}`, { state: "WY", licenseType: "RN", licenseNumber: `WY-${++licenseSerial}`, expiresOn: "2099-02-01" });
    },
  },
  "DELETE /api/v1/staff-licenses/:staffId/:id": {
    ok: 200,
    send: async (c) => {
      const id = await selfId(c);
      return c.request("DELETE", `/api/v1/staff-licenses/${id}/${await spareLicense(id)}`);
    },
  },
  "GET /api/v1/payouts": { ok: 200 },
  "GET /api/v1/payouts/payable": { ok: 200 },
  "POST /api/v1/payouts/request": {
    ok: 200,
    send: async (c) => {
      const id = await selfId(c);
      if (id) await api.database.db.insert(schema.visitRecords).values({ patientId: demoPatientId, providerId: id, visitType: "video" });
      return c.request("POST", "/api/v1/payouts/request", {});
    },
  },
  "GET /api/v1/payouts/:id/pdf": {
    ok: 200,
    send: async (c) => {
      const id = await selfId(c);
      const staffId = id || (await api.database.db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, LOGINS.providerUsers)))[0]!.id;
      const [row] = await api.database.db
        .insert(schema.payoutInvoices)
        .values({ staffId, number: `PO-M-${++licenseSerial}`, periodStart: new Date(Date.now() - 86_400_000 * (licenseSerial + 2)), periodEnd: new Date(Date.now() - 86_400_000 * (licenseSerial + 1)), reviews: 1, visits: 0, reviewRateCents: 100, visitRateCents: 100, amountCents: 100, payoutDate: "2027-01-01" })
        .returning({ id: schema.payoutInvoices.id });
      return { ...(await c.request("HEAD", `/api/v1/payouts/${row!.id}/pdf`)), body: { code: "ok", message: "" } };
    },
  },
  "GET /api/v1/profile/signature": { ok: 200 },
  "POST /api/v1/profile/signature": { body: { typedName: "Dr. Demo Signer" }, ok: 200 },
  "POST /api/v1/profile/signature/image": { ok: 200, send: (client, path) => uploadFile(client, path, { bytes: pngBytes, name: "sig.png", type: "image/png" }, { field: "signature" }) },
  "DELETE /api/v1/profile/signature/image": { ok: 200 },
  "DELETE /api/v1/profile/signature": { ok: 200 },
  "GET /api/v1/signatures/:key": { path: () => `/api/v1/signatures/${signatureKey}`, ok: 200, send: async (client, path) => ({ ...(await client.request("HEAD", path)), body: { code: "ok", message: "" } }) },
};

/** The catalogue's alcohol prep pads (a one-off pharmacy item, no prescription): its only variant. */
async function pharmacyItem() {
  const [p] = await api.database.db.select({ id: schema.products.id }).from(schema.products).where(eq(schema.products.slug, "alcohol-prep-pads"));
  return (await api.database.db.select().from(schema.productVariants).where(eq(schema.productVariants.productId, p!.id)))[0]!;
}

let licenseSerial = 0;
/** The caller's own user id (0 for a guest): session-info's `id`. */
async function selfId(client: Client): Promise<number> {
  const r = await client.post<{ id?: number }>("/api/v1/users/session-info", {});
  return r.body.data?.id ?? 0;
}
/** A live license of `staffId` to edit or remove. */
async function spareLicense(staffId: number): Promise<number> {
  if (!staffId) return 2147483647;
  const [row] = await api.database.db
    .insert(schema.staffLicenses)
    .values({ staffId, state: "WY", licenseType: "LPN", licenseNumber: `WY-S-${++licenseSerial}`, expiresOn: "2099-01-01" })
    .returning({ id: schema.staffLicenses.id });
  return row!.id;
}

/** Answers that take a weight-loss intake up to its identification step. */
const INTAKE_TO_IDENTIFICATION = {
  conditions: ["none"], takesMedications: false, hasAllergies: false, pregnant: false, breastfeeding: false,
  thyroidCancerHistory: false, pancreatitisHistory: false, eatingDisorder: false, insulinUse: false, goal: "lose20",
};

/** A check-in of the demo patient: requested, or answered and waiting for review. */
async function freshCheckIn(answered: boolean): Promise<number> {
  const [row] = await api.database.db
    .insert(schema.checkIns)
    .values({ patientId: demoPatientId, completedAt: answered ? new Date() : null, answers: answered ? { currentWeightLb: 190 } : null })
    .returning({ id: schema.checkIns.id });
  return row!.id;
}

/**
 * The demo patient's treatment with the seed's prescriptions, approved (the update-status walk may have moved it:
 * set back directly, so the prescription call has an approved treatment whatever ran before).
 */
async function approvedTreatment(): Promise<number> {
  const [p] = await api.database.db.select({ id: schema.prescriptions.treatmentId }).from(schema.prescriptions).where(eq(schema.prescriptions.patientId, demoPatientId)).limit(1);
  await api.database.db.update(schema.treatments).set({ reviewStatus: "approved" }).where(eq(schema.treatments.id, p!.id));
  return p!.id;
}

describe("permission matrix", () => {
  it("covers exactly the registered endpoints", () => {
    expect([...registeredEndpoints()].sort()).toEqual(Object.keys(permissions).sort());
    expect(Object.keys(samples).sort()).toEqual(Object.keys(permissions).sort());
  });

  for (const key of Object.keys(permissions) as EndpointKey[]) {
    for (const role of ROLES) {
      const allowed = (permissions[key].roles as readonly Role[]).includes(role);
      const sample = samples[key];
      const expected = allowed ? sample.ok : role === "guest" ? 401 : 403;
      it(`${key} as ${role} → ${expected}`, async () => {
        const [method, rawPath] = key.split(" ");
        const client = sample.fresh ? await signedIn(api.url, role as keyof typeof LOGINS | "guest") : clients.get(role)!;
        const path = sample.path ? sample.path() : rawPath;
        const r = sample.send ? await sample.send(client, path) : await client.request(method, path, method === "GET" ? undefined : (sample.body ?? {}));
        expect(r.status).toBe(expected);
      });
    }
  }
});

// README "The upstream contract": a body may carry the CSRF token as `csrfToken` instead of the header, checked
// the same way (issue 12: PUT /api/v1/profile refused it). Every state-changing endpoint with a body sample, as its
// first allowed role, with the token in a form body (and, for one, in JSON): the same status as with the header,
// and a wrong token in the body is still a 403.
describe("the CSRF token in the body", () => {
  const SAFE = new Set(["GET", "HEAD"]);
  const keys = (Object.keys(permissions) as EndpointKey[]).filter((key) => {
    const rule = permissions[key] as { roles: readonly Role[]; csrf?: boolean };
    return !SAFE.has(key.split(" ")[0]!) && rule.csrf !== false && !samples[key].send;
  });
  /** Bodies that are typed JSON (nested objects, arrays, numbers a form cannot carry): the token goes in the JSON. */
  const JSON_BODIES = new Set<EndpointKey>(["PUT /api/v1/journeys/:id/intake/:step", "POST /actions/users/save-address", "POST /api/v1/track", "POST /api/v2/tasks/mass-update", "POST /api/v1/treatments/assign-provider-bulk"]);
  /** From an address of its own: the limits per IP of the walk above are not touched. */
  const headers = { "X-Forwarded-For": "198.51.100.88" };

  for (const key of keys) {
    const form = !JSON_BODIES.has(key);
    it(`${key}: csrfToken in a ${form ? "form" : "JSON"} body is accepted, a wrong one refused`, async () => {
      const [method, rawPath] = key.split(" ") as [string, string];
      const role = (permissions[key].roles as readonly Role[]).find((r) => r !== "guest") ?? "guest";
      const client = await signedIn(api.url, role as keyof typeof LOGINS | "guest");
      const path = samples[key].path ? samples[key].path!() : rawPath;
      const body = (samples[key].body ?? {}) as Record<string, unknown>;
      const values = form ? Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)])) : body;
      const wrong = await client.request(method, path, { ...values, csrfToken: "wrong" }, { csrf: false, form, headers });
      expect(wrong.status).toBe(403);
      const r = await client.request(method, path, { ...values, csrfToken: client.csrf }, { csrf: false, form, headers });
      // The walk above already deleted the sample card: past the token check, the card is not found.
      expect(r.status).toBe(key === "DELETE /api/v2/profile/payment-method" ? 404 : samples[key].ok);
    });
  }

  it("PUT /api/v1/profile takes the token in a JSON body too", async () => {
    const client = await signedIn(api.url, "patients");
    const r = await client.request("PUT", "/api/v1/profile", { utcOffsetMinutes: -300, csrfToken: client.csrf }, { csrf: false, headers });
    expect(r.status).toBe(200);
  });
});
