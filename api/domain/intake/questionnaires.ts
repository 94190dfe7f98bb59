/**
 * The medical intake's questionnaires, as data: one per journey kind (spec §1; section types of
 * api/contract/enums.ts), each a list of steps of questions (answer types, required flags, branching, bounds and
 * contraindication rules: api/contract/intake-rules.ts). Nothing here knows a page; the web renders what
 * GET /api/v1/journeys/{id}/intake sends. The answer keys are the ones the intake review already shows
 * (api/contract/review-rules.ts INTAKE_QUESTIONS), so a submitted intake reads the same on the staff review.
 *
 * Steps (in order; a journey leaves out the ones it does not need):
 *   about (names, date of birth, sex, state of residence) → body (height, weight, goal weight; BMI computed by the
 *   server) → history → medications → allergies → contraindications → heart (sexual wellness, only when the history
 *   names a heart condition) → goals → identification (ID photo, selfie; insurance card front and back when the
 *   weight-loss patient says they have insurance) → plan (a product variant of the journey's catalogue) → review.
 *
 * Branching: a question or a whole step with `showIf` is shown (and required) only when the named question's answer
 * is one of the values (for a multi answer: contains one). An answer to a hidden question is dropped when its step
 * is saved and ignored at submission.
 */
import { US_STATE_CODES } from "../../contract/patient-account-rules.ts";
import { V } from "../../contract/rules.ts";
import type { FieldCodes } from "../../contract/codes.ts";
import { ServiceSection } from "../../contract/enums.ts";
import { REVIEW_STEP, INTAKE_TEXT_MAX, type QuestionDef, type ShowIf, type StepDef } from "../../contract/intake-rules.ts";

export type Questionnaire = { sectionType: ServiceSection; steps: readonly StepDef[] };
export type Answers = Record<string, unknown>;

const q = (key: string, type: QuestionDef["type"], extra: Partial<QuestionDef> = {}): QuestionDef => ({ key, type, required: true, ...extra });
const optional = (key: string, type: QuestionDef["type"], extra: Partial<QuestionDef> = {}): QuestionDef => q(key, type, { ...extra, required: false });
const ifYes = (question: string): ShowIf => ({ question, equals: ["yes"] });
const FEMALE: ShowIf = { question: "sex", equals: ["female"] };

/** Height 3 ft – 8 ft, weight 50 – 1000 lb (the patient record's bounds, api/contract/patient-record-rules.ts). */
const HEIGHT = { min: 36, max: 96 } as const;
const WEIGHT = { min: 50, max: 1000 } as const;

const about: StepDef = {
  key: "about",
  questions: [
    q("firstName", "text", { max: 100 }),
    q("lastName", "text", { max: 100 }),
    q("dateOfBirth", "date"),
    q("sex", "single", { options: ["female", "male"] }),
    q("stateOfResidence", "state"),
  ],
};

const body = (withGoal: boolean): StepDef => ({
  key: "body",
  questions: [
    q("heightInches", "height", HEIGHT),
    q("weightLb", "weight", WEIGHT),
    ...(withGoal ? [q("goalWeightLb", "weight", WEIGHT)] : []),
  ],
});

const medications: StepDef = {
  key: "medications",
  questions: [q("takesMedications", "yesNo"), q("currentMedications", "text", { max: INTAKE_TEXT_MAX, showIf: ifYes("takesMedications") })],
};

const allergies: StepDef = {
  key: "allergies",
  questions: [q("hasAllergies", "yesNo"), q("allergies", "text", { max: INTAKE_TEXT_MAX, showIf: ifYes("hasAllergies") })],
};

const identification = (insurance: boolean, selfie = true): StepDef => ({
  key: "identification",
  questions: [
    q("idPhoto", "image", { image: "idFront" }),
    ...(selfie ? [q("selfie", "image", { image: "selfie" })] : []),
    ...(insurance
      ? [q("hasInsurance", "yesNo"), q("insuranceFront", "image", { image: "insuranceFront", showIf: ifYes("hasInsurance") }), q("insuranceBack", "image", { image: "insuranceBack", showIf: ifYes("hasInsurance") })]
      : []),
  ],
});

