/**
 * The ids in a staff page's address (issue 12): a malformed id is not found without asking the upstream, an id
 * the upstream does not know is not found after asking it, on every route with an id (app/lib/route-ids.server.ts);
 * the demo data's ids open their pages. In both languages the not-found page is the one shown.
 */
import { describe, expect, it } from "vitest";
import { as, type WebPage } from "./client";

/** How many upstream calls the web made for this answer (its Server-Timing `upstream` entry). */
function upstreamCalls(page: WebPage): number {
  const entry = (page.headers.get("server-timing") ?? "").split(",").find((part) => part.trim().startsWith("upstream;"));
  if (!entry) return 0;
  return Number(/desc="(\d+) calls"/.exec(entry)?.[1] ?? 1);
}

const MALFORMED = ["abc", "0", "-1", "1.5", "012", "1e3", "99999999999", "%20"];
const UNKNOWN = "999999";

/** A route with its id parameter written `{id}`, the role that opens it, and its address with the demo ids. */
const ROUTES: { role: "nurse" | "manager" | "provider"; template: string; known: string }[] = [
  { role: "nurse", template: "/staff/patients/{id}", known: "/staff/patients/1" },
  { role: "nurse", template: "/staff/patients/{id}/notes", known: "/staff/patients/1/notes" },
  { role: "manager", template: "/manager/patients/{id}/access-management", known: "/manager/patients/1/access-management" },
  { role: "nurse", template: "/staff/charts/{id}", known: "/staff/charts/1" },
  { role: "manager", template: "/manager/charts/{id}", known: "/manager/charts/1" },
  { role: "provider", template: "/provider/charts/{id}", known: "/provider/charts/1" },
  { role: "manager", template: "/manager/patients/1/intakes/{id}/review", known: "/manager/patients/1/intakes/1/review" },
  { role: "provider", template: "/staff/patients/{id}/intakes/1/record-visit", known: "/staff/patients/1/intakes/1/record-visit" },
  { role: "provider", template: "/provider/patients/1/intakes/{id}/manage-prescription", known: "/provider/patients/1/intakes/1/manage-prescription" },
  { role: "manager", template: "/manager/settings/{id}", known: "/manager/settings/3" },
  { role: "nurse", template: "/staff/messages/{id}/chat", known: "/staff/messages/1/chat" },
];

describe("an unknown or malformed id in a staff address is not found", () => {
  for (const { role, template, known } of ROUTES) {
    it(`${template} as ${role}`, async () => {
      const client = await as(role);
      const ok = await client.get(known);
      expect(ok.status, known).toBe(200);
      expect(ok.h1, known).not.toBe("Page not found");

      const unknown = await client.get(template.replace("{id}", UNKNOWN));
      expect(unknown.status).toBe(404);
      expect(unknown.h1).toBe("Page not found");
      // A page that does not exist at all: the calls every request makes (who is asking), and no more.
      const baseline = upstreamCalls(await client.get("/staff/no-such-page"));
      expect(upstreamCalls(unknown)).toBeGreaterThan(baseline);
      for (const id of MALFORMED) {
        const page = await client.get(template.replace("{id}", id));
        expect(page.status, id).toBe(404);
        expect(page.h1, id).toBe("Page not found");
        // Refused before asking the upstream about it (the unknown id was asked about).
        expect(upstreamCalls(page), id).toBe(baseline);
      }
    });
  }

  it("the message room: a chat of another patient or category, an unknown one, an unknown category is not found", async () => {
    const client = await as("nurse");
    // The demo data: chats 1–3 are the first patient's (medical, support, pharmacy), chat 4 the second's.
    expect((await client.get("/staff/messages/1/chat/medical/1")).status).toBe(200);
    expect((await client.get("/staff/messages/1/chat/support/2")).status).toBe(200);
    for (const path of [
      "/staff/messages/1/chat/nonsense",
      "/staff/messages/1/chat/support/1",
      "/staff/messages/1/chat/medical/4",
      `/staff/messages/1/chat/medical/${UNKNOWN}`,
      "/staff/messages/1/chat/support/abc",
      "/staff/messages/1/chat/support/0",
    ]) {
      const page = await client.get(path);
      expect(page.status, path).toBe(404);
      expect(page.h1, path).toBe("Page not found");
    }
  });

  it("a patient id that is not a patient's, and a treatment of another patient, are not found", async () => {
    const client = await as("manager");
    expect((await client.get("/manager/patients/3")).status).toBe(404);
    expect((await client.get("/manager/patients/2/intakes/1/review")).status).toBe(404);
  });

  it("in Spanish, the not-found page", async () => {
    const client = await as("nurse", { language: "es-US" });
    const page = await client.get(`/staff/charts/${UNKNOWN}`);
    expect(page.status).toBe(404);
    expect(page.$("html")?.getAttribute("lang")).toBe("es-US");
    expect(page.h1).not.toBe("Page not found");
  });
});
