/**
 * The route access table (app/lib/access.ts) against spec §2 ("Access rule", route tables, staff sidebar)
 * and §6 ("Route access"), and against the route table itself (app/routes.ts).
 */
import { describe, expect, it } from "vitest";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import {
  ACCESS,
  canOpen,
  decide,
  homeFor,
  matchPattern,
  normalisePattern,
  staffHeaderLinks,
  staffSidebarFor,
  USER_ROLES,
  type Role,
  type UserRole,
} from "../../app/lib/access";

const ALL: Role[] = ["guest", ...USER_ROLES];
const STAFF: UserRole[] = ["providerUsers", "customerSupport", "customerSupportManagers", "medicalSupport", "medicalSupportManagers"];

/** Roles for which `pattern` is allowed. */
const allowed = (pattern: string) => ALL.filter((role) => decide(pattern, role) === "allow");

/** The full pattern of every route that renders a page (leaves and index routes; layouts only nest). */
function flatten(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const here = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent;
    if (entry.children?.length) return flatten(entry.children, here);
    return [entry.path === "*" ? "*" : normalisePattern(here || "/")];
  });
}

describe("the access table and the route table agree", () => {
  const routePatterns = flatten(routes as RouteConfigEntry[]);

  it("every route of app/routes.ts has exactly one access rule, and every rule a route", () => {
    expect(new Set(routePatterns).size).toBe(routePatterns.length);
    expect([...routePatterns].sort()).toEqual(Object.keys(ACCESS).sort());
  });

  it("lists the spec's design pages and the catch-all as public", () => {
    for (const pattern of ["/_design/foundation", "/_design/components/:component", "*"]) {
      expect(allowed(pattern)).toEqual(ALL);
    }
  });

  it("refuses a pattern that is not in the table (deny by default)", () => {
    expect(decide("/secret/admin", "providers")).toBe("notFound");
  });
});

describe("spec §2 public routes", () => {
  for (const pattern of ["/", "/login", "/forgot-password", "/reset-link", "/set-password", "/password-changed", "/confirm-email", "/join"]) {
    it(`${pattern} is open to everyone`, () => expect(allowed(pattern)).toEqual(ALL));
  }
  for (const pattern of ["/telehealth-consent", "/privacy-policy", "/terms-and-conditions", "/cancellation-policy"]) {
    it(`footer legal page ${pattern} is public`, () => expect(allowed(pattern)).toEqual(ALL));
  }
});

describe("spec §2 patient routes: patients only; others go to /login", () => {
  const patientPatterns = Object.keys(ACCESS).filter((p) => p === "/patient" || p.startsWith("/patient/"));

  it("covers the spec's patient routes", () => {
    for (const p of [
      "/patient",
      "/patient/journeys",
      "/patient/journeys/:id",
      "/patient/journeys/:id/progress",
      "/patient/progress",
      "/patient/subscriptions",
      "/patient/pharmacy",
      "/patient/pharmacy/category/:slug",
      "/patient/pharmacy/product/:id",
      "/patient/chats",
      "/patient/chats/:id",
      "/patient/uploads",
      "/patient/orders",
      "/patient/help-center",
      "/patient/refer-friend",
      "/patient/account",
      "/patient/account/profile",
      "/patient/account/pharmacy",
      "/patient/account/billing",
      "/patient/account/payment-details",
      "/patient/account/security",
    ]) {
      expect(patientPatterns).toContain(p);
    }
  });

  it.each(patientPatterns)("%s", (pattern) => {
    expect(allowed(pattern)).toEqual(["patients"]);
    for (const role of [...STAFF, "providers", "guest"] as Role[]) expect(decide(pattern, role)).toBe("login");
  });
});

describe("spec §2/§6 manager routes: role providers only, not-found for the others", () => {
  const managerPatterns = Object.keys(ACCESS).filter((p) => p === "/manager" || p.startsWith("/manager/"));

  it("covers the spec's manager routes and patient tabs", () => {
    expect(managerPatterns).toEqual(
      expect.arrayContaining([
        "/manager",
        "/manager/profile",
        "/manager/tasks",
        "/manager/patients",
        "/manager/settings",
        "/manager/settings/:userId",
        "/manager/past-due-patients",
        "/manager/charts",
        "/manager/charts/:chartId",
        "/manager/ready-for-review",
        "/manager/workload",
        "/manager/renewals",
        "/manager/shipments",
        "/manager/uploads",
        "/manager/search/:search",
        "/manager/patients/:patientId/intakes/:treatmentId/review",
        "/manager/patients/:patientId",
        "/manager/patients/:patientId/visits",
        "/manager/patients/:patientId/access-management",
      ]),
    );
  });

  it.each(managerPatterns)("%s", (pattern) => {
    expect(allowed(pattern)).toEqual(["providers"]);
    for (const role of ["patients", ...STAFF] as Role[]) expect(decide(pattern, role)).toBe("notFound");
    expect(decide(pattern, "guest")).toBe("login");
  });
});

