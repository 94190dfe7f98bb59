/**
 * Check-ins without JavaScript, as plain HTTP (issue 14/15): a nurse requests a check-in from test patient 34 on the
 * record's intakes tab (an empty due date refused with its summary first); the patient answers it at
 * /patient/check-ins/{id} (a failed answer keeps what was typed, then sent; answering again is refused with the
 * API's message); the manager declines it (a note required) and approves a second one; the patient reads the review;
 * another patient gets the not-found page; the pending queue on ready-for-review; the demo patient's seeded check-ins;
 * Spanish on the patient page. The JavaScript journey: tests/e2e/check-ins.spec.ts.
 */
import { describe, expect, it } from "vitest";
import { as, WebClient, type WebPage } from "./client";
import { testPatient } from "../support/accounts";

const SLOT = 34;

async function patientId(client: WebClient, email: string): Promise<number> {
  const response = await client.raw("GET", `/resources/tasks/users?kind=patient&search=${encodeURIComponent(email)}`, undefined, { Accept: "application/json" });
  expect(response.status).toBe(200);
  const found = ((await response.json()) as { items: { id: number; email: string | null }[] }).items.find((p) => p.email === email);
  expect(found, email).toBeTruthy();
  return found!.id;
}

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
/** The check-in rows of the record's section, newest first, with their status. */
const rows = (page: WebPage) => page.$$("[data-testid=check-in-row]").map((li) => ({ id: li.getAttribute("data-check-in-id")!, status: li.querySelector("[data-testid=check-in-status]")!.getAttribute("data-status") }));

async function patientClient(): Promise<WebClient> {
  const client = new WebClient();
  await client.signIn(testPatient(SLOT).email);
  return client;
}

/** Requests a check-in as `staff` and answers what the newest one's id is. */
async function request(staff: WebClient, id: number): Promise<string> {
  const tab = await staff.get(`/manager/patients/${id}/intakes`);
  const done = await staff.submit(tab, "[data-testid=check-in-request-form]", { dueOn: inDays(7) });
  expect(done.toasts("success")).toEqual(["The check-in has been requested from the patient."]);
  return rows(done)[0]!.id;
}

const ANSWERS = { currentWeightLb: "201.4", sideEffects: ["nausea", "fatigue"], doseSatisfaction: "satisfied", newMedications: "no", forProvider: "Feeling better" };

/** The first test's check-in, reviewed by the second. */
let firstId = "";
let id = 0;

