/**
 * The profile's #general, #schedule and #licenses sections, the header's availability switch and the payouts page
 * without JavaScript, as plain HTTP (issue 19 part B): Emily Novak (a provider user the other suites leave alone)
 * sets her availability (the page's form and the header's switch, which comes back to the page it was on), her
 * weekly schedule (overlapping ranges refused with the summary first, what was typed kept), several days at once
 * (none chosen refused), moves between months (March 2027: weeks from Sunday), adds a license (a past date refused),
 * edits and removes it, edits her details (an empty name refused), and requests a payout (the second request:
 * 'Payout request error') and downloads its statement; Spanish; the manager's /manager/profile. The JavaScript
 * journey: tests/e2e/staff-operations.spec.ts.
 */
import { describe, expect, it } from "vitest";
import { WebClient, as, type WebPage } from "./client";

const EMILY = "emily.novak@staff.demo.test";
const PROFILE = "/staff/profile";

async function emily(language?: "es-US"): Promise<WebClient> {
  const client = new WebClient();
  if (language) client.headers["Accept-Language"] = language;
  await client.signIn(EMILY);
  return client;
}

const pressed = (page: WebPage) => page.$("[data-testid=availability-switch] button[aria-pressed=true]")?.getAttribute("value");
const day = (page: WebPage, date: string) => page.$(`[data-testid=calendar-day][data-date="${date}"]`)!;
/** The error text the control with this id is described by. */
const errorOf = (page: WebPage, id: string) =>
  (page.byId(id)!.getAttribute("aria-describedby") ?? "")
    .split(/\s+/)
    .filter((x) => /error/i.test(x))
    .map((x) => page.byId(x)?.textContent?.trim() ?? "")
    .join(" ");
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

