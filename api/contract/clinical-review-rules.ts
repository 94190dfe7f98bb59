/**
 * The clinical review's plain rules (issue 14, H2: record visit, record note, manage prescription, inform the
 * patient). No zod: the browser imports these (field names, limits, the ICD-10 list and its labels); the schemas
 * are in ./clinical-review.ts.
 *
 * The visit record form (spec §3 Visit record: "recordForm fields, providerId, visitType") — our design of what a
 * telehealth visit record holds, stored as `visit_records.record_form` (field → value):
 *   chiefComplaint   text, required       why the patient came (the journey's goal, a refill…)
 *   history          text                 history of the present illness, relevant history
 *   assessment       text, required       the clinician's assessment
 *   plan             text, required       the plan (treatment, titration, follow-up)
 *   notes            text (8 rows)        anything else
 *   allergies        list of allergen ids (GET /api/v1/allergies); `noKnownAllergies` when none
 *   noKnownAllergies boolean              NKDA: says "asked, none", unlike an empty list
 *   currentMedications text               what the patient takes now
 *   weightLb, heartRate numbers; bloodPressure "120/80" (self-reported vitals of an async or video visit)
 *   followUpWeeks    0–52                 when to see the patient again
 *   labsOrdered      boolean
 */
export const VISIT_TYPES = ["async", "video", "phone", "follow_up"] as const;
export type VisitType = (typeof VISIT_TYPES)[number];

/** The record form's fields in the form's (and the visits tab's) order. */
export const RECORD_FORM_FIELDS = [
  "chiefComplaint",
  "history",
  "assessment",
  "plan",
  "notes",
  "allergies",
  "noKnownAllergies",
  "currentMedications",
  "weightLb",
  "bloodPressure",
  "heartRate",
  "followUpWeeks",
  "labsOrdered",
] as const;
export type RecordFormField = (typeof RECORD_FORM_FIELDS)[number];

export const CLINICAL_LIMITS = {
  shortText: 500,
  longText: 5000,
  allergies: 30,
  allergySearch: 60,
  allergyResults: 12,
  noteBody: 5000,
  instructions: 2000,
  unitsDose: 120,
  message: 5000,
  dosageCycle: 12,
} as const;

/** Blood pressure as systolic/diastolic, e.g. 120/80. */
export const BLOOD_PRESSURE_PATTERN = /^\d{2,3}\/\d{2,3}$/;

/** Validation message keys of these forms (locales/<lng>/validation.json). */
export const CV = {
  visitType: "validation.visitType",
  bloodPressure: "validation.bloodPressure",
  allergy: "validation.allergy",
  diagnosisCode: "validation.diagnosisCode",
  instructionsRequired: "validation.instructionsRequired",
  messageEmpty: "validation.messageEmpty",
  variant: "validation.variant",
} as const;

/** Note kinds (visit_notes.kind): nursing roles write nurse notes, clinicians provider notes. */
export const NOTE_KINDS = ["provider", "nurse"] as const;
export type NoteKind = (typeof NOTE_KINDS)[number];
export const noteKindFor = (role: string): NoteKind => (role === "medicalSupport" || role === "medicalSupportManagers" ? "nurse" : "provider");

/**
 * The ICD-10-CM codes these journeys use (weight loss with its BMI Z-codes and comorbidities, sexual wellness,
 * haircare), with their labels in both languages. The manage-prescription step offers only these.
 */
