/**
 * The intake review without JavaScript, as plain HTTP (issue 14, H1): a provider reviews a new intake to approval
 * (the sidebar's step states change and the page links to record visit), declines another with its reason (the
 * error summary when the reason is missing, then the note on the record's notes tab), an out-of-state review warns
 * before approval, the cancel-review modal as a URL state returns where the review came from, and the whole page
 * in es-US. The JavaScript journey: tests/e2e/intake-review.spec.ts.
 */
import { beforeAll, describe, expect, inject, it } from "vitest";
import { as, squash, type WebClient } from "./client";
import { Client } from "../api/harness";

type Row = { id: number; patient: { id: number }; reviewStatus: string };
let pending: Row[] = [];
let provider: WebClient;
const reviewPath = (r: Row) => `/staff/patients/${r.patient.id}/intakes/${r.id}/review`;

beforeAll(async () => {
  const api = new Client(inject("webApiURL"));
  await api.login("provider@demo.test");
  const list = await api.get<Row[]>("/api/v1/treatments/provider-list?reviewStatus=pending&perPage=50&counts=false");
  // The demo patients (1, 2) are other suites' fixtures; the highest ids first.
  pending = list.body.data!.filter((r) => r.patient.id > 2 && r.reviewStatus === "pending");
  provider = await as("provider");
});

async function candidates() {
  const inState: Row[] = [];
  const outOfState: Row[] = [];
  for (const r of pending) {
    const page = await provider.get(reviewPath(r));
    if (!page.$("[data-testid=approve-form]")) continue;
    (/You are not licensed in [A-Z]{2}/.test(page.bodyText) ? outOfState : inState).push(r);
    if (inState.length >= 3 && outOfState.length >= 1) break;
  }
  return { inState, outOfState };
}

describe("the intake review (provider, no JavaScript)", () => {
  it("reviews a new intake to approval; the steps change and the next step is linked", async () => {
    const { inState, outOfState } = await candidates();
    expect(inState.length).toBeGreaterThanOrEqual(3);
    expect(outOfState.length).toBeGreaterThanOrEqual(1);
    const r = inState[0]!;
    const page = await provider.get(`${reviewPath(r)}?from=ready-for-review`);
    expect(page.status).toBe(200);
    expect(page.h1).toBe("Review the intake");
    expect(page.$$("[data-testid=review-intake] dt").length).toBeGreaterThan(3);
    expect(page.text("[data-testid=step-state-review]")).toBe("current step");
    expect(page.text("[data-testid=step-state-recordVisit]")).toBe("not available yet");
    expect(page.$("nav a[href*='record-visit']")).toBeNull();
    const approved = await provider.submit(page, "[data-testid=approve-form]");
    expect(approved.status).toBe(200);
    expect(approved.toasts("success")).toContain("The intake has been approved.");
    expect(approved.text("[data-testid=step-state-review]")).toBe("approved");
    expect(approved.text("[data-testid=step-state-recordVisit]")).toBe("available");
    expect(approved.$("[data-testid=next-step]")?.getAttribute("href")).toBe(`/staff/patients/${r.patient.id}/intakes/${r.id}/record-visit?from=ready-for-review`);
    expect(approved.$("[data-testid=approve-form]")).toBeNull();
    const treatments = await provider.get(`/staff/patients/${r.patient.id}/treatments`);
    expect(squash(treatments.text(`[data-testid=treatment-${r.id}]`))).toContain("Approved");
  });

  it("an out-of-state review (the provider's expired Texas license, or a state he never held) warns before approval, and the approval is refused with the message", async () => {
    const { outOfState } = await candidates();
    const page = await provider.get(reviewPath(outOfState[0]!));
    const state = /You are not licensed in ([A-Z]{2})/.exec(page.bodyText)![1];
    const refused = await provider.submit(page, "[data-testid=approve-form]");
    expect(refused.status).toBe(400);
    expect(refused.text("[data-testid=error-summary]")).toContain(`You are not licensed in ${state}`);
  });

  it("decline needs a reason (error summary), then the note shows on the record", async () => {
    const { inState } = await candidates();
    const r = inState[0]!;
    const page = await provider.get(reviewPath(r));
    const missing = await provider.submit(page, "[data-testid=decline-form]", { reason: "" });
    expect(missing.status).toBe(400);
    expect(missing.text("[data-testid=error-summary]")).toContain("Reason");
    const declined = await provider.submit(missing, "[data-testid=decline-form]", { reason: "contraindication", note: "Nitrates with sildenafil." });
    expect(declined.toasts("success")).toContain("The intake has been declined.");
    expect(declined.text("[data-testid=step-state-review]")).toBe("approved");
    expect(declined.$("[data-testid=resume-form]")).not.toBeNull();
    const notes = await provider.get(`/staff/patients/${r.patient.id}/notes`);
    expect(notes.bodyText).toContain("Intake declined. Reason: Contraindication. Nitrates with sildenafil.");
  });

  it("the cancel-review modal is a URL state that returns where the review came from", async () => {
    const r = pending[pending.length - 1]!;
    const page = await provider.get(`${reviewPath(r)}?from=ready-for-review`);
    const open = await provider.get(page.link("Cancel review"));
    expect(open.$("dialog[open]")).not.toBeNull();
    expect(open.text("#cancel-review-title")).toBe("Cancel review?");
    expect(open.link("Yes, cancel")).toBe("/staff/ready-for-review");
    expect(open.link("No, continue review")).toBe(`${reviewPath(r)}?from=ready-for-review`);
    const fromRecord = await provider.get(`${reviewPath(r)}?cancel=1`);
    expect(fromRecord.link("Yes, cancel")).toBe(`/staff/patients/${r.patient.id}`);
  });

  it("the whole review page in es-US", async () => {
    const spanish = await as("provider", { language: "es-US" });
    const page = await spanish.get(reviewPath(pending[pending.length - 1]!));
    expect(page.lang).toBe("es-US");
    for (const text of ["Respuestas del cuestionario", "Alertas de contraindicación", "Tratamientos anteriores", "Decisión", "Rechazar", "Solicitar cambios", "Cancelar la revisión"]) {
      expect(page.bodyText, text).toContain(text);
    }
  });
});
