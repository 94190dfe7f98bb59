/**
 * The clinical review's steps without JavaScript, as plain HTTP (issue 14, H2): record a visit with the allergies
 * search button keeping everything typed (and an error with its summary), write a prescription (instructions
 * required) and open the printable page, inform the patient from a template after editing it (an empty message
 * refused), record a nurse note as the nurse, Spanish on the prescription page. Demo patient 1 (Emma Carter, CA),
 * her approved treatment. The JavaScript journey: tests/e2e/clinical-review.spec.ts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { as, type WebClient } from "./client";

let treatmentId = "";
const base = () => `/staff/patients/1/intakes/${treatmentId}`;
const rx = () => `/provider/patients/1/intakes/${treatmentId}/manage-prescription`;

beforeAll(async () => {
  // Emma's treatment that can be prescribed for now: the one whose manage-prescription page offers the form.
  const provider = await as("provider");
  const tab = await provider.get("/staff/patients/1/treatments");
  const ids = tab.$$("[data-testid^=treatment-]").map((el) => el.getAttribute("data-testid")!.slice("treatment-".length));
  for (const id of ids) {
    const page = await provider.get(`/provider/patients/1/intakes/${id}/manage-prescription`);
    if (page.status === 200 && page.$("[data-testid=prescription-form]")) {
      treatmentId = id;
      break;
    }
  }
  expect(treatmentId).not.toBe("");
});

async function provider(): Promise<WebClient> {
  return as("provider");
}

describe("record visit", () => {
  it("the allergies search button keeps what was typed; an error shows its summary; saving goes to the next step", async () => {
    const client = await provider();
    const page = await client.get(`${base()}/record-visit`);
    expect(page.status).toBe(200);
    expect(page.h1).toBe("Record visit");
    expect(page.text("[data-testid=step-patient]")).toContain("Emma Carter");
    const searched = await client.submit(page, "[data-testid=record-visit-form]", { chiefComplaint: "Weight check", notes: "Typed notes stay here", allergyQuery: "pen" }, { button: "Search" });
    expect(searched.status).toBe(200);
    expect(searched.text("[data-testid=allergies-results]")).toContain("Penicillin");
    expect(searched.field("Notes").textContent).toBe("Typed notes stay here");
    expect((searched.field("Chief complaint") as HTMLInputElement).getAttribute("value")).toBe("Weight check");
    // Choose penicillin; leave the assessment out: the error summary, the field's message, nothing lost.
    const failed = await client.submit(searched, "[data-testid=record-visit-form]", { allergies: ["penicillin"], plan: "Start the lowest dose" }, { button: "Save and continue" });
    expect(failed.status).toBe(400);
    expect(failed.$("[data-testid=error-summary]")).not.toBeNull();
    expect(failed.fieldError("Assessment")).toBe("Value is required");
    expect(failed.field("Notes").textContent).toBe("Typed notes stay here");
    expect(failed.text("[data-testid=allergies-selected]")).toContain("Penicillin");
    const saved = await client.submit(failed, "[data-testid=record-visit-form]", { assessment: "Good candidate", bloodPressure: "118/76" }, { button: "Save and continue" });
    expect(saved.toasts("success")).toEqual(["The visit has been recorded."]);
    expect(saved.path).toMatch(new RegExp(`/(manage-prescription|inform-patient)$`));
    const visits = await client.get("/staff/patients/1/visits");
    expect(visits.bodyText).toContain("Weight check");
    expect(visits.bodyText).toContain("Penicillin");
    expect(visits.bodyText).toContain("118/76");
  });
});

describe("manage prescription", () => {
  it("instructions are required; a saved prescription opens as a printable page", async () => {
    const client = await provider();
    const page = await client.get(rx());
    expect(page.h1).toBe("Manage prescription");
    const refused = await client.submit(page, "[data-testid=prescription-form]", { instructions: "  ", diagnosisCode: "E66.9" });
    expect(refused.status).toBe(400);
    expect(refused.$("[data-testid=error-summary]")).not.toBeNull();
    expect(refused.fieldError("Instructions")).toBe("Prescription instructions are required");
    const saved = await client.submit(refused, "[data-testid=prescription-form]", { instructions: "Inject 0.25 mg under the skin once weekly.", unitsDose: "0.25 mg weekly", diagnosisCode: "Z68.32" });
    expect(saved.toasts("success")).toEqual(["The prescription has been saved."]);
    const history = saved.text("[data-testid=prescription-history]");
    expect(history).toContain("Inject 0.25 mg under the skin once weekly.");
    expect(history).toContain("Z68.32 — BMI 32.0–32.9, adult");
    const printHref = saved.$("[data-testid=prescription-history] a")!.getAttribute("href")!;
    const printable = await client.get(printHref);
    expect(printable.status).toBe(200);
    expect(printable.headers.get("cache-control")).toContain("no-store");
    expect(printable.text("[data-testid=printable-prescription]")).toContain("Inject 0.25 mg under the skin once weekly.");
    expect(printable.bodyText).toContain("Emma Carter");
    expect(printable.bodyText).toContain("Use your browser's Print command");
    expect(printable.$(".print\\:hidden")).not.toBeNull();
  });
  it("another clinician's patient is not found; Spanish on the page", async () => {
    const es = await as("provider", { language: "es-US" });
    const page = await es.get(rx());
    expect(page.h1).toBe("Gestionar la receta");
    const refused = await es.submit(page, "[data-testid=prescription-form]", { instructions: "" });
    expect(refused.fieldError("Instrucciones")).toBe("Las instrucciones de la receta son obligatorias");
    const support = await as("support");
    expect((await support.get(rx())).status).toBe(404);
  });
  it("/dosespot says plainly that no external service is configured", async () => {
    const page = await (await provider()).get(`${base()}/dosespot`);
    expect(page.status).toBe(200);
    expect(page.bodyText).toContain("No external e-prescribing service is configured");
    expect(page.$("[data-testid=dosespot-open]")).toBeNull();
  });
});

describe("inform the patient", () => {
  it("from a template, edited, sent; an empty message is refused", async () => {
    const client = await provider();
    const page = await client.get(`${base()}/inform-patient`);
    expect(page.h1).toBe("Inform the patient");
    const option = page.$$("#template option").find((o) => o.textContent === "Treatment approved")!;
    const chosen = await client.submit(page, "[data-testid=template-form]", { template: option.getAttribute("value")! });
    const text = chosen.field("Message").textContent ?? "";
    expect(text).toMatch(/^Hi Emma,/);
    expect(text).not.toContain("{{");
    const empty = await client.submit(chosen, "[data-testid=inform-form]", { message: "   " });
    expect(empty.status).toBe(400);
    expect(empty.fieldError("Message")).toBe("Message cannot be empty");
    const sent = await client.submit(chosen, "[data-testid=inform-form]", { message: `${text}\n\nP.S. Edited before sending.` });
    expect(sent.toasts("success")).toEqual(["The message has been sent to the patient."]);
    expect(sent.path).toBe("/staff/patients/1");
  });
});

describe("record note", () => {
  it("the nurse records a nurse note; it is on the notes tab", async () => {
    const nurse = await as("nurse");
    const page = await nurse.get(`${base()}/record-note`);
    expect(page.h1).toBe("Record note");
    const empty = await nurse.submit(page, "[data-testid=record-note-form]", { body: "" });
    expect(empty.fieldError("Note")).toBe("Value is required");
    const saved = await nurse.submit(page, "[data-testid=record-note-form]", { body: "Called to review the injection technique (web test)." });
    expect(saved.toasts("success")).toEqual(["The note has been recorded."]);
    expect(saved.path).toBe("/staff/patients/1/notes");
    expect(saved.bodyText).toContain("Called to review the injection technique (web test).");
  });
});
