/**
 * The intake review's plain rules (no zod: the review page and its browser checks import them; contract
 * ./treatments.ts, machine api/domain/treatment-review.ts).
 *
 *  - DECLINE_REASONS: the shipped list of reasons a clinician picks when declining (`decline-v2` requires one;
 *    "other" also requires the free text). The labels are translated (locales/<lng>/review.json "declineReasons").
 *  - Text limits of the action forms.
 *  - INTAKE_QUESTIONS: the intake answers the review renders as questions (locales "questions"); an answer under
 *    another key is shown with its key as the question.
 *  - contraindicationFlags(): the documented rule list below, derived from the intake answers and the journey.
 *
 * Contraindication rules (a flag is a prompt for the clinician, not a refusal; the clinician decides):
 *  - weight loss (GLP-1): `pregnancy` (pregnant or breastfeeding), `mtcMen2` (personal or family history of
 *    medullary thyroid cancer or MEN2), `pancreatitis` (history of pancreatitis), `lowBmi` (BMI under 27);
 *  - sexual wellness (PDE5 inhibitors): `nitrates` (takes nitrates: nitroglycerin, isosorbide… in the medication
 *    list or answered yes), `cardiac` (heart attack or stroke in the last 6 months);
 *  - haircare (finasteride, oral minoxidil): `pregnancy` (pregnant or breastfeeding).
 * The condition list and the medication list are matched case-insensitively by these words.
 */

export const DECLINE_REASONS = ["contraindication", "bmiOutOfRange", "identityNotVerified", "incompleteIntake", "notClinicallyAppropriate", "other"] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

/** The free texts of the action forms (decline note, cancel reason, modify-request message). */
export const REVIEW_TEXT_MAX = 2000;

export const CONTRAINDICATION_FLAGS = ["pregnancy", "mtcMen2", "pancreatitis", "lowBmi", "nitrates", "cardiac"] as const;
export type ContraindicationFlag = (typeof CONTRAINDICATION_FLAGS)[number];

/** The questions the review knows, in the order it shows them (others follow in the answers' order). */
export const INTAKE_QUESTIONS = [
  "goal",
  "heightInches",
  "weightLb",
  "goalWeightLb",
  "conditions",
  "currentMedications",
  "allergies",
  "pregnant",
  "breastfeeding",
  "thyroidCancerHistory",
  "pancreatitisHistory",
  "takesNitrates",
  "recentCardiacEvent",
  "symptomDuration",
  "hairLossPattern",
  "previousTreatments",
  "notes",
] as const;

type Answers = Record<string, unknown> | null | undefined;

const text = (v: unknown): string => (Array.isArray(v) ? v.join(" ") : typeof v === "string" ? v : "").toLowerCase();
const yes = (v: unknown): boolean => v === true || v === "yes" || v === "true";

export const GLP1_MIN_BMI = 27;

/** The contraindication flags of an intake (rules in the header), in CONTRAINDICATION_FLAGS order. */
export function contraindicationFlags(sectionType: number, answers: Answers, bmi: number | null): ContraindicationFlag[] {
  const a = answers ?? {};
  const conditions = text(a.conditions);
  const meds = text(a.currentMedications);
  const found = new Set<ContraindicationFlag>();
  const pregnancy = yes(a.pregnant) || yes(a.breastfeeding);
  if (sectionType === 1) {
    if (pregnancy) found.add("pregnancy");
    if (yes(a.thyroidCancerHistory) || /medullary|men ?2|mtc/.test(conditions)) found.add("mtcMen2");
    if (yes(a.pancreatitisHistory) || /pancreatitis/.test(conditions)) found.add("pancreatitis");
    if (bmi !== null && bmi < GLP1_MIN_BMI) found.add("lowBmi");
  } else if (sectionType === 2) {
    if (yes(a.takesNitrates) || /nitroglycerin|isosorbide|nitrate/.test(meds)) found.add("nitrates");
    if (yes(a.recentCardiacEvent) || /heart attack|myocardial|stroke/.test(conditions)) found.add("cardiac");
  } else if (sectionType === 4) {
    if (pregnancy) found.add("pregnancy");
  }
  return CONTRAINDICATION_FLAGS.filter((f) => found.has(f));
}

/** BMI from height (inches) and weight (pounds), one decimal; null when either is missing. */
export function bmiOf(heightInches: number | null | undefined, weightLb: number | null | undefined): number | null {
  if (!heightInches || !weightLb) return null;
  return Math.round((703 * weightLb * 10) / (heightInches * heightInches)) / 10;
}