const plan: StepDef = { key: "plan", questions: [q("variantId", "plan")] };
const review: StepDef = { key: REVIEW_STEP, questions: [] };

export const QUESTIONNAIRES: Readonly<Record<ServiceSection, Questionnaire>> = {
  [ServiceSection.WeightLoss]: {
    sectionType: ServiceSection.WeightLoss,
    steps: [
      about,
      body(true),
      {
        key: "history",
        questions: [
          q("conditions", "multi", { options: ["none", "type2Diabetes", "highBloodPressure", "highCholesterol", "sleepApnea", "kidneyDisease", "gallbladderDisease", "depression"] }),
          optional("previousTreatments", "text", { max: INTAKE_TEXT_MAX }),
        ],
      },
      medications,
      allergies,
      {
        key: "contraindications",
        questions: [
          q("pregnant", "yesNo", { showIf: FEMALE, contraindication: "disqualify" }),
          q("breastfeeding", "yesNo", { showIf: FEMALE, contraindication: "disqualify" }),
          q("thyroidCancerHistory", "yesNo", { contraindication: "disqualify" }),
          q("pancreatitisHistory", "yesNo", { contraindication: "disqualify" }),
          q("eatingDisorder", "yesNo", { contraindication: "review" }),
          q("insulinUse", "yesNo", { contraindication: "review" }),
        ],
      },
      { key: "goals", questions: [q("goal", "single", { options: ["lose10", "lose20", "lose50", "healthier"] }), optional("notes", "text", { max: INTAKE_TEXT_MAX })] },
      identification(true),
      plan,
      review,
    ],
  },
  [ServiceSection.SexualWellness]: {
    sectionType: ServiceSection.SexualWellness,
    steps: [
      about,
      body(false),
      {
        key: "history",
        questions: [
          q("conditions", "multi", { options: ["none", "heartCondition", "highBloodPressure", "type2Diabetes", "prostateProblems", "depression"] }),
          q("symptomDuration", "single", { options: ["under6Months", "6to12Months", "over1Year"] }),
        ],
      },
      medications,
      allergies,
      {
        key: "contraindications",
        questions: [q("takesNitrates", "yesNo", { contraindication: "disqualify" }), q("alphaBlockers", "yesNo", { contraindication: "review" })],
      },
      {
        key: "heart",
        showIf: { question: "conditions", equals: ["heartCondition"] },
        questions: [q("recentCardiacEvent", "yesNo", { contraindication: "disqualify" }), q("chestPainDuringSex", "yesNo", { contraindication: "review" })],
      },
      { key: "goals", questions: [q("goal", "single", { options: ["firmness", "lastLonger", "confidence"] }), optional("notes", "text", { max: INTAKE_TEXT_MAX })] },
      identification(false),
      plan,
      review,
    ],
  },
  [ServiceSection.PharmacyPurchase]: {
    sectionType: ServiceSection.PharmacyPurchase,
    steps: [about, medications, allergies, { key: "goals", questions: [optional("notes", "text", { max: INTAKE_TEXT_MAX })] }, identification(false, false), plan, review],
  },
  [ServiceSection.Haircare]: {
    sectionType: ServiceSection.Haircare,
    steps: [
      about,
      body(false),
      {
        key: "history",
        questions: [
          q("conditions", "multi", { options: ["none", "liverDisease", "lowBloodPressure", "scalpCondition", "depression"] }),
          q("hairLossPattern", "single", { options: ["receding", "crown", "overall", "patches"] }),
          q("symptomDuration", "single", { options: ["under1Year", "1to2Years", "over2Years"] }),
        ],
      },
      medications,
      allergies,
      {
        key: "contraindications",
        questions: [
          q("pregnant", "yesNo", { showIf: FEMALE, contraindication: "disqualify" }),
          q("liverProblems", "yesNo", { contraindication: "review" }),
        ],
      },
      { key: "goals", questions: [q("goal", "single", { options: ["regrow", "stopLoss", "thicker"] }), optional("previousTreatments", "text", { max: INTAKE_TEXT_MAX })] },
      identification(false),
      plan,
      review,
    ],
  },
};