describe("spec §6 staff route access", () => {
  it("/staff dashboard: providers, providerUsers, both support roles and their managers", () => {
    expect(allowed("/staff")).toEqual(["providers", ...STAFF]);
  });
  it("workload: providers and both manager roles", () => {
    expect(allowed("/staff/workload")).toEqual(["providers", "customerSupportManagers", "medicalSupportManagers"]);
  });
  it("past-due patients: providers and providerUsers", () => {
    expect(allowed("/staff/past-due-patients")).toEqual(["providers", "providerUsers"]);
  });
  it("dosespot, manage prescription, inform patient: providers and providerUsers", () => {
    for (const p of [
      "/staff/patients/:patientId/intakes/:treatmentId/dosespot",
      "/provider/patients/:patientId/intakes/:treatmentId/manage-prescription",
      "/staff/patients/:patientId/intakes/:treatmentId/inform-patient",
    ]) {
      expect(allowed(p)).toEqual(["providers", "providerUsers"]);
    }
  });
  it("patient pages: patients only (no staff role on /patient)", () => {
    for (const role of ["providers", ...STAFF] as Role[]) expect(canOpen(role, "/patient/orders")).toBe(false);
  });
  it("§2 per role: medical support have charts, customer support do not", () => {
    expect(canOpen("medicalSupport", "/staff/charts")).toBe(true);
    expect(canOpen("medicalSupportManagers", "/staff/charts/7")).toBe(true);
    expect(canOpen("customerSupport", "/staff/charts")).toBe(false);
    expect(canOpen("customerSupportManagers", "/staff/charts")).toBe(false);
  });
  it("§2 per role: both support teams have patients, messages, tasks, renewals, shipments, uploads, profile, tabs, message room", () => {
    for (const role of ["customerSupport", "customerSupportManagers", "medicalSupport", "medicalSupportManagers"] as Role[]) {
      for (const path of [
        "/staff/patients",
        "/staff/messages",
        "/staff/tasks",
        "/staff/renewals",
        "/staff/shipments",
        "/staff/uploads",
        "/staff/profile",
        "/staff/patients/12/notes",
        "/staff/messages/12/chat",
        "/staff/messages/12/chat/weight-loss/3",
      ]) {
        expect(canOpen(role, path), `${role} ${path}`).toBe(true);
      }
    }
  });
});

describe("route-table conflicts: the chosen rules (see the comments in app/lib/access.ts)", () => {
  it("record visit: providers and providerUsers only (the narrower table)", () => {
    expect(allowed("/staff/patients/:patientId/intakes/:treatmentId/record-visit")).toEqual(["providers", "providerUsers"]);
  });
  it("record note: clinicians and medical support (the nurse-note flow), not customer support", () => {
    expect(allowed("/staff/patients/:patientId/intakes/:treatmentId/record-note")).toEqual([
      "providers",
      "providerUsers",
      "medicalSupport",
      "medicalSupportManagers",
    ]);
  });
  it("shipments: support roles and providerUsers on /staff; providers on /manager/shipments", () => {
    expect(allowed("/staff/shipments")).toEqual(STAFF);
    expect(allowed("/manager/shipments")).toEqual(["providers"]);
  });
  it("tasks: the five staff roles on /staff; providers on /manager/tasks", () => {
    expect(allowed("/staff/tasks")).toEqual(STAFF);
    expect(allowed("/manager/tasks")).toEqual(["providers"]);
  });
  it("ready for review: providerUsers on /staff; providers on /manager", () => {
    expect(allowed("/staff/ready-for-review")).toEqual(["providerUsers"]);
    expect(allowed("/manager/ready-for-review")).toEqual(["providers"]);
  });
  it("payouts: providerUsers only", () => {
    expect(allowed("/provider/payouts")).toEqual(["providerUsers"]);
  });
  it("the second table's /provider/charts/{chartId}: the clinicians", () => {
    expect(allowed("/provider/charts/:chartId")).toEqual(["providers", "providerUsers"]);
  });
});

describe("guests and homes", () => {
  it("a guest is sent to /login for every page that needs a role", () => {
    for (const [pattern, rule] of Object.entries(ACCESS)) {
      expect(decide(pattern, "guest")).toBe(rule.public ? "allow" : "login");
    }
  });
  it("homes by role (spec §4): patient → /patient, providers → /manager, other staff → /staff", () => {
    expect(homeFor("patients")).toBe("/patient");
    expect(homeFor("providers")).toBe("/manager");
    for (const role of STAFF) expect(homeFor(role)).toBe("/staff");
    expect(homeFor("guest")).toBe("/login");
  });
  it("every role may open its own home", () => {
    for (const role of USER_ROLES) expect(canOpen(role, homeFor(role))).toBe(true);
  });
});