describe("check-ins without JavaScript", () => {
  it("request (an empty due date refused first) → answer (errors kept, then sent; a second answer refused)", async () => {
    const manager = await as("manager");
    id = await patientId(manager, testPatient(SLOT).email);
    // The nurse requests one; an empty due date first: the summary, the field's message.
    const nurse = new WebClient();
    await nurse.signIn("nurse@demo.test");
    const tab = await nurse.get(`/staff/patients/${id}/intakes`);
    expect(tab.status).toBe(200);
    expect(tab.text("[data-testid=record-check-ins]")).toContain("No check-ins yet.");
    const refused = await nurse.submit(tab, "[data-testid=check-in-request-form]", { dueOn: "" });
    expect(refused.status).toBe(400);
    expect(refused.$("[data-testid=error-summary]")).not.toBeNull();
    expect(refused.fieldError("Due date")).toBe("Value is required");
    const requested = await nurse.submit(refused, "[data-testid=check-in-request-form]", { dueOn: inDays(10) });
    expect(requested.toasts("success")).toEqual(["The check-in has been requested from the patient."]);
    const [first] = rows(requested);
    expect(first).toEqual({ id: expect.any(String), status: "requested" });

    // The patient answers: a failed post keeps what was typed.
    const patient = await patientClient();
    const form = await patient.get(`/patient/check-ins/${first!.id}`);
    expect(form.status).toBe(200);
    expect(form.h1).toBe("Check-in");
    const failed = await patient.submit(form, "[data-testid=check-in-form]", { currentWeightLb: "20", sideEffects: ["none", "nausea"], newMedications: "yes", forProvider: "Keep this" });
    expect(failed.status).toBe(400);
    expect(failed.$("[data-testid=error-summary]")).not.toBeNull();
    expect(failed.fieldError("Your current weight (lb)")).toBe("Enter your weight in pounds, between 50 and 1000.");
    expect(failed.text("#check-in-sideEffects-error")).toBe("Choose “None” or the side effects you had, not both.");
    expect(failed.fieldError("If yes, which ones?")).toBe("Value is required");
    expect((failed.field("Your current weight (lb)") as HTMLInputElement).getAttribute("value")).toBe("20");
    expect(failed.field("Anything else for your provider? (optional)").textContent).toBe("Keep this");
    expect(failed.$("input[name=sideEffects][value=nausea]")!.hasAttribute("checked")).toBe(true);
    const sent = await patient.submit(failed, "[data-testid=check-in-form]", { ...ANSWERS, newMedications: "yes", newMedicationsDetail: "Vitamin D" });
    expect(sent.toasts("success")).toEqual(["Thank you: your check-in has been sent to your care team."]);
    expect(sent.path).toBe(`/patient/check-ins/${first!.id}`);
    expect(sent.$("[data-testid=check-in-form]")).toBeNull();
    expect(sent.text("[data-testid=check-in-answers]")).toContain("201.4 lb");
    expect(sent.text("[data-testid=check-in-answers]")).toContain("Nausea, Tiredness");
    expect(sent.text("[data-testid=check-in-result]")).toContain("Your care team will review your answers soon.");
    // The old form posted again: refused with the API's message, nothing changed.
    const again = await patient.submit(form, "[data-testid=check-in-form]", ANSWERS);
    expect(again.status).toBe(409);
    expect(again.text("[data-testid=form-error]")).toBe("This check-in has already been answered.");
    firstId = first!.id;
  });

  it("decline with a note (required) → the patient reads it; a second one approved; another patient's is not found", async () => {
    expect(firstId).not.toBe("");
    const manager = await as("manager");
    const patient = await patientClient();
    const first = { id: firstId };
    // The manager declines it: a note is required.
    const record = await manager.get(`/manager/patients/${id}/intakes`);
    expect(rows(record)[0]).toEqual({ id: first!.id, status: "answered" });
    expect(record.text(`#check-in-${first!.id} [data-testid=check-in-answers]`)).toContain("Vitamin D");
    const review = `#check-in-${first!.id} [data-testid=check-in-review-form]`;
    const noNote = await manager.submit(record, review, { approval: "declined", note: "" });
    expect(noNote.status).toBe(400);
    expect(noNote.$("[data-testid=error-summary]")).not.toBeNull();
    expect(noNote.fieldError("Note to the patient")).toBe("Say why the check-in is declined: the patient reads this note.");
    const declined = await manager.submit(noNote, review, { approval: "declined", note: "Please book a video visit before we renew." });
    expect(declined.toasts("success")).toEqual(["The check-in has been declined."]);
    expect(rows(declined)[0]).toEqual({ id: first!.id, status: "declined" });
    const read = await patient.get(`/patient/check-ins/${first!.id}`);
    expect(read.text("[data-testid=check-in-result]")).toContain("Your check-in was declined.");
    expect(read.text("[data-testid=check-in-note]")).toBe("Please book a video visit before we renew.");

    // A second one: requested, answered, approved.
    const second = await request(manager, id);
    const answerPage = await patient.get(`/patient/check-ins/${second}`);
    await patient.submit(answerPage, "[data-testid=check-in-form]", ANSWERS);
    const before = await manager.get(`/manager/patients/${id}/intakes`);
    const approved = await manager.submit(before, `#check-in-${second} [data-testid=check-in-review-form]`, { approval: "approved" });
    expect(approved.toasts("success")).toEqual(["The check-in has been approved."]);
    expect(rows(approved)[0]).toEqual({ id: second, status: "approved" });
    expect(approved.$(`#check-in-${second} [data-testid=check-in-review-form]`)).toBeNull();
    expect((await patient.get(`/patient/check-ins/${second}`)).text("[data-testid=check-in-result]")).toContain("Your check-in was approved.");

    // Another patient: the not-found page.
    const other = await as("patient");
    expect((await other.get(`/patient/check-ins/${second}`)).status).toBe(404);
  });

  it("the demo patient's seeded check-ins: one to answer, one waiting, one approved; the pending queue lists answered ones", async () => {
    const manager = await as("manager");
    const tab = await manager.get("/manager/patients/1/intakes");
    const statuses = rows(tab).map((r) => r.status);
    expect(statuses).toEqual(expect.arrayContaining(["requested", "answered", "approved"]));
    const queue = await manager.get("/manager/ready-for-review");
    expect(queue.status).toBe(200);
    expect(queue.text("[data-testid=pending-check-ins] h2")).toBe("Check-ins waiting for review");
    expect(queue.$$("[data-testid=pending-check-in-row]").length).toBeGreaterThan(0);
    expect(queue.text("[data-testid=zone-note]")).toMatch(/^Times are shown in /);
    const link = queue.$("[data-testid=review-check-in]")!.getAttribute("href")!;
    expect(link).toMatch(/^\/manager\/patients\/\d+\/intakes#check-in-\d+$/);
    // Support reads the section but has no review or request form.
    const support = await as("support");
    const read = await support.get("/staff/patients/1/intakes");
    expect(read.$$("[data-testid=check-in-row]").length).toBeGreaterThan(0);
    expect(read.$("[data-testid=check-in-request-form]")).toBeNull();
    expect(read.$("[data-testid=check-in-review-form]")).toBeNull();
  });

  it("Spanish on the patient's page", async () => {
    const es = await as("patient", { language: "es-US" });
    const page = await es.get("/patient/check-ins/1");
    expect(page.status).toBe(200);
    expect(page.h1).toBe("Control");
    expect(page.text("[data-testid=check-in-status]")).toBe("Aprobado");
    expect(page.bodyText).toContain("Sus respuestas");
  });
});

describe("issue 14 leftovers", () => {
  it("a charts tab switch starts at the first page (the cursor is dropped); the queues name the time zone", async () => {
    const manager = await as("manager");
    const page = await manager.get("/manager/charts?tab=to_review&cursor=eyJ0IjoidG9fcmV2aWV3In0");
    expect(page.status).toBe(200);
    expect(page.link("Reviewed")).toBe("/manager/charts?tab=reviewed");
    expect(page.text("[data-testid=zone-note]")).toMatch(/^Times are shown in .*UTC[+−]\d{2}:\d{2}/);
  });
});