/**
 * The BMI range a journey treats (eligibility: out of range → denied). Weight loss: GLP-1 medications are for a BMI
 * of 27 or more (api/contract/review-rules.ts GLP1_MIN_BMI), up to 70 (above, an in-person assessment first).
 */
export const BMI_RANGE: Partial<Record<ServiceSection, { min: number; max: number }>> = {
  [ServiceSection.WeightLoss]: { min: 27, max: 70 },
};

export const MINIMUM_AGE = 18;

export function questionnaireOf(sectionType: number): Questionnaire {
  const found = QUESTIONNAIRES[sectionType as ServiceSection];
  if (!found) throw new Error(`no questionnaire for section ${sectionType}`);
  return found;
}

/** Does an answer match a branch condition? (yes/no answers are booleans once saved; multi: any of.) */
export function matches(answer: unknown, equals: readonly string[]): boolean {
  const values = Array.isArray(answer) ? answer : [answer];
  return values.some((v) => equals.includes(typeof v === "boolean" ? (v ? "yes" : "no") : String(v)));
}

export const isShown = (showIf: ShowIf | undefined, answers: Answers) => !showIf || matches(answers[showIf.question], showIf.equals);

/** The steps the patient sees with these answers, in order. */
export function visibleSteps(qn: Questionnaire, answers: Answers): StepDef[] {
  return qn.steps.filter((s) => isShown(s.showIf, answers));
}

export function visibleQuestions(step: StepDef, answers: Answers): QuestionDef[] {
  return step.questions.filter((question) => isShown(question.showIf, answers));
}

export function stepOf(qn: Questionnaire, key: string): StepDef | undefined {
  return qn.steps.find((s) => s.key === key);
}

/** The first visible step with a required answer missing or invalid, else the review step. */
export function firstIncompleteStep(qn: Questionnaire, answers: Answers): string {
  for (const step of visibleSteps(qn, answers)) {
    if (step.key === REVIEW_STEP) return REVIEW_STEP;
    if (!isStepComplete(step, answers)) return step.key;
  }
  return REVIEW_STEP;
}

/** Are a step's saved answers all there and valid? (uploads and plans were checked when saved.) */
export function isStepComplete(step: StepDef, answers: Answers): boolean {
  return visibleQuestions(step, answers).every((question) => {
    const v = answers[question.key];
    if (!question.required) return true;
    if (v === undefined || v === null || v === "") return false;
    return !Array.isArray(v) || v.length > 0;
  });
}

/** BMI from height (inches) and weight (pounds), one decimal; null when either is missing. */
export function bmi(answers: Answers): number | null {
  const h = Number(answers.heightInches);
  const w = Number(answers.weightLb);
  if (!h || !w || !Number.isFinite(h) || !Number.isFinite(w)) return null;
  return Math.round((703 * w * 10) / (h * h)) / 10;
}

/** Whole years between a yyyy-MM-dd birth date and `today`. */
export function ageOn(dateOfBirth: string, today: Date): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  let age = today.getUTCFullYear() - y;
  if (today.getUTCMonth() + 1 < mo || (today.getUTCMonth() + 1 === mo && today.getUTCDate() < d)) age -= 1;
  return age;
}

export type RawAnswers = Record<string, string | string[] | undefined>;

/**
 * Validates one step's form values against its questions with the answers saved so far (branching reads both): the
 * parsed answers of the step's visible questions, or the field errors (field → codes). Image answers are upload ids
 * (checked by the caller against the patient's uploads) and plan answers variant ids (checked against the catalogue).
 */
