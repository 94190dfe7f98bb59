/**
 * The layouts of spec §2 without JavaScript, as plain HTTP (moved from the "nojs" browser project of
 * tests/e2e/layouts.spec.ts, where they were server markup and links a browser only followed): the patient
 * sidebar and footer, the menu by profile flags, the account menu, the staff sidebar by role, the header's
 * profile links and search form, the patient page tabs, the message room without a header, the review steps
 * and the cancel-review modal (a URL state), the legal pages (the password pages: tests/web/password-reset.test.ts).
 * What needs a real browser without JavaScript stays there: the 375 px menu (a checkbox and <details> shown by
 * CSS) and the profile menu's <details> (tests/e2e/auth.nojs.spec.ts).
 */
import { describe, expect, it } from "vitest";
import { as, squash, WebClient, type WebPage } from "./client";

/** A navigation landmark by its accessible name (aria-label, or the text of what aria-labelledby names). */
function nav(page: WebPage, name: string): Element {
  for (const el of page.$$("nav")) {
    const labelledBy = el.getAttribute("aria-labelledby");
    const label = el.getAttribute("aria-label") ?? (labelledBy ? squash(page.byId(labelledBy)?.textContent ?? "") : "");
    if (label === name) return el;
  }
  throw new Error(`no navigation "${name}" on ${page.path}`);
}
const texts = (els: Iterable<Element>) => [...els].map((el) => squash(el.textContent ?? ""));
const links = (el: Element) => [...el.querySelectorAll("a")];
const linkNamed = (el: Element, name: string) => links(el).find((a) => squash(a.textContent ?? "") === name || a.getAttribute("aria-label") === name);

describe("patient layout", () => {
  it("the sidebar's main menu in the spec's order with the unread counter, the footer's legal pages", async () => {
    const page = await (await as("patient")).get("/patient");
    const menu = nav(page, "Main menu");
    // The desktop items (the account submenu, a <details> shown below the large breakpoint only, left out).
    const items = texts([...menu.querySelectorAll("li")].filter((li) => !li.closest("details")));
    expect(items.slice(0, 5)).toEqual(["Overview", "My journeys", "My progress", "Subscriptions", "Pharmacy"]);
    expect(items[5]).toMatch(/^Messages\s*\d+\s*\d+ unread messages?$/);
    expect(items.slice(6)).toEqual(["Uploads", "Order history", "Account settings", "Help center"]);
    expect(linkNamed(menu, "Overview")?.getAttribute("aria-current")).toBe("page");
    expect(page.$$("a").some((a) => squash(a.textContent ?? "") === "Log out")).toBe(true);
    const footer = page.$("footer")!;
    expect(texts(links(footer))).toEqual(["Telehealth consent", "Privacy policy", "Terms and conditions", "Cancellation policy"]);
    expect(linkNamed(footer, "Privacy policy")?.getAttribute("href")).toBe("/privacy-policy");
    expect(squash(footer.textContent ?? "")).toContain(`© ${new Date().getFullYear()} Telehealth`);
  });

  it("menu items follow the profile flags (the second demo patient has neither progress nor the pharmacy)", async () => {
    const client = new WebClient();
    const page = await client.signIn("patient2@demo.test");
    expect(page.path).toBe("/patient");
    const menu = nav(page, "Main menu");
    expect(linkNamed(menu, "My journeys")).toBeTruthy();
    expect(linkNamed(menu, "My progress")).toBeUndefined();
    expect(linkNamed(menu, "Pharmacy")).toBeUndefined();
  });

  it("account layout: the account menu and the close link", async () => {
    const client = await as("patient");
    const page = await client.get("/patient/account");
    expect(page.path).toBe("/patient/account/profile");
    const menu = nav(page, "Account menu");
    expect(texts(links(menu))).toEqual(["Back to overview", "Profile", "My pharmacy", "Billing", "Payment details", "Security"]);
    const security = await client.get(linkNamed(menu, "Security")!.getAttribute("href")!);
    expect(security.h1).toBe("Security");
    expect(security.$$("a").find((a) => a.getAttribute("aria-label") === "Close account settings" || squash(a.textContent ?? "") === "Close account settings")?.getAttribute("href")).toBe("/patient");
  });
});

