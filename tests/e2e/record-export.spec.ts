/**
 * "My record" in the browser with JavaScript (issue 18): the patient downloads their record from account security
 * (a FHIR R4 JSON file the browser saves) and the nurse exports it from the record's profile tab. The no-JavaScript
 * walk (the file's headers, the access log in both languages, its paging) is tests/web/record-export.test.ts; the
 * pages are in the axe sweep.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import type { Bundle } from "fhir/r4";
import { hydrated, signIn } from "./support";

test("the patient downloads their record, the nurse exports it, the patient sees the export in the access log", async ({ page, browser }, testInfo) => {
  await signIn(page, "patient", "/patient/account/security");
  await hydrated(page, testInfo);
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download my record (FHIR JSON)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^record-1-\d{4}-\d{2}-\d{2}\.json$/);
  const bundle = JSON.parse(readFileSync((await download.path())!, "utf8")) as Bundle;
  expect(bundle.resourceType).toBe("Bundle");
  expect(bundle.entry?.some((e) => e.resource?.resourceType === "Patient")).toBe(true);

  const context = await browser.newContext();
  const nurse = await context.newPage();
  await signIn(nurse, "nurse", "/staff/patients/1/profile");
  await hydrated(nurse, testInfo);
  const exporting = nurse.waitForEvent("download");
  await nurse.getByTestId("export-record").click();
  expect((await exporting).suggestedFilename()).toMatch(/^record-1-.*\.json$/);
  await context.close();

  await page.reload();
  await expect(page.getByTestId("access-log-entry").first()).toContainText("Exported your record");
  await expect(page.getByTestId("access-log-entry").first()).toContainText("Nurse");
});