describe("matchPattern: concrete paths to table patterns", () => {
  it.each([
    ["/patient/chats/categories", "/patient/chats/categories"],
    ["/patient/chats/42", "/patient/chats/:id"],
    ["/staff/messages/5/chat", "/staff/messages/:patientId/chat/:chatCategory?/:chatId?"],
    ["/staff/messages/5/chat/sexual-wellness/9", "/staff/messages/:patientId/chat/:chatCategory?/:chatId?"],
    ["/staff/patients/3/intakes/4/review", "/staff/patients/:patientId/intakes/:treatmentId/review"],
    ["/manager/search/jane%20doe", "/manager/search/:search"],
    ["/patient/journeys?x=1#y", "/patient/journeys"],
    ["/nothing/here", "*"],
  ])("%s → %s", (path, pattern) => expect(matchPattern(path)).toBe(pattern));
});

describe("staff sidebar (spec §2): entries only for pages the role has, in the spec's order", () => {
  const keys = (role: Role) => staffSidebarFor(role).map((entry) => entry.key);

  it("providerUsers", () => {
    expect(keys("providerUsers")).toEqual([
      "dashboard",
      "readyForReview",
      "patients",
      "messages",
      "tasks",
      "payouts",
      "charts",
      "renewals",
      "shipments",
      "uploads",
      "pastDuePatients",
    ]);
  });
  it("providers (manager): manager pages, workload and settings at the bottom", () => {
    const entries = staffSidebarFor("providers");
    expect(entries.map((e) => e.key)).toEqual([
      "dashboard",
      "readyForReview",
      "patients",
      "messages",
      "tasks",
      "charts",
      "renewals",
      "shipments",
      "uploads",
      "pastDuePatients",
      "workload",
      "settings",
    ]);
    expect(entries.find((e) => e.key === "dashboard")?.to).toBe("/manager");
    expect(entries.find((e) => e.key === "settings")).toMatchObject({ to: "/manager/settings", bottom: true });
  });
  it("medical support: charts; their managers add workload", () => {
    expect(keys("medicalSupport")).toEqual(["dashboard", "patients", "messages", "tasks", "charts", "renewals", "shipments", "uploads"]);
    expect(keys("medicalSupportManagers")).toEqual([...keys("medicalSupport"), "workload"]);
  });
  it("customer support: the same without charts; their managers add workload", () => {
    expect(keys("customerSupport")).toEqual(["dashboard", "patients", "messages", "tasks", "renewals", "shipments", "uploads"]);
    expect(keys("customerSupportManagers")).toEqual([...keys("customerSupport"), "workload"]);
  });
  it("every entry points at a page the role may open", () => {
    for (const role of USER_ROLES) for (const entry of staffSidebarFor(role)) expect(canOpen(role, entry.to)).toBe(true);
  });
  it("header links by role (profile menu: /manager/profile for providers, /staff/profile for others)", () => {
    expect(staffHeaderLinks("providers")).toEqual({ search: "/manager/search", messages: "/staff/messages", tasks: "/manager/tasks", profile: "/manager/profile" });
    expect(staffHeaderLinks("medicalSupport")).toEqual({ search: "/staff/search", messages: "/staff/messages", tasks: "/staff/tasks", profile: "/staff/profile" });
    for (const role of USER_ROLES.filter((r) => r !== "patients")) {
      for (const path of Object.values(staffHeaderLinks(role))) expect(canOpen(role, path), `${role} ${path}`).toBe(true);
    }
  });
});

describe("tasks resources (issue 6)", () => {
  it("the user picker and header dropdown JSON are for every role with a tasks page, never patients", () => {
    for (const pattern of ["/resources/tasks/users", "/resources/tasks/mine"]) {
      expect(allowed(pattern)).toEqual(["providers", "providerUsers", "customerSupport", "customerSupportManagers", "medicalSupport", "medicalSupportManagers"]);
      expect(decide(pattern, "patients")).toBe("notFound");
      expect(decide(pattern, "guest")).toBe("login");
    }
  });
});

describe("patient account resources (issue 7)", () => {
  it("the invoice PDF download is for patients only", () => {
    expect(allowed("/patient/account/billing/invoices/:id/pdf")).toEqual(["patients"]);
    expect(canOpen("patients", "/patient/account/billing/invoices/12/pdf")).toBe(true);
  });
  it("profile pictures (the API's avatarUrl path) are for any signed-in role, never a guest", () => {
    expect(allowed("/api/v1/avatars/:key")).toEqual([...USER_ROLES]);
    expect(decide("/api/v1/avatars/:key", "guest")).toBe("login");
  });
});
