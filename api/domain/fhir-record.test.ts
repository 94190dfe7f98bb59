/**
 * The FHIR R4 mapping of the patient's record (issue 18): each resource's type and required elements (R4: Bundle
 * type; Observation status and code; MedicationRequest status, intent, medication[x] and subject; QuestionnaireResponse
 * status; Communication status; CarePlan status, intent and subject; Invoice status), the weight's LOINC and UCUM
 * codes, every reference resolving inside the bundle, a JSON round trip, and no staff-only data.
 */
import { describe, expect, it } from "vitest";
import type { Bundle, FhirResource, Reference } from "fhir/r4";
import { FHIR_MESSAGE_CAP, fullUrlOf, plainText, recordBundle, type RecordRows } from "./fhir-record.ts";

const rows = (over: Partial<RecordRows> = {}): RecordRows => ({
  patient: {
    id: 7, firstName: "Emma", middleName: "", lastName: "Stone", email: "emma@example.test", phone: "+15551234567", locale: "es-US",
    gender: "female", dateOfBirth: "1990-04-02", heightInches: 65,
    addresses: [{ type: "shipping", line1: "1 Main St", line2: "", city: "Austin", state: "TX", postalCode: "78701", country: "US" }],
  },
  journeys: [{ id: 3, journey: "weight-loss", status: "submitted", answers: { heightInches: 65, conditions: ["none"], smoker: false, notes: "" }, createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-01-02T00:00:00.000Z" }],
  treatments: [{ id: 11, journeyId: 3, journey: "weight-loss", product: "Semaglutide", reviewStatus: "approved", createdAt: "2026-01-02T00:00:00.000Z" }],
  prescriptions: [
    { id: 21, treatmentId: 11, medication: "Semaglutide 0.25 mg", instructions: "Inject weekly", unitsDose: "0.25 mg", diagnosisCode: "E66.9", prescriber: "Dr. Ada Park", superseded: true, createdAt: "2026-01-03T00:00:00.000Z" },
    { id: 22, treatmentId: 11, medication: "Semaglutide 0.5 mg", instructions: "Inject weekly", unitsDose: "0.5 mg", diagnosisCode: "E66.9", prescriber: null, superseded: false, createdAt: "2026-02-03T00:00:00.000Z" },
  ],
  orders: [{ id: 31, orderNumber: "ORD-1", status: 4, totalCents: 29900, currency: "usd", dateOrdered: "2026-01-04T00:00:00.000Z" }],
  weights: [{ id: 41, weightLb: 212.4, measuredOn: "2026-01-01", source: "intake" }, { id: 42, weightLb: 205, measuredOn: "2026-02-01", source: "staff" }],
  messages: [
    { id: 51, chatId: 5, category: "medical", fromPatient: true, sender: null, text: "<p>Hello &amp; thanks</p>", sentAt: "2026-01-05T00:00:00.000Z" },
    { id: 52, chatId: 5, category: "medical", fromPatient: false, sender: "Nurse Joy", text: "<p>Hi<br>there</p>", sentAt: "2026-01-06T00:00:00.000Z" },
  ],
  capped: { messages: false, weights: false },
  ...over,
});

const NOW = "2026-03-01T12:00:00.000Z";
const resources = (b: Bundle) => (b.entry ?? []).map((e) => e.resource as FhirResource);
const ofType = <T extends FhirResource["resourceType"]>(b: Bundle, t: T) => resources(b).filter((r) => r.resourceType === t) as Extract<FhirResource, { resourceType: T }>[];

/** Every { reference } anywhere inside a resource. */
function referencesIn(value: unknown, out: Reference[] = []): Reference[] {
  if (Array.isArray(value)) value.forEach((v) => referencesIn(v, out));
  else if (value && typeof value === "object") {
    const o = value as Record<string, unknown>;
    if (typeof o.reference === "string") out.push(o as Reference);
    Object.values(o).forEach((v) => referencesIn(v, out));
  }
  return out;
}

describe("the record as a FHIR R4 bundle", () => {
  const bundle = recordBundle(rows(), NOW);

  it("is a collection bundle with one entry per row, each with a unique urn:uuid fullUrl", () => {
    expect(bundle.resourceType).toBe("Bundle");
    expect(bundle.type).toBe("collection");
    expect(bundle.timestamp).toBe(NOW);
    const urls = (bundle.entry ?? []).map((e) => e.fullUrl);
    expect(urls).toHaveLength(1 + 1 + 1 + 2 + 1 + 2 + 2);
    expect(new Set(urls).size).toBe(urls.length);
    for (const u of urls) expect(u).toMatch(/^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(fullUrlOf("Patient", 7)).toBe(fullUrlOf("Patient", 7));
    expect(fullUrlOf("Patient", 7)).not.toBe(fullUrlOf("Observation", 7));
  });

  it("resolves every reference inside the bundle", () => {
    const urls = new Set((bundle.entry ?? []).map((e) => e.fullUrl));
    const refs = referencesIn(resources(bundle));
    expect(refs.length).toBeGreaterThan(10);
    for (const r of refs) expect(urls.has(r.reference)).toBe(true);
  });

  it("maps the patient: name, telecom, gender, birth date, address, language", () => {
    const [p] = ofType(bundle, "Patient");
    expect(p!.name?.[0]).toMatchObject({ family: "Stone", given: ["Emma"], text: "Emma Stone" });
    expect(p!.telecom).toEqual([{ system: "email", value: "emma@example.test" }, { system: "phone", value: "+15551234567" }]);
    expect(p!.gender).toBe("female");
    expect(p!.birthDate).toBe("1990-04-02");
    expect(p!.address?.[0]).toMatchObject({ line: ["1 Main St"], city: "Austin", state: "TX", postalCode: "78701", country: "US" });
    expect(p!.communication?.[0]?.language.coding?.[0]?.code).toBe("es-US");
  });

  it("maps weights to body-weight observations: LOINC 29463-7, UCUM [lb_av], final, vital signs", () => {
    const obs = ofType(bundle, "Observation");
    expect(obs).toHaveLength(2);
    for (const o of obs) {
      expect(o.status).toBe("final");
      expect(o.code.coding).toContainEqual({ system: "http://loinc.org", code: "29463-7", display: "Body weight" });
      expect(o.valueQuantity).toMatchObject({ system: "http://unitsofmeasure.org", code: "[lb_av]", unit: "lb" });
      expect(o.category?.[0]?.coding?.[0]?.code).toBe("vital-signs");
      expect(o.subject?.reference).toBe(fullUrlOf("Patient", 7));
    }
    expect(obs.map((o) => [o.effectiveDateTime, o.valueQuantity?.value])).toEqual([["2026-01-01", 212.4], ["2026-02-01", 205]]);
  });

  it("maps prescriptions to medication requests (status, intent, medication, ICD-10 reason, dosage, based on the care plan)", () => {
    const [old, current] = ofType(bundle, "MedicationRequest");
    expect(old).toMatchObject({ status: "stopped", intent: "order", medicationCodeableConcept: { text: "Semaglutide 0.25 mg" }, requester: { display: "Dr. Ada Park" } });
    expect(current).toMatchObject({ status: "active", intent: "order" });
    expect(current!.requester).toBeUndefined();
    expect(current!.reasonCode?.[0]?.coding?.[0]).toEqual({ system: "http://hl7.org/fhir/sid/icd-10-cm", code: "E66.9" });
    expect(current!.dosageInstruction?.[0]?.text).toBe("Inject weekly — 0.5 mg");
    expect(current!.basedOn?.[0]?.reference).toBe(fullUrlOf("CarePlan", 11));
  });

  it("maps the intake to a questionnaire response with typed answers, and treatments to care plans", () => {
    const [qr] = ofType(bundle, "QuestionnaireResponse");
    expect(qr!.status).toBe("completed");
    expect(qr!.item).toEqual([
      { linkId: "heightInches", text: "heightInches", answer: [{ valueInteger: 65 }] },
      { linkId: "conditions", text: "conditions", answer: [{ valueString: "none" }] },
      { linkId: "smoker", text: "smoker", answer: [{ valueBoolean: false }] },
    ]);
    const [plan] = ofType(bundle, "CarePlan");
    expect(plan).toMatchObject({ status: "active", intent: "plan", title: "weight-loss: Semaglutide" });
    expect(plan!.supportingInfo?.[0]?.reference).toBe(fullUrlOf("QuestionnaireResponse", 3));
  });

  it("maps orders to invoices and messages to communications with plain text", () => {
    const [inv] = ofType(bundle, "Invoice");
    expect(inv).toMatchObject({ status: "issued", totalGross: { value: 299, currency: "USD" }, identifier: [{ value: "ORD-1" }] });
    const [mine, theirs] = ofType(bundle, "Communication");
    expect(mine).toMatchObject({ status: "completed", sender: { reference: fullUrlOf("Patient", 7) }, payload: [{ contentString: "Hello & thanks" }] });
    expect(theirs).toMatchObject({ sender: { display: "Nurse Joy" }, recipient: [{ reference: fullUrlOf("Patient", 7) }], payload: [{ contentString: "Hi\nthere" }] });
  });

  it("survives a JSON round trip unchanged and carries no staff-only data", () => {
    const text = JSON.stringify(bundle);
    expect(JSON.parse(text)).toEqual(bundle);
    for (const word of ["visit_note", "internal", "password", "audit", "ip"]) expect(text.includes(`"${word}"`)).toBe(false);
  });

  it("says in meta.tag when a list was cut at its cap, and maps an empty record to a lone Patient", () => {
    const capped = recordBundle(rows({ capped: { messages: true, weights: false } }), NOW);
    expect(capped.meta?.tag).toEqual([{ system: "urn:telehealth:export", code: "messages-capped", display: `Newest ${FHIR_MESSAGE_CAP} messages` }]);
    const empty = recordBundle(rows({ journeys: [], treatments: [], prescriptions: [], orders: [], weights: [], messages: [] }), NOW);
    expect(empty.entry?.map((e) => e.resource?.resourceType)).toEqual(["Patient"]);
    expect(empty.meta).toBeUndefined();
  });

  it("reads our sanitised HTML as plain text", () => {
    expect(plainText("<p>a</p><p>b &lt;c&gt;</p>")).toBe("a\n\nb <c>");
  });
});
