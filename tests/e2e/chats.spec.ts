/**
 * Messaging with JavaScript (issue 17): the patient sends a message with an image in a category's chat, in English and
 * in Spanish; the staff member finds it in the header's unread assigned chats (opens the room in a new tab), fills a
 * suggested reply, edits and sends it; the patient sees it live, without reloading, and then the unread counter on the
 * chats list. The no-JavaScript half: tests/web/chats.test.ts.
 */
import { expect, test } from "@playwright/test";
import { hydrated, signIn } from "./support";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

test.describe("messaging", () => {
  test("a patient sends a message with an image; staff reply with an edited suggestion", async ({ browser }, testInfo) => {
    // Two users' browsers through a whole conversation (about 12 s on a quiet machine).
    test.setTimeout(60_000);
    const patientContext = await browser.newContext();
    const patient = await patientContext.newPage();
    await signIn(patient, "patient", null);
    await patient.goto("/patient/chats/categories");
    await hydrated(patient, testInfo);
    await patient.getByRole("link", { name: "Medical team" }).click();
    await expect(patient.getByTestId("chat-category")).toHaveText("Medical team");
    const text = `E2E question ${Date.now()}`;
    await patient.getByRole("textbox", { name: "Message" }).fill(text);
    await patient.getByLabel("Attach images or PDFs").setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: PNG });
    await patient.getByRole("button", { name: "Send" }).click();
    const sent = patient.getByTestId("message").filter({ hasText: text });
    await expect(sent).toBeVisible();
    await expect(sent.getByRole("img")).toBeVisible();
    await patient.evaluate(() => ((window as unknown as { __sameDocument?: boolean }).__sameDocument = true));

    const staffContext = await browser.newContext();
    const staff = await staffContext.newPage();
    await signIn(staff, "provider", null);
    await staff.goto("/staff/messages");
    await hydrated(staff, testInfo);
    const entry = staff.getByTestId("chat-entries").locator("li", { hasText: text }).getByRole("link", { name: /Emma Carter/ });
    await expect(entry).toHaveAttribute("target", "_blank");
    const [room] = await Promise.all([staffContext.waitForEvent("page"), entry.click()]);
    await room.waitForLoadState();
    await expect(room.getByTestId("room-patient")).toContainText("Emma Carter");
    // Assignment through the user picker (with JavaScript; a plain select without it).
    await hydrated(room, testInfo);
    const picker = room.locator("[data-picker=providerId]");
    await picker.locator("button[aria-expanded]").click();
    await picker.getByRole("radio", { name: /Grace Lee/ }).check();
    await picker.getByRole("button", { name: "Assign", exact: true }).click();
    await expect(picker.locator("button[aria-expanded]")).toContainText("Grace Lee");
    await room.getByTestId("assign-form").locator(":scope > button[type=submit]").click();
    await expect(room.getByText("The chat has been assigned.")).toBeVisible();
    await expect(picker.locator("button[aria-expanded]")).toContainText("Grace Lee");
    await room.getByTestId("suggest").click();
    await expect(room.getByTestId("suggested-note")).toBeVisible();
    const reply = `E2E reply ${Date.now()}`;
    await room.getByRole("textbox", { name: "Message" }).fill(reply);
    await room.getByRole("button", { name: "Send" }).click();
    await expect(room.getByTestId("message").filter({ hasText: reply })).toBeVisible();

    // Live (the patient's page was never reloaded): the reply appears in the open chat, then, on the chats list, a
    // second reply shows in the unread counter.
    await expect(patient.getByTestId("message").filter({ hasText: reply })).toBeVisible({ timeout: 5000 });
    expect(await patient.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await patient.getByRole("link", { name: "All chats" }).click();
    await expect(patient.getByRole("heading", { level: 1 })).toHaveText("Messages");
    const badge = patient.getByTestId("unread-badge").first();
    const before = (await badge.count()) ? Number(await badge.textContent()) : 0;
    await room.getByRole("textbox", { name: "Message" }).fill(`${reply} (2)`);
    await room.getByRole("button", { name: "Send" }).click();
    await expect(badge).toHaveText(String(before + 1), { timeout: 5000 });
    expect(await patient.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await patientContext.close();
    await staffContext.close();
  });

  test("older messages load as the reader scrolls up (the Load earlier link without JavaScript)", async ({ browser }, testInfo) => {
    // 21 messages are posted first (about 8 s on a quiet machine).
    test.setTimeout(60_000);
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, "patient", null);
    await page.goto("/patient/chats/categories");
    await hydrated(page, testInfo);
    await page.getByRole("link", { name: "Customer support" }).click();
    await expect(page.getByTestId("chat-category")).toHaveText("Customer support");
    // 21 messages posted through the page's own form (its CSRF field), one after the other.
    const tag = `Scroll ${Date.now()}`;
    await page.evaluate(async (tag) => {
      const form = document.querySelector<HTMLFormElement>("[data-testid=composer]")!;
      for (let i = 1; i <= 21; i++) {
        const body = new FormData(form);
        body.set("message", `${tag} #${i}`);
        body.delete("attachments");
        await fetch(location.pathname, { method: "POST", body, redirect: "manual" });
      }
    }, tag);
    await page.reload();
    await hydrated(page, testInfo);
    const messages = page.getByTestId("message");
    await expect(messages).toHaveCount(20);
    await expect(messages.getByText(`${tag} #21`, { exact: true })).toHaveCount(1);
    await expect(messages.getByText(`${tag} #1`, { exact: true })).toHaveCount(0);
    const before = await messages.count();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.mouse.wheel(0, -200000);
    await expect.poll(() => messages.count(), { timeout: 5000 }).toBeGreaterThan(before);
    await expect(messages.getByText(`${tag} #1`, { exact: true })).toHaveCount(1);
    expect(new URL(page.url()).searchParams.get("pages")).toBeNull();
    await context.close();
  });

  test("the chats speak Spanish", async ({ browser }, testInfo) => {
    const context = await browser.newContext({ locale: "es-US", extraHTTPHeaders: { "Accept-Language": "es-US" } });
    const page = await context.newPage();
    await signIn(page, "patient", null);
    await page.goto("/patient/chats");
    await hydrated(page, testInfo);
    await expect(page.getByRole("link", { name: "Equipo médico" })).toBeVisible();
    await page.getByRole("link", { name: "Equipo médico" }).click();
    await page.getByRole("button", { name: "Enviar" }).click();
    await expect(page.getByTestId("error-summary")).toContainText("El mensaje no puede estar vacío");
    await context.close();
  });
});