export function parseStep(step: StepDef, raw: RawAnswers, saved: Answers, today = new Date()): { answers: Answers; errors: FieldCodes | null } {
  const errors: FieldCodes = {};
  const answers: Answers = {};
  const fail = (key: string, code: string, params?: Record<string, number | string>) => (errors[key] ??= []).push(params ? { code, params } : { code });
  const one = (key: string): string => {
    const v = raw[key];
    return (Array.isArray(v) ? (v[0] ?? "") : (v ?? "")).trim();
  };
  // Branches inside the step read this step's own answers as they are being sent.
  const current: Answers = { ...saved };
  for (const question of step.questions) {
    if (question.type === "multi") current[question.key] = [raw[question.key] ?? []].flat().filter(Boolean);
    else if (question.type === "yesNo") current[question.key] = one(question.key) === "yes" ? true : one(question.key) === "no" ? false : undefined;
    else current[question.key] = one(question.key);
  }
  for (const question of visibleQuestions(step, current)) {
    const { key } = question;
    const value = one(key);
    switch (question.type) {
      case "text": {
        if (!value) { if (question.required) fail(key, V.required); break; }
        const max = question.max ?? INTAKE_TEXT_MAX;
        if (value.length > max) fail(key, V.maxLength, { max });
        else answers[key] = value;
        break;
      }
      case "number":
      case "weight": {
        if (!value) { if (question.required) fail(key, V.required); break; }
        const n = Number(value);
        if (!/^\d+(\.\d+)?$/.test(value) || !Number.isFinite(n) || (question.min !== undefined && n < question.min) || (question.max !== undefined && n > question.max)) {
          fail(key, "validation.intake.range", { min: question.min ?? 0, max: question.max ?? 0 });
        } else answers[key] = n;
        break;
      }
      case "height": {
        const ft = one(`${key}Ft`);
        const inch = one(`${key}In`) || "0";
        if (!ft) { if (question.required) fail(key, V.required); break; }
        const total = Number(ft) * 12 + Number(inch);
        if (!/^\d{1,2}$/.test(ft) || !/^\d{1,2}(\.\d)?$/.test(inch) || Number(inch) >= 12 || total < (question.min ?? 0) || total > (question.max ?? Infinity)) {
          fail(key, "validation.intake.height", { min: question.min ?? 0, max: question.max ?? 0 });
        } else answers[key] = total;
        break;
      }
      case "date": {
        if (!value) { if (question.required) fail(key, V.required); break; }
        const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
        const d = m ? new Date(`${value}T00:00:00Z`) : null;
        if (!m || !d || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value) fail(key, V.dobInvalid);
        else if (d.getTime() > today.getTime()) fail(key, V.dobFuture);
        else if (today.getUTCFullYear() - d.getUTCFullYear() > 120) fail(key, V.dobTooOld);
        else answers[key] = value;
        break;
      }
      case "single": {
        if (!value) { if (question.required) fail(key, V.required); break; }
        if (!question.options?.includes(value)) fail(key, V.invalid);
        else answers[key] = value;
        break;
      }
      case "state": {
        if (!value) { if (question.required) fail(key, V.required); break; }
        if (!(US_STATE_CODES as readonly string[]).includes(value)) fail(key, V.state);
        else answers[key] = value;
        break;
      }
      case "yesNo": {
        if (value !== "yes" && value !== "no") { if (value || question.required) fail(key, value ? V.invalid : V.required); break; }
        answers[key] = value === "yes";
        break;
      }
      case "multi": {
        const list = [...new Set(current[key] as string[])];
        if (list.length === 0) { if (question.required) fail(key, "validation.atLeastOne"); break; }
        if (list.some((v) => !question.options?.includes(v))) fail(key, V.invalid);
        else if (list.includes("none") && list.length > 1) fail(key, "validation.intake.noneAlone");
        else answers[key] = list;
        break;
      }
      case "image": {
        // The picture was uploaded on its own; the step keeps the saved upload id (a new one arrives as the value).
        const id = value ? Number(value) : Number(saved[key]);
        if (!Number.isInteger(id) || id <= 0) { if (question.required) fail(key, "validation.intake.imageRequired"); break; }
        answers[key] = id;
        break;
      }
      case "plan": {
        const id = Number(value);
        if (!value || !Number.isInteger(id) || id <= 0) { fail(key, "validation.intake.planRequired"); break; }
        answers[key] = id;
        break;
      }
    }
  }
  return { answers, errors: Object.keys(errors).length ? errors : null };
}

/** The keys of every question of a step (to drop the answers of hidden ones when it is saved). */
export const stepKeys = (step: StepDef) => step.questions.map((question) => question.key);
