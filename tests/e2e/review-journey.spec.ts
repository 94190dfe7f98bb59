/**
 * Issue 14's whole journey in the browser with JavaScript, one treatment through every step: the provider manager
 * (licensed in every state the demo lives in) opens a pending new-patient review from the ready-for-review list,
 * approves it, records the visit, writes the prescription and informs the patient from a template; the record's
 * visits and notes tabs then show what was done. Each step's no-JavaScript form is covered over HTTP
 * (tests/web/intake-review.test.ts, clinical-review.test.ts); this is the one journey that walks them all.
 */
import { expect, test } from "@playwright/test";
import { Client } from "../api/harness";
import { hydrated, signIn } from "./support";

const API = `http://127.0.0.1:${process.env.E2E_API_PORT ?? 3101}`;

test("review a new intake through every step: approve, record the visit, prescribe, inform the patient", async ({ page }, testInfo) => {
  test.setTimeout(45_000);
  const api = new Client(API);
  await api.login("manager@demo.test");
  // A pending new-patient review of a generated patient, not one the other suites use (the last of the first page,
  // as intake-review.spec.ts takes the first).
  const list = await api.get<{ id: number; patient: { id: number } }[]>("/api/v1/treatments/provider-list?reviewStatus=pending&readyToReview=new_patient&perPage=20&counts=false");
  const candidates = list.body.data!.filter((r) => r.patient.id > 2);
  const row = candidates[candidates.length - 1]!;
  const base = `/staff/patients/${row.patient.id}/intakes/${row.id}`;

  await signIn(page, "manager", `/manager/patients/${row.patient.id}/intakes/${row.id}/review?from=ready-for-review`);
  await hydrated(page, testInfo);
  await page.getByTestId("approve-form").getByRole("button", { name: "Approve" }).click();
  await expect(page.getByTestId("step-state-review")).toHaveText("approved");

  // Record the visit (the next step's link).
  await page.getByTestId("next-step").click();
  await expect(page).toHaveURL(new RegExp(`${base}/record-visit`));
  await page.getByLabel(/^Chief complaint/).fill("Weight management (journey e2e)");
  await page.getByLabel(/^Assessment/).fill("Eligible, no contraindications");
  await page.getByLabel(/^Plan/).fill("Start at the lowest dose");
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page.getByText("The visit has been recorded.")).toBeVisible();

  // The prescription (the approved treatment; the manager is licensed in the patient's state).
  await page.goto(`/provider/patients/${row.patient.id}/intakes/${row.id}/manage-prescription`);
  await hydrated(page, testInfo);
  await page.getByLabel(/^Diagnosis code/).selectOption({ index: 1 });
  await page.getByLabel(/^Instructions/).fill("Take as directed (journey e2e).");
  await page.getByLabel(/^Units \/ dose/).fill("1 unit");
  await page.getByRole("button", { name: "Save prescription" }).click();
  await expect(page.getByText("The prescription has been saved.")).toBeVisible();
  await expect(page.getByTestId("prescription-history")).toContainText("Take as directed (journey e2e).");

  // Inform the patient: the first template, edited.
  await page.goto(`${base}/inform-patient`);
  await hydrated(page, testInfo);
  await page.getByTestId("template-form").getByLabel("Template").selectOption({ index: 1 });
  await page.getByTestId("template-form").getByRole("button", { name: "Use template" }).click();
  const message = page.getByTestId("inform-form").getByLabel(/^Message/);
  await expect(message).not.toHaveValue("");
  await message.fill(`${await message.inputValue()}\n\nJourney e2e.`);
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("The message has been sent to the patient.")).toBeVisible();

  // The record shows the visit and the approval note.
  await page.goto(`/manager/patients/${row.patient.id}/visits`);
  await expect(page.getByRole("main")).toContainText("Weight management (journey e2e)");
});
