/**
 * "My record" without JavaScript, as plain HTTP (issue 18): the patient's download link on account security answers
 * the FHIR R4 file (an attachment the browser saves), the staff export on the record's profile tab answers the same
 * file, a patient may not open the staff address, and the patient's access log lists the staff export with the
 * staff member's name and role, newest first, in English and Spanish, paged by a plain "Show earlier access" link.
 * The browser download with JavaScript is tests/e2e/record-export.spec.ts.
 */
import { describe, expect, it } from "vitest";
import type { Bundle } from "fhir/r4";
import { as, squash, type WebPage } from "./client";

const SECURITY = "/patient/account/security";
const EMMA = 1;

const entries = (page: WebPage) =>
  page.$$("[data-testid=access-log-entry]").map((row) => [...row.querySelectorAll("td")].map((td) => squash(td.textContent ?? "")));

describe("the record as FHIR R4 and the access log, without JavaScript", () => {
  it("the patient downloads their record from account security: a FHIR JSON attachment", async () => {
    const patient = await as("patient");
    const page = await patient.get(SECURITY);
    expect(page.status).toBe(200);
    const link = page.$("[data-testid=download-record]")!;
    expect(squash(link.textContent ?? "")).toBe("Download my record (FHIR JSON)");
    expect(link.hasAttribute("download")).toBe(true);
    const file = await patient.raw("GET", link.getAttribute("href")!);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toMatch(/^application\/fhir\+json/);
    expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="record-1-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(file.headers.get("cache-control")).toContain("no-store");
    const bundle = (await file.json()) as Bundle;
    expect(bundle).toMatchObject({ resourceType: "Bundle", type: "collection" });
    expect(bundle.entry![0]!.resource!.resourceType).toBe("Patient");
    // The staff address is not the patient's: the not-found page, no file.
    expect((await patient.raw("GET", `/api/v1/patient/${EMMA}/record/fhir`)).headers.get("content-type")).not.toMatch(/fhir/);
  });

  it("staff export it from the record's profile tab; a patient out of reach or unknown answers 404", async () => {
    const nurse = await as("nurse");
    const tab = await nurse.get(`/staff/patients/${EMMA}/profile`);
    expect(tab.status).toBe(200);
    const href = tab.$("[data-testid=export-record]")!.getAttribute("href")!;
    expect(href).toBe(`/api/v1/patient/${EMMA}/record/fhir`);
    const file = await nurse.raw("GET", href);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toMatch(/^attachment;/);
    expect(((await file.json()) as Bundle).resourceType).toBe("Bundle");
    expect((await nurse.raw("GET", "/api/v1/patient/2147483647/record/fhir")).status).toBe(404);
    expect((await nurse.raw("GET", "/api/v1/patient/abc/record/fhir")).status).toBe(404);
  });

  it("the access log lists the staff export newest first with name and role, in English and Spanish, and pages without JavaScript", async () => {
    const nurse = await as("nurse");
    for (let i = 0; i < 21; i++) expect((await nurse.raw("GET", `/api/v1/patient/${EMMA}/record/fhir`)).status).toBe(200);
    const page = await (await as("patient")).get(SECURITY);
    expect(page.$$("h2").map((h) => squash(h.textContent ?? ""))).toEqual(expect.arrayContaining(["Download my record", "Who opened your record"]));
    const rows = entries(page);
    expect(rows).toHaveLength(20);
    expect(rows[0]!.slice(1)).toEqual(["Grace Lee", "Nurse", "Exported your record"]);
    expect(rows[0]![0]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} (am|pm)$/);
    const more = page.$("[data-testid=access-log-more]")!.getAttribute("href")!;
    expect(more).toMatch(/^\/patient\/account\/security\?log=\d+#access-log$/);
    const earlier = await (await as("patient")).get(more.replace(/#.*/, ""));
    expect(earlier.status).toBe(200);
    expect(entries(earlier).length).toBeGreaterThan(0);
    expect(earlier.link("Back to the newest")).toBe(`${SECURITY}#access-log`);

    const spanish = await (await as("patient", { language: "es-US" })).get(SECURITY);
    expect(spanish.$$("h2").map((h) => squash(h.textContent ?? ""))).toEqual(expect.arrayContaining(["Descargar mi expediente", "Quién abrió su expediente"]));
    expect(entries(spanish)[0]!.slice(1)).toEqual(["Grace Lee", "Enfermería", "Exportó su expediente"]);
    expect(squash(spanish.$("[data-testid=download-record]")!.textContent ?? "")).toBe("Descargar mi expediente (FHIR JSON)");
  });
});