describe("staff layout", () => {
  const sidebar = async (user: "provider" | "support" | "manager") => {
    const page = await (await as(user)).get(user === "manager" ? "/manager" : "/staff");
    return links(page.$("[data-testid=staff-sidebar]")!);
  };

  it("the sidebar is built from the role: provider", async () => {
    expect(texts(await sidebar("provider"))).toEqual([
      "Dashboard", "Ready for review", "Patients", "Messages", "Tasks", "Payouts", "Charts", "Renewals", "Shipments", "Uploads", "Past due patients",
    ]);
  });

  it("customer support: no charts, no payouts, no workload", async () => {
    expect(texts(await sidebar("support"))).toEqual(["Dashboard", "Patients", "Messages", "Tasks", "Renewals", "Shipments", "Uploads"]);
  });

  it("manager: manager pages, workload and settings at the bottom", async () => {
    const items = await sidebar("manager");
    expect(texts(items)).toEqual([
      "Dashboard", "Ready for review", "Patients", "Messages", "Tasks", "Charts", "Renewals", "Shipments", "Uploads", "Past due patients", "Provider workload", "Settings",
    ]);
    expect(items.find((a) => squash(a.textContent ?? "") === "Settings")?.getAttribute("href")).toBe("/manager/settings");
    expect(items.find((a) => squash(a.textContent ?? "") === "Charts")?.getAttribute("href")).toBe("/manager/charts");
  });

  it("header: the search form lands on the results page; the profile menu's links by role", async () => {
    const manager = await as("manager");
    const page = await manager.get("/manager");
    const form = page.$$("form").find((f) => f.querySelector("input[type=search]"))!;
    expect(form.getAttribute("method")?.toLowerCase() ?? "get").toBe("get");
    const name = form.querySelector("input[type=search]")!.getAttribute("name")!;
    const results = await manager.get(`${form.getAttribute("action")}?${new URLSearchParams({ [name]: "jane doe" })}`);
    expect(results.path).toBe("/manager/search/jane%20doe");
    expect(results.h1).toBe("Search results");
    const menu = page.$("[data-testid=profile-menu]")!;
    expect(squash(menu.querySelector("[data-testid=profile-name]")?.textContent ?? "")).not.toBe("");
    expect(linkNamed(menu, "My availability")?.getAttribute("href")).toBe("/manager/profile#schedule");
    expect(linkNamed(menu, "Account settings")?.getAttribute("href")).toBe("/manager/profile#general");
    expect(linkNamed(menu, "Licenses")?.getAttribute("href")).toBe("/manager/profile#licenses");

    const nurse = (await (await as("nurse")).get("/staff")).$("[data-testid=profile-menu]")!;
    expect(linkNamed(nurse, "Licenses")?.getAttribute("href")).toBe("/staff/profile#licenses");
    expect(linkNamed(nurse, "My availability")?.getAttribute("href")).toBe("/staff/profile#schedule");
  });

  it("patient page tabs are links, the open one aria-current; the message room has the sidebar but no header", async () => {
    const support = await as("support");
    const overview = await support.get("/staff/patients/1");
    const tabs = nav(overview, "Patient sections");
    expect(linkNamed(tabs, "Overview")?.getAttribute("aria-current")).toBe("page");
    const access = await support.get(linkNamed(tabs, "Access management")!.getAttribute("href")!);
    expect(access.path).toBe("/staff/patients/1/access-management");
    expect(texts(access.$$("h2"))).toContain("Access management");

    const room = await support.get("/staff/messages/1/chat");
    expect(room.h1).toBe("Message room");
    expect(room.$("[data-testid=staff-sidebar]")).not.toBeNull();
    expect(room.$$("input[type=search]")).toEqual([]);
  });
});

describe("review layout", () => {
  it("the intake review's steps and the cancel-review modal as URL states", async () => {
    const provider = await as("provider");
    const page = await provider.get("/staff/patients/1/intakes/1/review");
    const steps = nav(page, "Review steps");
    const items = texts(steps.querySelectorAll("li"));
    // Treatment 1 (Emma's weight loss) is approved: the intake step shows a check and its state, the next steps are
    // available (spec §4 review-step state; the steps come from the review read, app/routes/layouts/review.tsx).
    expect(items[0]).toBe("Review the intakeapproved");
    expect(items[1]).toBe("2Record visitavailable");
    expect(items.slice(2)).toEqual(["3Manage prescriptionavailable", "4Inform the patientavailable"]);
    expect(squash(steps.querySelector("[aria-current=step]")?.textContent ?? "")).toContain("Review the intake");
    const cancel = page.$$("a").find((a) => squash(a.textContent ?? "") === "Cancel review")!;
    const open = await provider.get(cancel.getAttribute("href")!);
    expect(open.path).toMatch(/\?cancel=1$/);
    const dialog = open.$("dialog[open]")!;
    expect(squash(dialog.textContent ?? "")).toContain("Cancel review?");
    expect(linkNamed(dialog, "No, continue review")?.getAttribute("href")).toBe("/staff/patients/1/intakes/1/review");
    const yes = await provider.get(linkNamed(dialog, "Yes, cancel")!.getAttribute("href")!);
    expect(yes.path).toBe("/staff/patients/1");
  });

  it("the chart review: review the chart, then sign for approval", async () => {
    const nurse = await as("nurse");
    // Chart 1: the demo patient's approved treatment, to review (api/db/seed/review-queues.ts).
    const page = await nurse.get("/staff/charts/1?cancel=1");
    const items = texts(nav(page, "Review steps").querySelectorAll("li"));
    expect(items[0]).toBe("1Review the chartcurrent step");
    expect(items[1]).toBe("2Sign for approvalnot available yet");
    const yes = linkNamed(page.$("dialog[open]")!, "Yes, cancel")!;
    expect((await nurse.get(yes.getAttribute("href")!)).path).toBe("/staff/charts");
  });
});

// The password pages' no-JavaScript workflow (forgot → reset link, a broken link without a form, password
// changed) is tests/web/password-reset.test.ts, on an app of its own: the reset requests count against a per-IP
// limit (api/domain/ratelimit.ts), which this shared app's other tests must not approach.
describe("basic layout", () => {
  it("legal pages are public, with their heading and title", async () => {
    const guest = new WebClient();
    for (const [path, title] of [
      ["/telehealth-consent", "Telehealth consent"],
      ["/privacy-policy", "Privacy policy"],
      ["/terms-and-conditions", "Terms and conditions"],
      ["/cancellation-policy", "Cancellation policy"],
    ] as const) {
      const page = await guest.get(path);
      expect(page.status, path).toBe(200);
      expect(page.h1, path).toBe(title);
      expect(page.title, path).toBe(`Telehealth | ${title}`);
    }
  });
});