export const ICD10_CODES = [
  { code: "E66.9", en: "Obesity, unspecified", es: "Obesidad, no especificada" },
  { code: "E66.01", en: "Morbid (severe) obesity due to excess calories", es: "Obesidad mórbida (grave) por exceso de calorías" },
  { code: "E66.3", en: "Overweight", es: "Sobrepeso" },
  { code: "R63.5", en: "Abnormal weight gain", es: "Aumento de peso anormal" },
  { code: "Z68.27", en: "BMI 27.0–27.9, adult", es: "IMC 27,0–27,9, adulto" },
  { code: "Z68.28", en: "BMI 28.0–28.9, adult", es: "IMC 28,0–28,9, adulto" },
  { code: "Z68.29", en: "BMI 29.0–29.9, adult", es: "IMC 29,0–29,9, adulto" },
  { code: "Z68.30", en: "BMI 30.0–30.9, adult", es: "IMC 30,0–30,9, adulto" },
  { code: "Z68.31", en: "BMI 31.0–31.9, adult", es: "IMC 31,0–31,9, adulto" },
  { code: "Z68.32", en: "BMI 32.0–32.9, adult", es: "IMC 32,0–32,9, adulto" },
  { code: "Z68.33", en: "BMI 33.0–33.9, adult", es: "IMC 33,0–33,9, adulto" },
  { code: "Z68.34", en: "BMI 34.0–34.9, adult", es: "IMC 34,0–34,9, adulto" },
  { code: "Z68.35", en: "BMI 35.0–35.9, adult", es: "IMC 35,0–35,9, adulto" },
  { code: "Z68.36", en: "BMI 36.0–36.9, adult", es: "IMC 36,0–36,9, adulto" },
  { code: "Z68.37", en: "BMI 37.0–37.9, adult", es: "IMC 37,0–37,9, adulto" },
  { code: "Z68.38", en: "BMI 38.0–38.9, adult", es: "IMC 38,0–38,9, adulto" },
  { code: "Z68.39", en: "BMI 39.0–39.9, adult", es: "IMC 39,0–39,9, adulto" },
  { code: "Z68.41", en: "BMI 40.0–44.9, adult", es: "IMC 40,0–44,9, adulto" },
  { code: "Z68.42", en: "BMI 45.0–49.9, adult", es: "IMC 45,0–49,9, adulto" },
  { code: "Z68.43", en: "BMI 50.0–59.9, adult", es: "IMC 50,0–59,9, adulto" },
  { code: "Z68.44", en: "BMI 60.0–69.9, adult", es: "IMC 60,0–69,9, adulto" },
  { code: "Z68.45", en: "BMI 70 or greater, adult", es: "IMC 70 o más, adulto" },
  { code: "E11.9", en: "Type 2 diabetes mellitus without complications", es: "Diabetes mellitus tipo 2 sin complicaciones" },
  { code: "R73.03", en: "Prediabetes", es: "Prediabetes" },
  { code: "E78.5", en: "Hyperlipidemia, unspecified", es: "Hiperlipidemia, no especificada" },
  { code: "I10", en: "Essential (primary) hypertension", es: "Hipertensión esencial (primaria)" },
  { code: "N52.9", en: "Male erectile dysfunction, unspecified", es: "Disfunción eréctil masculina, no especificada" },
  { code: "F52.4", en: "Premature ejaculation", es: "Eyaculación precoz" },
  { code: "L64.9", en: "Androgenic alopecia, unspecified", es: "Alopecia androgénica, no especificada" },
  { code: "L65.9", en: "Nonscarring hair loss, unspecified", es: "Pérdida de cabello no cicatricial, no especificada" },
] as const;
export type Icd10Code = (typeof ICD10_CODES)[number]["code"];
export const ICD10_CODE_VALUES = ICD10_CODES.map((c) => c.code) as unknown as readonly [Icd10Code, ...Icd10Code[]];

export const isIcd10Code = (code: string): code is Icd10Code => ICD10_CODES.some((c) => c.code === code);

/** A code's label in the reader's language (Spanish for es-*, English otherwise); the code itself when unknown. */
export function icd10Label(code: string, locale: string): string {
  const entry = ICD10_CODES.find((c) => c.code === code);
  if (!entry) return code;
  return locale.toLowerCase().startsWith("es") ? entry.es : entry.en;
}

/**
 * The codes to offer first for a journey (ServiceSection: 1 weight loss, 2 sexual wellness, 3 pharmacy, 4 haircare);
 * every code stays available.
 */
export function icd10ForJourney(sectionType: number): Icd10Code[] {
  const first: Record<number, string[]> = { 1: ["E66.9", "E66.01", "E66.3", "R63.5"], 2: ["N52.9", "F52.4"], 4: ["L64.9", "L65.9"] };
  const lead = first[sectionType] ?? [];
  return [...lead, ...ICD10_CODE_VALUES.filter((c) => !lead.includes(c))] as Icd10Code[];
}

/** The variables a message template may use ({{name}}), filled by api/domain/message-templates.ts. */
export const TEMPLATE_VARIABLES = ["patientFirstName", "patientName", "providerName", "medication", "journey", "dosage"] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];

/** E-prescribing adapters (api/domain/eprescribe/). */
export const EPRESCRIBE_PROVIDERS = ["local", "dosespot"] as const;
export type EprescribeProviderName = (typeof EPRESCRIBE_PROVIDERS)[number];
