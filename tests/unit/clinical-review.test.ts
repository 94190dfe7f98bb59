/**
 * The clinical review's pure rules (issue 14, H2): the allergies search, the ICD-10 list and its labels, message
 * template filling and the message HTML, the note kind by role, and the e-prescribing adapters.
 */
import { describe, expect, it } from "vitest";
import { ALLERGIES, normalize, searchAllergies } from "../../api/domain/allergies.ts";
import { ICD10_CODES, icd10ForJourney, icd10Label, isIcd10Code, noteKindFor } from "../../api/contract/clinical-review-rules.ts";
import { fillTemplate, templateLocale, templateVariables, textToMessageHtml } from "../../api/domain/message-templates.ts";
import { doseSpotProvider, eprescribeProviderOf, localProvider } from "../../api/domain/eprescribe/index.ts";
import { DEMO_TEMPLATES } from "../../api/db/seed/clinical-review.ts";

describe("allergies search", () => {
  const ids = (q: string) => searchAllergies(q).map((a) => a.id);
  it("matches a name's prefix first, then a word's prefix", () => {
    expect(ids("pen")[0]).toBe("penicillin");
    expect(ids("nuts")).toContain("tree-nuts");
    expect(ids("sulfa")).toEqual(expect.arrayContaining(["sulfonamides", "trimethoprim-sulfamethoxazole"]));
    expect(ids("sulf")).toContain("sulfites");
  });
  it("ignores case and accents, and finds Spanish names", () => {
    expect(ids("MANÍ")).toContain("peanut");
    expect(ids("mani")).toContain("peanut");
    expect(ids("látex")).toEqual(["latex"]);
    expect(ids("huevo")).toContain("egg");
  });
  it("every word of a query must match; nothing for an empty query; limited", () => {
    expect(ids("tree nut")).toEqual(["tree-nuts"]);
    expect(ids("tree fish")).toEqual([]);
    expect(ids("  ")).toEqual([]);
    expect(searchAllergies("a").length).toBeLessThanOrEqual(12);
    expect(searchAllergies("a", 3)).toHaveLength(3);
  });
  it("ids are unique and normalize strips punctuation", () => {
    expect(new Set(ALLERGIES.map((a) => a.id)).size).toBe(ALLERGIES.length);
    expect(normalize("Cacahuate (Maní)")).toBe("cacahuate mani");
  });
});

describe("ICD-10 codes", () => {
  it("holds the journeys' codes with labels in both languages", () => {
    for (const code of ["E66.9", "E66.01", "Z68.30", "Z68.41", "E11.9", "N52.9", "L65.9", "L64.9", "R63.5"]) expect(isIcd10Code(code), code).toBe(true);
    for (const c of ICD10_CODES) expect(c.en && c.es, c.code).toBeTruthy();
    expect(new Set(ICD10_CODES.map((c) => c.code)).size).toBe(ICD10_CODES.length);
    expect(icd10Label("E66.9", "es-US")).toBe("Obesidad, no especificada");
    expect(icd10Label("E66.9", "en-US")).toBe("Obesity, unspecified");
    expect(icd10Label("X00", "en-US")).toBe("X00");
    expect(isIcd10Code("X00")).toBe(false);
  });
  it("offers a journey's codes first, and every code", () => {
    expect(icd10ForJourney(2).slice(0, 2)).toEqual(["N52.9", "F52.4"]);
    expect(icd10ForJourney(4)[0]).toBe("L64.9");
    expect(icd10ForJourney(1)).toHaveLength(ICD10_CODES.length);
  });
});

describe("note kinds", () => {
  it("nursing roles write nurse notes, clinicians provider notes", () => {
    expect(noteKindFor("medicalSupport")).toBe("nurse");
    expect(noteKindFor("medicalSupportManagers")).toBe("nurse");
    expect(noteKindFor("providers")).toBe("provider");
    expect(noteKindFor("providerUsers")).toBe("provider");
  });
});

describe("message templates", () => {
  it("fills known variables, leaves unknown ones, lists the ones used", () => {
    expect(fillTemplate("Hi {{patientFirstName}}, {{ providerName }} here. {{other}}", { patientFirstName: "Emma", providerName: "Dr. Hale" })).toBe("Hi Emma, Dr. Hale here. {{other}}");
    expect(fillTemplate("{{medication}}!", {})).toBe("!");
    expect(templateVariables("{{a}} {{patientFirstName}} {{medication}} {{patientFirstName}}")).toEqual(["patientFirstName", "medication"]);
    expect(templateLocale("es-US")).toBe("es-US");
    expect(templateLocale(null)).toBe("en-US");
  });
  it("every demo template has both languages and only known variables", () => {
    for (const t of DEMO_TEMPLATES) {
      for (const text of t.text) expect(fillTemplate(text, { patientFirstName: "x", patientName: "x", providerName: "x", medication: "x", journey: "x", dosage: "x" })).not.toMatch(/\{\{/);
    }
  });
  it("turns the edited text into message HTML of the allow-list", () => {
    expect(textToMessageHtml("Hi Emma,\n\nLine one\nline two")).toBe("<p>Hi Emma,</p><p>Line one<br>line two</p>");
    expect(textToMessageHtml("<b>Bold</b> <script>alert(1)</script><img src=x onerror=alert(1)>")).toBe("<p><b>Bold</b></p>");
    expect(textToMessageHtml("<p>Own paragraph</p>")).toBe("<p>Own paragraph</p>");
    expect(textToMessageHtml("a < b & c")).toBe("<p>a &lt; b &amp; c</p>");
    expect(textToMessageHtml("  <p> </p> ")).toBe("");
    expect(textToMessageHtml('<a href="javascript:alert(1)">x</a>')).toBe("<p><a>x</a></p>");
  });
});

describe("e-prescribing adapters", () => {
  const ctx = { patientId: 7, clinicianId: 3, treatmentId: 11, patientDoseSpotUrl: null };
  it("local: recorded here, no SSO URL, always configured", () => {
    expect(localProvider.ssoUrl(ctx)).toBeNull();
    expect(localProvider.configured(ctx)).toBe(true);
    expect(eprescribeProviderOf({ eprescribeProvider: "local" }).name).toBe("local");
  });
  it("dosespot: fills the template, or uses the patient's URL, else not configured", () => {
    const withTemplate = eprescribeProviderOf({ eprescribeProvider: "dosespot", doseSpotSsoUrlTemplate: "https://sso.example/login?p={patientId}&c={clinicianId}&t={treatmentId}" });
    expect(withTemplate.name).toBe("dosespot");
    expect(withTemplate.ssoUrl(ctx)).toBe("https://sso.example/login?p=7&c=3&t=11");
    const patientUrl = doseSpotProvider(undefined);
    expect(patientUrl.ssoUrl({ ...ctx, patientDoseSpotUrl: "https://prescribing.example/patients/7" })).toBe("https://prescribing.example/patients/7");
    expect(patientUrl.configured(ctx)).toBe(false);
    expect(patientUrl.ssoUrl({ ...ctx, patientDoseSpotUrl: "javascript:alert(1)" })).toBeNull();
  });
});
