/**
 * Users and roles and the dashboards without JavaScript, as plain HTTP (issue 19): the manager filters, sorts and
 * pages the staff list; invites a nurse (an empty form and a duplicate refused first, with the summary and the
 * API's message); the nurse sets a password through the emailed link (the development outbox) and signs in; the
 * manager suspends her behind the confirmation page state (her session ends at once), restores her and edits her
 * role; the dashboards show each role its panels and live figures, in en-US and es-US.
 * The JavaScript journey: tests/e2e/staff-admin.spec.ts.
 */
import { describe, expect, inject, it } from "vitest";
import { as, WebClient } from "./client";
import { outboxHead, outboxLink } from "../e2e/account-security-support";

const API = inject("webApiURL");
const PASSWORD = "Nurse-Invite-1";
const email = `web-invite-${Date.now()}@staff.demo.test`;
let userPage = "";

describe("users and roles without JavaScript", () => {
  it("the staff list: role filter, status filter, sort links and keyset paging", async () => {
    const manager = await as("manager");
    const list = await manager.get("/manager/settings");
    expect(list.status).toBe(200);
    expect(list.h1).toBe("Settings");
    const rows = list.$$("[data-testid=staff-row]");
    expect(rows.length).toBeGreaterThan(5);
    const nurses = await manager.submit(list, "[data-testid=staff-filters]", { role: "medicalSupport", status: "active" });
    expect(nurses.path).toMatch(/^\/manager\/settings\?/);
    const roles = nurses.$$("[data-testid=staff-row] td:nth-child(3)").map((td) => td.textContent?.trim());
    expect(roles.length).toBeGreaterThan(0);
    expect(new Set(roles)).toEqual(new Set(["Nurse"]));
    const byEmail = await manager.get(nurses.$("[data-testid=sort-email]")!.getAttribute("href")!);
    const emails = byEmail.$$("[data-testid=staff-row] td:nth-child(2)").map((td) => td.textContent!.trim().toLowerCase());
    expect(emails).toEqual([...emails].sort());
    expect(byEmail.$("th[aria-sort=ascending]")).not.toBeNull();
    // Keyset paging through the whole staff: no row twice.
    let page = await manager.get("/manager/settings?sort=fullName_asc&perPage=5");
    const seen: string[] = [];
    for (let i = 0; i < 20; i++) {
      seen.push(...page.$$("[data-testid=staff-row]").map((r) => r.getAttribute("data-user-id")!));
      const next = page.$("[data-testid=next-page]");
      if (!next) break;
      page = await manager.get(next.getAttribute("href")!);
    }
    expect(seen.length).toBeGreaterThan(10);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("invite: an empty form and a duplicate are refused; the invitee sets a password through the link and signs in", async () => {
    const manager = await as("manager");
    const list = await manager.get("/manager/settings");
    const empty = await manager.submit(list, "[data-testid=invite-form]", {});
    expect(empty.status).toBe(400);
    expect(empty.$("[data-testid=error-summary]")).not.toBeNull();
    expect(empty.fieldError("Email")).toBe("Value is required");
    expect(empty.text("#invite-role-error")).not.toBe("");
    expect(empty.$("#invite-role")?.getAttribute("aria-invalid")).toBe("true");
    const dup = await manager.submit(empty, "[data-testid=invite-form]", { email: "nurse@demo.test", firstName: "Dup", lastName: "Licate", role: "medicalSupport" });
    expect(dup.status).toBe(409);
    expect(dup.fieldError("Email")).toBe("A user with this email already exists.");
    expect(dup.field("First name").getAttribute("value")).toBe("Dup");

    const before = await outboxHead(API);
    const done = await manager.submit(dup, "[data-testid=invite-form]", { email, firstName: "Nadia", lastName: "Invited", role: "medicalSupport", profession: "nurse", locale: "en-US" });
    expect(done.toasts("success")).toEqual([`An invitation has been sent to ${email}.`]);
    expect(done.path).toMatch(/^\/manager\/settings\/\d+$/);
    userPage = done.path;
    expect(done.text("[data-testid=user-name]")).toBe("Nadia Invited");
    expect(done.$("[data-testid=user-status]")?.getAttribute("data-status")).toBe("pending");

    const link = await outboxLink(API, email, "/set-password", before);
    const invitee = new WebClient();
    const form = await invitee.get(link.pathname + link.search);
    expect(form.$("#set-password")).not.toBeNull();
    const set = await invitee.submit(form, "#set-password", { newPassword: PASSWORD, passwordConfirm: PASSWORD });
    expect(set.path).toBe("/password-changed");
    const again = await invitee.get(link.pathname + link.search);
    expect(again.$("[data-testid=link-problem]")?.getAttribute("data-reason")).toBe("used");
    const home = await invitee.signIn(email, PASSWORD);
    expect(home.path).toBe("/staff");
    const status = await manager.get(userPage);
    expect(status.$("[data-testid=user-status]")?.getAttribute("data-status")).toBe("active");
  });

  it("suspend behind the confirmation (her session ends at once), restore, edit the role", async () => {
    const manager = await as("manager");
    const nadia = new WebClient();
    await nadia.signIn(email, PASSWORD);
    expect((await nadia.get("/staff")).status).toBe(200);

    const page = await manager.get(userPage);
    const confirm = await manager.get(page.$("[data-testid=action-suspend]")!.getAttribute("href")!);
    expect(confirm.$("[data-testid=confirm-box]")).not.toBeNull();
    expect(confirm.text("[data-testid=confirm-box] h3")).toBe("Suspend Nadia Invited?");
    const suspended = await manager.submit(confirm, { button: "Yes, suspend" });
    expect(suspended.toasts("success")).toEqual(["The user has been suspended and signed out."]);
    expect(suspended.$("[data-testid=user-status]")?.getAttribute("data-status")).toBe("suspended");
    const out = await nadia.get("/staff", { follow: false });
    expect(out.status).toBe(302);
    expect(out.location).toMatch(/^\/login/);

    const restored = await manager.submit(suspended, { button: "Restore" });
    expect(restored.toasts("success")).toEqual(["The user has been restored."]);
    expect(restored.$("[data-testid=user-status]")?.getAttribute("data-status")).toBe("active");

    const refused = await manager.submit(restored, "[data-testid=edit-form]", { firstName: "", role: "customerSupport" });
    expect(refused.status).toBe(400);
    expect(refused.fieldError("First name")).toBe("Value is required");
    const edited = await manager.submit(refused, "[data-testid=edit-form]", { firstName: "Nadia", lastName: "Support", role: "customerSupport", profession: "customerSupport" });
    expect(edited.toasts("success")).toEqual(["The user has been updated."]);
    expect(edited.text("[data-testid=user-role]")).toBe("Customer support");
  });

  it("the manager's own page: no account action; Spanish", async () => {
    const manager = await as("manager", { language: "es-US" });
    const list = await manager.get("/manager/settings?search=manager%40demo.test");
    const row = list.$$("[data-testid=staff-row]").find((r) => r.querySelector("td")?.textContent?.trim() === "manager@demo.test")!;
    const own = row.querySelector("a")!.getAttribute("href")!;
    const page = await manager.get(own);
    expect(page.$("[data-testid=no-actions]")).not.toBeNull();
    expect(page.text("[data-testid=edit-section] h2")).toBe("Nombre, profesión y rol");
    expect(list.text("[data-testid=invite-section] h2")).toBe("Invitar a un usuario");
  });
});

describe("dashboards without JavaScript", () => {
  it("each role sees its panels, complete in the first response", async () => {
    const nurse = await as("nurse");
    const page = await nurse.get("/staff");
    expect(page.status).toBe(200);
    expect(page.$("[data-testid=dashboard-ready]")).not.toBeNull();
    expect(page.$("[data-testid=panel-loading]")).toBeNull();
    for (const panel of ["tasks", "chats", "renewals-blocked", "shipments-on-hold", "uploads-to-review"]) expect(page.$(`[data-testid=panel-${panel}]`), panel).not.toBeNull();
    for (const panel of ["reviews", "past-due", "workload", "turnaround"]) expect(page.$(`[data-testid=panel-${panel}]`), panel).toBeNull();
    expect(page.$("[data-testid=panel-shipments-on-hold] a")?.getAttribute("href")).toBe("/staff/shipments");

    const manager = await as("manager", { language: "es-US" });
    const m = await manager.get("/manager");
    for (const panel of ["reviews", "past-due", "workload", "turnaround", "review-clocks"]) expect(m.$(`[data-testid=panel-${panel}]`), panel).not.toBeNull();
    expect(m.text("[data-testid=panel-turnaround] h2")).toBe("Tiempo de revisión");
    expect(m.$$("[data-testid=review-clock]").length).toBeGreaterThan(0);
    expect(m.$("[data-testid=panel-reviews] a")?.getAttribute("href")).toBe("/manager/ready-for-review");

    const provider = await as("provider");
    const p = await provider.get("/staff");
    expect(p.$("[data-testid=panel-reviews]")).not.toBeNull();
    expect(p.$("[data-testid=panel-workload]")).toBeNull();
  });
});
