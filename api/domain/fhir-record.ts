/**
 * The patient's record as a FHIR R4 Bundle (issue 18, "My record"): pure functions from our rows to resources,
 * typed by @types/fhir (r4). The loader (api/routes/record-export.ts) reads the rows; this module only maps.
 *
 * Decisions (the spec is silent):
 * - A `collection` Bundle; every entry's fullUrl is `urn:uuid:<uuid>` derived from the resource type and our row
 *   id (a stable UUID v5-like name hash), and every reference inside the bundle names one of those fullUrls.
 * - Patient: names, email, phone, gender, date of birth, the shipping and billing addresses, the spoken language.
 * - Journeys with their intake answers: QuestionnaireResponse (one item per answered question; the answer as a
 *   string, number, boolean or a joined list). Treatments: CarePlan (status from the review status). Prescriptions:
 *   MedicationRequest (medication text, dosage instruction, ICD-10 reason, the superseded ones as `stopped`).
 *   Orders: Invoice (number, status, total in USD). Weights: Observation, LOINC 29463-7, UCUM [lb_av].
 *   Messages: Communication (the sanitised HTML as plain text; the patient is the sender or the recipient).
 * - Never staff-only data: visit notes, internal task comments, reviews, audit rows, deleted messages and the
 *   ids of staff users' other patients are not read at all. Staff appear only as a display name on a message
 *   or a prescription, never as a resource.
 * - The size cap: the newest FHIR_MESSAGE_CAP messages and FHIR_WEIGHT_CAP weights (the Bundle says so in `meta.tag`
 *   when a cap was reached); everything else is small per patient and exported whole.
 */
import { createHash } from "node:crypto";
import type {
  Bundle,
  BundleEntry,
  CarePlan,
  Communication,
  FhirResource,
  Invoice,
  MedicationRequest,
  Observation,
  Patient,
  QuestionnaireResponse,
  QuestionnaireResponseItem,
  Reference,
} from "fhir/r4";
import { ORDER_STATUS_LABELS, type OrderStatus } from "../contract/enums.ts";

export const FHIR_MESSAGE_CAP = 500;
export const FHIR_WEIGHT_CAP = 1000;
export const LOINC = "http://loinc.org";
export const UCUM = "http://unitsofmeasure.org";
export const ICD10 = "http://hl7.org/fhir/sid/icd-10-cm";
/** Our own identifier systems (the public base of the product). */
export const ID_SYSTEM = "urn:telehealth";

export type RecordPatient = {
  id: number;
  firstName: string;
  middleName: string;
  lastName: string;
  email: string;
  phone: string | null;
  locale: string;
  gender: "female" | "male" | "other" | null;
  dateOfBirth: string | null;
  heightInches: number | null;
  addresses: { type: "shipping" | "billing"; line1: string; line2: string; city: string; state: string; postalCode: string; country: string }[];
};
export type RecordJourney = {
  id: number;
  journey: string;
  status: "in_progress" | "submitted" | "denied" | "cancelled";
  answers: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
};
export type RecordTreatment = { id: number; journeyId: number | null; journey: string; product: string | null; reviewStatus: "pending" | "approved" | "cancelled" | "declined"; createdAt: string };
export type RecordPrescription = {
  id: number;
  treatmentId: number;
  medication: string;
  instructions: string;
  unitsDose: string;
  diagnosisCode: string;
  prescriber: string | null;
  superseded: boolean;
  createdAt: string;
};
export type RecordOrder = { id: number; orderNumber: string; status: number; totalCents: number; currency: string; dateOrdered: string };
export type RecordWeight = { id: number; weightLb: number; measuredOn: string; source: string };
export type RecordMessage = { id: number; chatId: number; category: string; fromPatient: boolean; sender: string | null; text: string; sentAt: string };

export type RecordRows = {
  patient: RecordPatient;
  journeys: RecordJourney[];
  treatments: RecordTreatment[];
  prescriptions: RecordPrescription[];
  orders: RecordOrder[];
  weights: RecordWeight[];
  messages: RecordMessage[];
  /** Which lists were cut at their cap (newest kept). */
  capped: { messages: boolean; weights: boolean };
};

