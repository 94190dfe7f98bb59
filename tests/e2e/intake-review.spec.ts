/**
 * The intake review in the browser with JavaScript (issue 14, H1): the provider manager opens a pending review,
 * the cancel-review modal opens and closes with the keyboard (a <dialog>, focus inside, Escape), then approves;
 * the sidebar's steps change and the next step (record visit) is linked. The same workflows without JavaScript run
 * over HTTP in tests/web/intake-review.test.ts; the modal and the error summary are in the axe sweep
 * (tests/support/a11y-states/intake-review.ts).
 */
import { expect, test } from "@playwright/test";
import { Client } from "../api/harness";
import { hydrated, signIn } from "./support";

const API = `http://127.0.0.1:${process.env.E2E_API_PORT ?? 3101}`;

test("open a review, the cancel modal with the keyboard, approve", async ({ page }, testInfo) => {
  const api = new Client(API);
  await api.login("manager@demo.test");
  // A pending new-patient review far from the other suites' fixtures (patients 1 and 2, treatment 5).
  const list = await api.get<{ id: number; patient: { id: number }; reviewStatus: string }[]>("/api/v1/treatments/provider-list?reviewStatus=pending&readyToReview=new_patient&perPage=20&counts=false");
  const row = list.body.data!.find((r) => r.patient.id > 2)!;
  const path = `/manager/patients/${row.patient.id}/intakes/${row.id}/review`;
  await signIn(page, "manager", `${path}?from=ready-for-review`);
  await hydrated(page, testInfo);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Review the intake");

  const cancel = page.getByRole("link", { name: "Cancel review" });
  await cancel.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Cancel review?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("link", { name: "No, continue review" })).toBeFocused();
  await expect(dialog.getByRole("link", { name: "Yes, cancel" })).toHaveAttribute("href", "/manager/ready-for-review");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(`${path}?from=ready-for-review`);

  await page.getByTestId("approve-form").getByRole("button", { name: "Approve" }).click();
  await expect(page.getByTestId("step-state-review")).toHaveText("approved");
  await expect(page.getByTestId("step-state-recordVisit")).toHaveText("available");
  await expect(page.getByTestId("next-step")).toHaveAttribute("href", `/staff/patients/${row.patient.id}/intakes/${row.id}/record-visit?from=ready-for-review`);
  await expect(page.getByTestId("approve-form")).toHaveCount(0);
});
