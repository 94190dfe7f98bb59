/**
 * Eligibility of a medical intake (issue 15; spec §8 texts), decided on the server at submission by our own rules
 * (the local qualify adapter, api/domain/qualify/, runs these):
 *  - the patient is under 18 (date of birth of the intake)           → denied, `intake.denied`;
 *  - a contraindication answered "yes" whose rule is `disqualify`      → denied, `intake.denied`;
 *  - the BMI is outside the journey's range (BMI_RANGE: weight loss 27–70) → denied, `intake.denied`;
 *  - the chosen product is not offered in the patient's state of residence (product_state_exclusions)
 *                                                                     → refused, `intake.productUnavailable`
 *    (not a denial: the patient may choose another plan, so the journey stays open);
 *  - a contraindication answered "yes" whose rule is `review` passes, and names a flag: submission creates a task
 *    for medical support so a clinician looks at it.
 * 'Intake denied: not eligible for the requested treatment' and 'Product unavailable in your state' are the texts
 * of those codes (api/contract/codes.ts). Pure: the caller reads the product's excluded states.
 */
import { BMI_RANGE, MINIMUM_AGE, ageOn, bmi, questionnaireOf, visibleQuestions, visibleSteps, type Answers } from "./questionnaires.ts";

export type DenialReason = "underage" | "contraindication" | "bmi";
export type Eligibility =
  | { outcome: "eligible"; reviewFlags: string[] }
  | { outcome: "denied"; code: "intake.denied"; reason: DenialReason }
  | { outcome: "unavailable"; code: "intake.productUnavailable" };

export type EligibilityInput = {
  sectionType: number;
  answers: Answers;
  /** States (two-letter codes) the chosen product is not offered in. */
  excludedStates: readonly string[];
  today?: Date;
};

const yes = (v: unknown) => v === true || v === "yes";

/** The contraindication questions answered "yes" among the visible ones, by rule. */
export function contraindicationsOf(sectionType: number, answers: Answers): { disqualify: string[]; review: string[] } {
  const out = { disqualify: [] as string[], review: [] as string[] };
  for (const step of visibleSteps(questionnaireOf(sectionType), answers)) {
    for (const question of visibleQuestions(step, answers)) {
      if (question.contraindication && yes(answers[question.key])) out[question.contraindication].push(question.key);
    }
  }
  return out;
}

export function eligibility({ sectionType, answers, excludedStates, today = new Date() }: EligibilityInput): Eligibility {
  const age = typeof answers.dateOfBirth === "string" ? ageOn(answers.dateOfBirth, today) : null;
  if (age === null || age < MINIMUM_AGE) return { outcome: "denied", code: "intake.denied", reason: "underage" };
  const found = contraindicationsOf(sectionType, answers);
  if (found.disqualify.length > 0) return { outcome: "denied", code: "intake.denied", reason: "contraindication" };
  const range = BMI_RANGE[sectionType as keyof typeof BMI_RANGE];
  if (range) {
    const value = bmi(answers);
    if (value === null || value < range.min || value > range.max) return { outcome: "denied", code: "intake.denied", reason: "bmi" };
  }
  const state = typeof answers.stateOfResidence === "string" ? answers.stateOfResidence : "";
  if (excludedStates.includes(state)) return { outcome: "unavailable", code: "intake.productUnavailable" };
  return { outcome: "eligible", reviewFlags: found.review };
}