/** A stable urn:uuid for one of our rows (a name-based UUID: SHA-1 of type/id, version 5 bits set). */
export function fullUrlOf(resourceType: string, id: number): string {
  const h = createHash("sha1").update(`telehealth/${resourceType}/${id}`).digest("hex");
  const variant = ((parseInt(h.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `urn:uuid:${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(18, 20)}-${h.slice(20, 32)}`;
}

const ref = (resourceType: string, id: number, display?: string): Reference => ({ reference: fullUrlOf(resourceType, id), ...(display ? { display } : {}) });
const ident = (kind: string, value: string | number) => [{ system: `${ID_SYSTEM}:${kind}`, value: String(value) }];

/** Plain text of our sanitised message HTML (p, b, i, u, strong, em, br, a only). */
export function plainText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/p>\s*<p[^>]*>/gi, "\n\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .trim();
}

export function patientResource(p: RecordPatient): Patient {
  const given = [p.firstName, p.middleName].filter(Boolean);
  const telecom: NonNullable<Patient["telecom"]> = [{ system: "email", value: p.email }];
  if (p.phone) telecom.push({ system: "phone", value: p.phone });
  return {
    resourceType: "Patient",
    identifier: ident("patient", p.id),
    active: true,
    name: [{ use: "official", family: p.lastName || undefined, given: given.length ? given : undefined, text: [...given, p.lastName].filter(Boolean).join(" ") || undefined }],
    telecom,
    ...(p.gender ? { gender: p.gender } : {}),
    ...(p.dateOfBirth ? { birthDate: p.dateOfBirth } : {}),
    address: p.addresses.map((a) => ({
      use: a.type === "billing" ? "billing" : "home",
      type: a.type === "billing" ? "postal" : "physical",
      line: [a.line1, a.line2].filter(Boolean),
      city: a.city,
      state: a.state,
      postalCode: a.postalCode,
      country: a.country,
    })),
    communication: [{ language: { coding: [{ system: "urn:ietf:bcp:47", code: p.locale }] }, preferred: true }],
  };
}

function answerOf(value: unknown): NonNullable<QuestionnaireResponseItem["answer"]> {
  if (typeof value === "boolean") return [{ valueBoolean: value }];
  if (typeof value === "number" && Number.isFinite(value)) return Number.isInteger(value) ? [{ valueInteger: value }] : [{ valueDecimal: value }];
  if (typeof value === "string") return value === "" ? [] : [{ valueString: value }];
  if (Array.isArray(value)) return value.flatMap((v) => answerOf(v));
  if (value && typeof value === "object") return [{ valueString: JSON.stringify(value) }];
  return [];
}

export function questionnaireResponseOf(j: RecordJourney, patientId: number): QuestionnaireResponse {
  const item: QuestionnaireResponseItem[] = [];
  for (const [linkId, value] of Object.entries(j.answers)) {
    const answer = answerOf(value);
    if (answer.length) item.push({ linkId, text: linkId, answer });
  }
  return {
    resourceType: "QuestionnaireResponse",
    identifier: { system: `${ID_SYSTEM}:journey`, value: String(j.id) },
    questionnaire: `${ID_SYSTEM}:questionnaire:${j.journey}`,
    status: j.status === "submitted" ? "completed" : j.status === "in_progress" ? "in-progress" : "stopped",
    subject: ref("Patient", patientId),
    authored: j.updatedAt,
    author: ref("Patient", patientId),
    item,
  };
}

const CARE_PLAN_STATUS: Record<RecordTreatment["reviewStatus"], CarePlan["status"]> = { pending: "draft", approved: "active", cancelled: "revoked", declined: "revoked" };

export function carePlanOf(t: RecordTreatment, patientId: number, journeyIds: Set<number>): CarePlan {
  return {
    resourceType: "CarePlan",
    identifier: ident("treatment", t.id),
    status: CARE_PLAN_STATUS[t.reviewStatus],
    intent: "plan",
    title: t.product ? `${t.journey}: ${t.product}` : t.journey,
    subject: ref("Patient", patientId),
    created: t.createdAt,
    ...(t.journeyId !== null && journeyIds.has(t.journeyId) ? { supportingInfo: [ref("QuestionnaireResponse", t.journeyId)] } : {}),
  };
}

export function medicationRequestOf(p: RecordPrescription, patientId: number, treatmentIds: Set<number>): MedicationRequest {
  return {
    resourceType: "MedicationRequest",
    identifier: ident("prescription", p.id),
    status: p.superseded ? "stopped" : "active",
    intent: "order",
    medicationCodeableConcept: { text: p.medication },
    subject: ref("Patient", patientId),
    authoredOn: p.createdAt,
    ...(p.prescriber ? { requester: { display: p.prescriber } } : {}),
    reasonCode: [{ coding: [{ system: ICD10, code: p.diagnosisCode }] }],
    ...(treatmentIds.has(p.treatmentId) ? { basedOn: [ref("CarePlan", p.treatmentId)] } : {}),
    dosageInstruction: [{ text: [p.instructions, p.unitsDose].filter(Boolean).join(" — ") }],
  };
}

/** Our order statuses (spec §4) as an Invoice status: cancelled (8) and returned (7) ones cancelled, the rest issued. */
export function invoiceOf(o: RecordOrder, patientId: number): Invoice {
  return {
    resourceType: "Invoice",
    identifier: [{ system: `${ID_SYSTEM}:order`, value: o.orderNumber }],
    status: o.status === 8 || o.status === 7 ? "cancelled" : "issued",
    ...(ORDER_STATUS_LABELS[o.status as OrderStatus] ? { note: [{ text: ORDER_STATUS_LABELS[o.status as OrderStatus] }] } : {}),
    subject: ref("Patient", patientId),
    date: o.dateOrdered,
    totalGross: { value: o.totalCents / 100, currency: o.currency.toUpperCase() },
  };
}

export function weightObservationOf(w: RecordWeight, patientId: number): Observation {
  return {
    resourceType: "Observation",
    identifier: ident("weight", w.id),
    status: "final",
    category: [{ coding: [{ system: "http://terminology.hl7.org/CodeSystem/observation-category", code: "vital-signs", display: "Vital Signs" }] }],
    code: { coding: [{ system: LOINC, code: "29463-7", display: "Body weight" }], text: "Body weight" },
    subject: ref("Patient", patientId),
    effectiveDateTime: w.measuredOn,
    valueQuantity: { value: w.weightLb, unit: "lb", system: UCUM, code: "[lb_av]" },
    ...(w.source === "patient" || w.source === "intake" ? { performer: [ref("Patient", patientId)] } : {}),
  };
}

export function communicationOf(m: RecordMessage, patientId: number): Communication {
  const patient = ref("Patient", patientId);
  const staff: Reference = { display: m.sender ?? "Care team" };
  return {
    resourceType: "Communication",
    identifier: ident("message", m.id),
    status: "completed",
    category: [{ text: m.category }],
    subject: patient,
    sent: m.sentAt,
    sender: m.fromPatient ? patient : staff,
    recipient: [m.fromPatient ? staff : patient],
    payload: [{ contentString: plainText(m.text) }],
  };
}

/** The whole record as one Bundle. `now` is the export's time (ISO). */
export function recordBundle(rows: RecordRows, now: string): Bundle {
  const pid = rows.patient.id;
  const entry = (type: string, id: number, resource: FhirResource): BundleEntry => ({ fullUrl: fullUrlOf(type, id), resource });
  const journeyIds = new Set(rows.journeys.map((j) => j.id));
  const treatmentIds = new Set(rows.treatments.map((t) => t.id));
  const tags = [
    ...(rows.capped.messages ? [{ system: `${ID_SYSTEM}:export`, code: "messages-capped", display: `Newest ${FHIR_MESSAGE_CAP} messages` }] : []),
    ...(rows.capped.weights ? [{ system: `${ID_SYSTEM}:export`, code: "weights-capped", display: `Newest ${FHIR_WEIGHT_CAP} weights` }] : []),
  ];
  return {
    resourceType: "Bundle",
    type: "collection",
    timestamp: now,
    identifier: { system: `${ID_SYSTEM}:export`, value: `${pid}-${now}` },
    ...(tags.length ? { meta: { tag: tags } } : {}),
    entry: [
      entry("Patient", pid, patientResource(rows.patient)),
      ...rows.journeys.map((j) => entry("QuestionnaireResponse", j.id, questionnaireResponseOf(j, pid))),
      ...rows.treatments.map((t) => entry("CarePlan", t.id, carePlanOf(t, pid, journeyIds))),
      ...rows.prescriptions.map((p) => entry("MedicationRequest", p.id, medicationRequestOf(p, pid, treatmentIds))),
      ...rows.orders.map((o) => entry("Invoice", o.id, invoiceOf(o, pid))),
      ...rows.weights.map((w) => entry("Observation", w.id, weightObservationOf(w, pid))),
      ...rows.messages.map((m) => entry("Communication", m.id, communicationOf(m, pid))),
    ],
  };
}
