/**
 * Issue 18 in the browser, JavaScript on ("js") and off ("nojs"): a patient logs weights on /patient/progress (an
 * out-of-range weight refused first, focus on the error summary with script), sees the chart and a milestone reached;
 * the same page in Spanish; uploads a lab result (a text file refused first) and downloads it; searches the help
 * center (in Spanish too) and reads a legal page from the footer. Test patients 38 (js) and 39 (nojs) log weights; 40 only reads (a refused form).
 * The HTTP walk of every form: tests/web/patient-extras.test.ts; the pages and states: the axe sweep.
 */
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { hydrated, isNoJs, signInWith, testPatient } from "./support";

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000 - 12 * 3_600_000).toISOString().slice(0, 10);

test("log weights, see the chart and a milestone", async ({ page }, testInfo) => {
  await signInWith(page, testPatient(isNoJs(testInfo) ? 39 : 38), "/patient/progress");
  await hydrated(page, testInfo);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My progress");
  await page.getByLabel(/^Weight \(lb\)/).fill("30");
  await page.getByRole("button", { name: "Save weight" }).click();
  await expect(page.getByTestId("error-summary")).toBeVisible();
  if (!isNoJs(testInfo)) await expect(page.getByTestId("error-summary")).toBeFocused();
  await expect(page.getByLabel(/^Weight \(lb\)/)).toHaveAccessibleDescription(/Enter a weight between 50 and 1000 lb\./);

  await page.getByLabel(/^Weight \(lb\)/).fill("197");
  await page.getByLabel(/^Date weighed/).fill(daysAgo(21));
  await page.getByRole("button", { name: "Save weight" }).click();
  await expect(page.getByText("Your weight has been saved.")).toBeVisible();
  await page.getByLabel(/^Weight \(lb\)/).fill("188");
  await page.getByLabel(/^Date weighed/).fill(daysAgo(0));
  await page.getByRole("button", { name: "Save weight" }).click();
  await expect(page.getByTestId("weights").locator("tbody tr")).toHaveCount(2);

  const chart = page.getByRole("img", { name: /^Weight from 197 lb on .* to 188 lb on / });
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAccessibleDescription("Down 9 lb over 2 weigh-ins. The goal is 170 lb, 18 lb to go.");
  await expect(page.getByTestId("milestones").locator("li[data-reached=yes]")).toHaveCount(1);
  await expect(page.getByTestId("milestones").locator("li[data-reached=yes]")).toContainText("5 % lost (190 lb)");
});

test("the progress page in Spanish", async ({ browser }, testInfo) => {
  const context = await browser.newContext({ locale: "es-US", extraHTTPHeaders: { "Accept-Language": "es-US" }, javaScriptEnabled: !isNoJs(testInfo) });
  const page = await context.newPage();
  await signInWith(page, testPatient(40), "/patient/progress");
  await hydrated(page, testInfo);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mi progreso");
  await page.getByLabel(/^Peso \(lb\)/).fill("2000");
  await page.getByRole("button", { name: "Guardar peso" }).click();
  await expect(page.getByLabel(/^Peso \(lb\)/)).toHaveAccessibleDescription(/Ingrese un peso entre 50 y 1000 lb\./);
  await context.close();
});

test("upload a lab result and download it", async ({ page }, testInfo) => {
  await signInWith(page, testPatient(isNoJs(testInfo) ? 39 : 38), "/patient/uploads");
  await hydrated(page, testInfo);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Uploads");
  await page.getByRole("radio", { name: "Lab results" }).check();
  await page.getByLabel(/^File/).setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByLabel(/^File/)).toHaveAccessibleDescription(/Upload a JPG, PNG, GIF or PDF file\./);

  const png = await sharp({ create: { width: 80, height: 60, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png().toBuffer();
  await page.getByRole("radio", { name: "Lab results" }).check();
  await page.getByLabel(/^Title/).fill("Lipid panel");
  await page.getByLabel(/^File/).setInputFiles({ name: "lipids.png", mimeType: "image/png", buffer: png });
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByText("Your document has been uploaded. Your care team will review it.")).toBeVisible();
  const section = page.getByRole("region", { name: "Lab results" });
  await expect(section).toContainText("Lipid panel");
  const download = page.waitForEvent("download");
  await section.getByRole("link", { name: "Download Lipid panel" }).click();
  expect((await download).suggestedFilename()).toBe("lipids.png");
});

test("search the help center, start a support chat, read a legal page", async ({ page, browser }, testInfo) => {
  await signInWith(page, testPatient(40), "/patient/help-center");
  await hydrated(page, testInfo);
  await page.getByLabel("Search the help center").fill("prior authorization insurer");
  if (isNoJs(testInfo)) await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/patient\/help-center\?q=prior\+authorization\+insurer$/);
  await expect(page.getByTestId("help-topic")).toHaveCount(2); // the intake topic mentions it too
  await expect(page.getByRole("heading", { name: "Prior authorization", level: 2 })).toBeVisible();
  await page.getByRole("link", { name: "Start a support chat" }).click();
  await expect(page).toHaveURL(/\/patient\/chats\/\d+#composer$/);
  await page.goto("/privacy-policy");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy policy");
  await expect(page.getByRole("heading", { name: "Who sees it", level: 2 })).toBeVisible();

  const context = await browser.newContext({ locale: "es-US", extraHTTPHeaders: { "Accept-Language": "es-US" }, javaScriptEnabled: !isNoJs(testInfo) });
  const es = await context.newPage();
  await signInWith(es, testPatient(40), "/patient/help-center?q=envio+dañado");
  await expect(es.getByRole("heading", { level: 1 })).toHaveText("Centro de ayuda");
  await expect(es.getByText("Mi paquete llegó dañado.")).toBeVisible();
  await context.close();
});
