/**
 * Subscriptions without JavaScript, as plain HTTP (issue 16 part B): test patient 56 (seeded with an Active 3-month
 * plan, an add-on and a card, api/db/seed/subscriptions.ts) reads the details; a plan change without a plan refused
 * with its summary, then scheduled (the add-on warning) and cancelled; an add-on removed and added back; the
 * cancellation flow (no reason refused, the one-time offer declined, confirmed: access until the end date), then
 * re-activated; pause and resume (answered at once); another session in Spanish. The JavaScript journeys:
 * tests/e2e/subscriptions.spec.ts.
 */
import { describe, expect, it } from "vitest";
import { as, WebClient } from "./client";
import { testPatient } from "../support/accounts";

const SLOT = 56;

async function patient(): Promise<WebClient> {
  const client = new WebClient();
  await client.signIn(testPatient(SLOT).email);
  return client;
}

describe("subscriptions without JavaScript", () => {
  it("details → change plan (none chosen refused, then scheduled with the warning) → cancel the change → add-ons", async () => {
    const client = await patient();
    const page = await client.get("/patient/subscriptions");
    expect(page.status).toBe(200);
    expect(page.h1).toBe("Subscriptions");
    const details = page.text("[data-testid=subscription-details]");
    for (const part of ["3 months", "Starter, 3-month plan", "2.5mg → 5mg → 7.5mg", "Every 30 days", "3-month supply", "Ondansetron", "visa ending in 4242"]) expect(details).toContain(part);
    expect(page.text("[data-testid=subscription-label]")).toBe("Active");
    expect(page.text("[data-testid=addon-warning]")).toBe("Updating the main plan product may remove all add-ons.");
    const form = page.$$("form").find((f) => f.getAttribute("data-testid")?.startsWith("change-plan-form-"))!;
    const sel = `[data-testid=${form.getAttribute("data-testid")}]`;

    const none = await client.submit(page, sel, {});
    expect(none.status).toBe(400);
    expect(none.$("[data-testid=error-summary]")).not.toBeNull();
    expect(none.text("[data-testid=error-summary]")).toContain("Please select a plan.");

    const semaglutide = none.$$(`${sel} input[name=variantId]`).find((i) => none.text(`label[for="${i.id}"]`).startsWith("Compounded Semaglutide · Starter, 3-month plan"))!;
    const scheduled = await client.submit(none, sel, { variantId: semaglutide.getAttribute("value")! });
    expect(scheduled.toasts("success")).toEqual(["Your plan change is scheduled for your next renewal."]);
    expect(scheduled.text("[data-testid=scheduled-change]")).toContain("Compounded Semaglutide · Starter, 3-month plan (downgrade)");
    expect(scheduled.text("[data-testid=scheduled-change]")).toContain("Your add-ons will be removed at that renewal.");
    const undone = await client.submit(scheduled, "[data-testid=cancel-change-form]");
    expect(undone.toasts("success")).toEqual(["Your scheduled plan change has been cancelled."]);
    expect(undone.$("[data-testid=scheduled-change]")).toBeNull();

    // Add-ons: remove the seeded one, then add one of the same period.
    const removed = await client.submit(undone, "[data-testid=remove-addon-form]");
    expect(removed.toasts("success")).toEqual(["The add-on has been removed from your subscription."]);
    const addForm = removed.$$("form").find((f) => f.getAttribute("data-testid")?.startsWith("add-addon-form-"))!;
    const addSel = `[data-testid=${addForm.getAttribute("data-testid")}]`;
    const empty = await client.submit(removed, addSel, { addonVariantId: "" });
    expect(empty.status).toBe(400);
    expect(empty.text("[data-testid=error-summary]")).toContain("This add-on is not offered for this subscription.");
    const b12 = [...(empty.field("Add-on") as HTMLSelectElement).querySelectorAll("option")].find((o) => o.textContent!.startsWith("Vitamin B12"))!;
    const added = await client.submit(empty, addSel, { addonVariantId: b12.getAttribute("value")! });
    expect(added.toasts("success")).toEqual(["The add-on has been added to your subscription."]);
    expect(added.text("[data-testid=subscription-details]")).toContain("Vitamin B12 injection");
  });

  it("cancel: a reason is required → the one-time offer declined → confirmed with access until the end date → re-activated", async () => {
    const client = await patient();
    const page = await client.get("/patient/subscriptions");
    const link = page.$("[data-testid^=cancel-link-]")!.getAttribute("href")!;
    const start = await client.get(link);
    const form = start.$$("form").find((f) => f.getAttribute("data-testid")?.startsWith("cancel-form-"))!;
    const sel = `[data-testid=${form.getAttribute("data-testid")}]`;
    const noReason = await client.submit(start, sel, {});
    expect(noReason.status).toBe(400);
    expect(noReason.text("[data-testid=error-summary]")).toContain("Please tell us why you are cancelling.");
    const offer = await client.submit(noReason, sel, { reason: "tooExpensive", note: "Too much for now" });
    expect(offer.status).toBe(200);
    expect(offer.text("[data-testid=retention-offer]")).toContain("Switch to Compounded Semaglutide · Starter, 3-month plan at $299/month");
    const confirm = await client.submit(offer, "[data-testid=decline-offer-form]");
    expect(confirm.text("[data-testid=cancel-confirm-text]")).toMatch(/^Your plan ends on \d{2}\/\d{2}\/\d{4}\. You keep access until then\.$/);
    const cancelled = await client.submit(confirm, "[data-testid=confirm-cancel-form]");
    expect(cancelled.toasts("success")).toEqual(["Your subscription has been cancelled."]);
    expect(cancelled.text("[data-testid=subscription-label]")).toBe("Pending cancellation");
    expect(cancelled.text("[data-testid=pending-cancellation]")).toMatch(/^Your plan ends on \d{2}\/\d{2}\/\d{4}/);
    expect(cancelled.$("[data-testid^=cancel-link-]")).toBeNull();
    const back = await client.submit(cancelled, "[data-testid=reactivate-form]");
    expect(back.toasts("success")).toEqual(["Your subscription has been re-activated."]);
    expect(back.text("[data-testid=subscription-label]")).toBe("Active");
    // The offer was one-time: a second cancellation goes straight to the confirmation.
    const again = await client.get(link);
    const second = await client.submit(again, sel, { reason: "reachedGoal" });
    expect(second.$("[data-testid=retention-offer]")).toBeNull();
    expect(second.$("[data-testid=confirm-cancel-form]")).not.toBeNull();
  });

  it("pause, then resume (answered at once: the change completes shortly after); refused twice with the API's message", async () => {
    const client = await patient();
    const page = await client.get("/patient/subscriptions");
    const paused = await client.submit(page, "[data-testid=pause-form]");
    expect(paused.toasts("success")).toEqual(["Your subscription has been paused."]);
    expect(paused.text("[data-testid=subscription-label]")).toBe("Paused");
    // The old page's pause form posted again: refused, nothing changed.
    const twice = await client.submit(page, "[data-testid=pause-form]");
    expect(twice.status).toBe(409);
    expect(twice.text("[data-testid=form-error]")).toBe("Only an active subscription can be paused.");
    const resumed = await client.submit(paused, "[data-testid=resume-form]");
    expect(resumed.toasts("success")).toEqual(["Your subscription will resume in a few minutes, once your card has been charged."]);
    expect(resumed.$("[data-testid=resume-pending]")).not.toBeNull();
  });

  it("the change-plan choices are what the patient may switch to (GET /api/v2/products/subscription): in Louisiana only the branded plans; one is scheduled without JavaScript", async () => {
    // Slot 51 ships to Louisiana, where the compounded plans are not offered (api/db/seed/subscriptions.ts).
    const client = new WebClient();
    await client.signIn(testPatient(51).email);
    const page = await client.get("/patient/subscriptions");
    const form = page.$$("form").find((f) => f.getAttribute("data-testid")?.startsWith("change-plan-form-"))!;
    const sel = `[data-testid=${form.getAttribute("data-testid")}]`;
    const labels = page.$$(`${sel} input[name=variantId]`).map((i) => page.text(`label[for="${i.id}"]`));
    expect(labels).toHaveLength(3);
    for (const period of [3, 6, 12]) expect(labels.some((l) => l.startsWith(`Zepbound (branded) · 2.5mg, ${period}-month plan`))).toBe(true);
    expect(page.text(sel)).not.toContain("Compounded");
    expect(page.text(sel)).toContain("$1,200/month · $3,600 every 3 months");
    expect(page.text(sel)).toContain("$1,020/month · $12,240 every 12 months");
    const twelve = page.$$(`${sel} input[name=variantId]`).find((i) => page.text(`label[for="${i.id}"]`).startsWith("Zepbound (branded) · 2.5mg, 12-month plan"))!;
    const scheduled = await client.submit(page, sel, { variantId: twelve.getAttribute("value")! });
    expect(scheduled.toasts("success")).toEqual(["Your plan change is scheduled for your next renewal."]);
    expect(scheduled.text("[data-testid=scheduled-change]")).toContain("Zepbound (branded) · 2.5mg, 12-month plan (upgrade)");
    const undone = await client.submit(scheduled, "[data-testid=cancel-change-form]");
    expect(undone.$("[data-testid=scheduled-change]")).toBeNull();
    // In Spanish: the same choices, the prices in Spanish.
    client.headers["Accept-Language"] = "es-US";
    const es = await client.get("/patient/subscriptions");
    expect(es.text(sel)).toContain("Nuevo plan");
    expect(es.text(sel)).toContain("cada 12 meses");
    expect(es.text(sel)).not.toContain("Compounded");
  });

  it("in Spanish: the labels and the details", async () => {
    const client = await patient();
    client.headers["Accept-Language"] = "es-US";
    const page = await client.get("/patient/subscriptions");
    expect(page.h1).toBe("Suscripciones");
    expect(page.text("[data-testid=subscription-details]")).toContain("Frecuencia de envío");
  });

  it("the demo patient sees her seeded subscriptions (active with an add-on, and an ended one)", async () => {
    const demo = await as("patient");
    const page = await demo.get("/patient/subscriptions");
    expect(page.text("main")).toContain("Compounded Tirzepatide");
    expect(page.text("main")).toContain("Finasteride");
    expect(page.text("main")).toContain("Expired");
  });
});
