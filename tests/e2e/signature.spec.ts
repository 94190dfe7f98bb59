/**
 * A clinician's signature in the browser (issue 19), en-US and es-US. With JavaScript ("js") the provider draws it
 * on the pad (pointer strokes), saves the drawing and sees the picture, then removes it; without ("nojs") they type
 * their name and upload a picture through the plain forms. Each project and language signs in as its own clinician
 * (the manager URL /manager/profile for the provider manager). The HTTP walk with the refusals:
 * tests/web/signature.test.ts; the section's error state is in the axe sweep.
 */
import { readFileSync } from "node:fs";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { PASSWORD, hydrated, isNoJs, signInWith } from "./support";

const ACCOUNTS = {
  js: { "en-US": { email: "robert.chen@staff.demo.test", path: "/manager/profile" }, "es-US": { email: "sofia.alvarez@staff.demo.test", path: "/staff/profile" } },
  nojs: { "en-US": { email: "james.okafor@staff.demo.test", path: "/staff/profile" }, "es-US": { email: "provider@demo.test", path: "/staff/profile" } },
} as const;

const TEXT = {
  "en-US": {
    heading: "Signature",
    saveDrawing: "Save drawing",
    imageSaved: "Your signature image has been saved.",
    typedName: "Name as you sign",
    saveName: "Save name",
    saved: "Your signature has been saved.",
    upload: "Image of your signature",
    uploadButton: "Upload image",
    remove: "Remove signature",
    removed: "Your signature has been removed.",
    alt: "Signature of",
  },
  "es-US": {
    heading: "Firma",
    saveDrawing: "Guardar dibujo",
    imageSaved: "La imagen de tu firma se ha guardado.",
    typedName: "Nombre con el que firmas",
    saveName: "Guardar nombre",
    saved: "Tu firma se ha guardado.",
    upload: "Imagen de tu firma",
    uploadButton: "Subir imagen",
    remove: "Quitar firma",
    removed: "Tu firma se ha quitado.",
    alt: "Firma de",
  },
} as const;

async function open(page: Page, testInfo: TestInfo, lang: "en-US" | "es-US") {
  const account = ACCOUNTS[isNoJs(testInfo) ? "nojs" : "js"][lang];
  await signInWith(page, { email: account.email, password: PASSWORD }, `${account.path}#signature`);
  await hydrated(page, testInfo);
  await expect(page.locator("#signature-heading")).toHaveText(TEXT[lang].heading);
  return page.getByTestId("signature-section");
}

/** The preview's picture has really loaded (the web passes the API's PNG on). */
async function expectPicture(page: Page, lang: "en-US" | "es-US") {
  const img = page.getByTestId("signature-preview").getByTestId("signature-image");
  await expect(img).toHaveAttribute("alt", new RegExp(`^${TEXT[lang].alt}`));
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
}

for (const lang of ["en-US", "es-US"] as const) {
  test.describe(lang, () => {
    test.use({ locale: lang, extraHTTPHeaders: { "Accept-Language": lang } });

    test("type the name, upload a picture, draw one (with JavaScript), remove the signature", async ({ page }, testInfo) => {
      const text = TEXT[lang];
      const section = await open(page, testInfo, lang);
      await section.getByLabel(text.typedName).fill("Dr. E2E Signer");
      await section.getByRole("button", { name: text.saveName }).click();
      await expect(page.getByText(text.saved).first()).toBeVisible();
      await expect(page.getByTestId("signature-preview").getByTestId("signature-typed")).toHaveText("Dr. E2E Signer");
      await page.getByTestId("signature-section").getByLabel(text.upload).setInputFiles({ name: "signature.jpg", mimeType: "image/jpeg", buffer: readFileSync("tests/fixtures/intake/id-card.jpg") });
      await page.getByTestId("signature-section").getByRole("button", { name: text.uploadButton }).click();
      await expect(page.getByText(text.imageSaved).first()).toBeVisible();
      await expectPicture(page, lang);
      const uploaded = await page.getByTestId("signature-image").getAttribute("src");

      if (!isNoJs(testInfo)) {
        // The drawing pad: a stroke drawn with the pointer, saved as a PNG, replaces the uploaded picture.
        const canvas = page.getByTestId("signature-canvas");
        await canvas.scrollIntoViewIfNeeded();
        const box = (await canvas.boundingBox())!;
        await page.mouse.move(box.x + 20, box.y + box.height * 0.7);
        await page.mouse.down();
        for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 20 + i * 25, box.y + box.height * (0.7 - 0.4 * Math.abs(Math.sin(i / 2))), { steps: 2 });
        await page.mouse.up();
        await page.getByTestId("signature-section").getByRole("button", { name: text.saveDrawing }).click();
        await expect(page.getByTestId("signature-image")).not.toHaveAttribute("src", uploaded!);
        await expectPicture(page, lang);
      }

      await page.getByTestId("signature-section").getByRole("button", { name: text.remove }).click();
      await expect(page.getByText(text.removed).first()).toBeVisible();
      await expect(page.getByTestId("signature-section").getByTestId("signature-image")).toHaveCount(0);
    });
  });
}