describe("the staff profile without JavaScript", () => {
  it("shows the four sections under one heading, in the order the header links to", async () => {
    const page = await (await emily()).get(PROFILE);
    expect(page.status).toBe(200);
    expect(page.$$("h1")).toHaveLength(1);
    for (const id of ["general", "schedule", "licenses", "security"]) expect(page.$(`section#${id}`), id).not.toBeNull();
    expect(page.text("#schedule-heading")).toBe("My availability and schedule");
    expect(page.text("[data-testid=general-profession]")).toBe("Nurse practitioner");
    expect(page.$$("[data-testid=calendar] thead th").map((th) => th.textContent)).toEqual(["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]);
  });

  it("availability: the section's form and the header's switch (back to the page it was on)", async () => {
    const client = await emily();
    const page = await client.get(PROFILE);
    const saved = await client.submit(page, "[data-testid=availability-form]", { availability: "unavailable" });
    expect(saved.toasts("success")).toEqual(["Your availability has been updated."]);
    expect(pressed(saved)).toBe("unavailable");
    expect(saved.$("[data-testid=availability-form] input[value=unavailable]")!.hasAttribute("checked")).toBe(true);
    const tasks = await client.get("/staff/tasks");
    const back = await client.submit(tasks, "[data-testid=availability-switch]", {}, { button: "Available" });
    expect(back.path).toBe("/staff/tasks");
    expect(back.toasts("success")).toEqual(["Your availability has been updated."]);
    expect(pressed(back)).toBe("available");
  });

  it("weekly schedule: overlapping ranges refused (summary, the field's message, what was typed kept), then saved", async () => {
    const client = await emily();
    const page = await client.get(PROFILE);
    const refused = await client.submit(page, "[data-testid=weekly-form]", { w1s0: "09:00", w1e0: "12:00", w1s1: "11:00", w1e1: "15:00" });
    expect(refused.status).toBe(400);
    expect(refused.$("[data-testid=error-summary]")).not.toBeNull();
    expect(refused.fieldError("Monday range 2 from")).toBe("This time range overlaps another range of the same day");
    // Checked by the web with the contract's rules before any call: no error toast, the summary says it.
    expect(refused.toasts("error")).toEqual([]);
    expect((refused.field("Monday range 2 from") as HTMLInputElement).getAttribute("value")).toBe("11:00");
    const saved = await client.submit(refused, "[data-testid=weekly-form]", { w1s0: "09:00", w1e0: "12:00", w1s1: "13:00", w1e1: "17:00", w3s0: "08:30", w3e0: "16:00" });
    expect(saved.toasts("success")).toEqual(["Your weekly schedule has been saved."]);
    expect((saved.field("Monday range 2 to") as HTMLInputElement).getAttribute("value")).toBe("17:00");
    const march = await client.get(`${PROFILE}?month=2027-03`);
    expect(march.text("[data-testid=calendar-month]")).toBe("March 2027");
    expect(march.$("[data-testid=calendar-day]")!.getAttribute("data-date")).toBe("2027-02-28");
    expect(day(march, "2027-03-15").textContent).toContain("9:00 am–12:00 pm");
    expect(day(march, "2027-03-15").textContent).toContain("1:00 pm–5:00 pm");
    expect(day(march, "2027-03-17").textContent).toContain("8:30 am–4:00 pm");
    expect(day(march, "2027-03-14").textContent).toContain("Off");
  });

  it("sets several days at once: none chosen refused; days off; hours; back to the weekly schedule", async () => {
    const client = await emily();
    const page = await client.get(`${PROFILE}?month=2027-11`);
    const none = await client.submit(page, "[data-testid=days-form]", { mode: "off" });
    expect(none.status).toBe(400);
    expect(none.text("[data-testid=error-summary]")).toContain("Select at least one day in the calendar.");
    const off = await client.submit(page, "[data-testid=days-form]", { dates: ["2027-11-08", "2027-11-10"], mode: "off" });
    expect(off.toasts("success")).toEqual(["The schedule of the selected days (2) has been saved."]);
    expect(off.path.startsWith(PROFILE)).toBe(true);
    expect(off.text("[data-testid=calendar-month]")).toBe("November 2027");
    expect(day(off, "2027-11-08").getAttribute("data-source")).toBe("day");
    expect(day(off, "2027-11-08").textContent).toContain("Off");
    const overlap = await client.submit(off, "[data-testid=days-form]", { dates: ["2027-11-07"], mode: "hours", dayStart: "18:00", dayEnd: "09:00" });
    expect(overlap.status).toBe(400);
    expect(overlap.fieldError("From")).toBe("The end time must be after the start time");
    const hours = await client.submit(off, "[data-testid=days-form]", { dates: ["2027-11-07"], mode: "hours", dayStart: "10:00", dayEnd: "14:00" });
    expect(day(hours, "2027-11-07").textContent).toContain("10:00 am–2:00 pm");
    const weekly = await client.submit(hours, "[data-testid=days-form]", { dates: ["2027-11-08"], mode: "weekly" });
    expect(day(weekly, "2027-11-08").getAttribute("data-source")).toBe("weekly");
  });

  it("licenses: a past date refused; added, flagged 30 days ahead, edited, removed", async () => {
    const client = await emily();
    const page = await client.get(PROFILE);
    expect(page.$$("[data-testid=license-row]").map((r) => r.getAttribute("data-state"))).toEqual(["CA", "OR", "WA"]);
    const past = await client.submit(page, "[data-testid=license-add-form]", { state: "ME", licenseType: "NP", licenseNumber: "ME-NP-77", expiresOn: inDays(-3) });
    expect(past.status).toBe(400);
    expect(past.$("[data-testid=error-summary]")).not.toBeNull();
    expect(errorOf(past, "license-new-expires")).toBe("This date has passed: an expired license cannot be added");
    const added = await client.submit(past, "[data-testid=license-add-form]", { expiresOn: inDays(12) });
    expect(added.toasts("success")).toEqual(["The license has been added."]);
    const row = added.$("[data-testid=license-row][data-state=ME]")!;
    expect(row.getAttribute("data-status")).toBe("expiringSoon");
    expect(row.textContent).toContain("Expires in 12 days");
    expect(added.text("[data-testid=licenses-warning]")).toBe("1 license is expired or expires within 30 days.");
    const id = row.getAttribute("data-license-id");
    const edited = await client.submit(added, `[data-testid=license-row][data-license-id="${id}"] [data-testid=license-edit-form]`, { expiresOn: inDays(400) });
    expect(edited.toasts("success")).toEqual(["The license has been saved."]);
    expect(edited.$(`[data-testid=license-row][data-license-id="${id}"]`)!.getAttribute("data-status")).toBe("active");
    const removed = await client.submit(edited, `[data-testid=license-row][data-license-id="${id}"] [data-testid=license-remove-form]`);
    expect(removed.toasts("success")).toEqual(["The license has been removed."]);
    expect(removed.$(`[data-testid=license-row][data-license-id="${id}"]`)).toBeNull();
  });

  it("account settings: an empty first name refused beside the field; saved", async () => {
    const client = await emily();
    const page = await client.get(PROFILE);
    const refused = await client.submit(page, "[data-testid=general-form]", { firstName: "" });
    expect(refused.status).toBe(400);
    expect(refused.fieldError("First name")).toBe("Value is required");
    const saved = await client.submit(refused, "[data-testid=general-form]", { firstName: "Emily", phone: "(415) 555-0199" });
    expect(saved.toasts("success")).toEqual(["Your profile has been updated."]);
    expect((saved.field("Phone") as HTMLInputElement).getAttribute("value")).toBe("(415) 555-0199");
  });

  it("in Spanish", async () => {
    const page = await (await emily("es-US")).get(PROFILE);
    expect(page.lang).toBe("es-US");
    expect(page.text("#schedule-heading")).toBe("Mi disponibilidad y horario");
    expect(page.text("#licenses-heading")).toBe("Licencias");
    expect(page.$$("[data-testid=calendar] thead th").map((th) => th.textContent)).toEqual(["dom", "lun", "mar", "mié", "jue", "vie", "sáb"]);
  });

  it("the manager's own profile at /manager/profile", async () => {
    const page = await (await as("manager")).get("/manager/profile");
    expect(page.status).toBe(200);
    for (const id of ["general", "schedule", "licenses", "security"]) expect(page.$(`section#${id}`), id).not.toBeNull();
    expect(page.$$("[data-testid=license-row]").length).toBeGreaterThan(10);
  });
});

describe("payouts without JavaScript", () => {
  it("requests a payout of the seeded work; a second request: 'Payout request error'; the PDF statement", async () => {
    const client = await emily();
    const page = await client.get("/provider/payouts");
    expect(page.status).toBe(200);
    expect(page.h1).toBe("Payouts");
    expect(Number(page.text("[data-testid=payable-reviews]").split(" ")[0])).toBeGreaterThan(0);
    const requested = await client.submit(page, "[data-testid=payout-request-form]");
    expect(requested.toasts("success")).toEqual(["Your payout has been requested."]);
    const [row] = requested.$$("[data-testid=payout-row]");
    expect(row!.getAttribute("data-number")).toMatch(/^PO-\d+-0001$/);
    expect(requested.text("[data-testid=payable-amount]")).toBe("$0.00");
    const refused = await client.submit(requested, "[data-testid=payout-request-form]");
    expect(refused.status).toBe(409);
    expect(refused.text("[data-testid=payout-error]")).toBe("Payout request error");
    expect(refused.toasts("error")).toEqual(["Payout request error"]);
    const href = row!.querySelector("a[download]")!.getAttribute("href")!;
    const pdf = await client.raw("GET", href);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe("%PDF-");
    const missing = await client.raw("GET", "/provider/payouts/2147483647/pdf");
    expect(missing.status).toBe(302);

    const es = await (await emily("es-US")).get("/provider/payouts");
    expect(es.text("[data-testid=payout-invoices] h2")).toBe("Facturas");
    const esRefused = await (await emily("es-US")).post("/provider/payouts", { intent: "request" });
    expect(esRefused.text("[data-testid=payout-error]")).toBe("Error al solicitar el pago");
  });

  it("other roles cannot open the payouts page", async () => {
    expect((await (await as("manager")).get("/provider/payouts")).status).toBe(404);
    expect((await (await as("nurse")).get("/provider/payouts")).status).toBe(404);
  });
});
