/**
 * Check-ins (issue 14/15; spec §3 Check-in form: date requested, date completed, questions and answers; §4 approval:
 * approved, pending, declined). The plain rules the browser may import (no zod): the weight-loss questionnaire as data,
 * the approval states, who may do what, limits. The schemas are in ./check-ins.ts; the state machine and the answers'
 * validation in api/domain/check-ins.ts.
 *
 * Roles (decision, from spec §6: the clinical decisions are the clinicians' and the nursing team's, support only reads):
 *  - review (approve / decline) and request a check-in: providers, providerUsers, medicalSupport, medicalSupportManagers;
 *  - read a patient's check-ins: every staff role (customer support answers the patient's questions about them);
 *  - the pending queue: the reviewers;
 *  - a patient reads and answers only their own (another patient's check-in answers 404, like an unknown id).
 */
import { STAFF_ROLES } from "./roles.ts";
import { messageWithParams } from "./rules.ts";

export const CHECK_IN_APPROVALS = ["pending", "approved", "declined"] as const;
export type CheckInApproval = (typeof CHECK_IN_APPROVALS)[number];

/** The check-in's displayed status: requested (to answer), answered (waiting for review), approved, declined. */
export const CHECK_IN_STATUSES = ["requested", "answered", "approved", "declined"] as const;
export type CheckInStatus = (typeof CHECK_IN_STATUSES)[number];

export function checkInStatus(row: { completedAt: string | Date | null; approval: CheckInApproval }): CheckInStatus {
  if (row.approval !== "pending") return row.approval;
  return row.completedAt ? "answered" : "requested";
}

export const CHECK_IN_REVIEWER_ROLES = ["providers", "providerUsers", "medicalSupport", "medicalSupportManagers"] as const;
/** Every staff role reads a patient's check-ins (support answers questions about them). */
export const CHECK_IN_READER_ROLES = STAFF_ROLES;

/** The side effects a patient may report (spec: GLP-1 therapy's common ones); "none" stands alone. */
export const SIDE_EFFECTS = ["none", "nausea", "vomiting", "diarrhea", "constipation", "heartburn", "headache", "fatigue", "injectionSite", "other"] as const;
export type SideEffect = (typeof SIDE_EFFECTS)[number];

export const DOSE_SATISFACTION = ["verySatisfied", "satisfied", "neutral", "unsatisfied", "veryUnsatisfied"] as const;
export type DoseSatisfaction = (typeof DOSE_SATISFACTION)[number];

export const YES_NO = ["yes", "no"] as const;

export const CHECK_IN_LIMITS = {
  weightMin: 50,
  weightMax: 1000,
  text: 2000,
  reviewNote: 2000,
  /** The due date a reviewer may set: today … a year ahead. */
  dueMaxDays: 365,
} as const;

/** Answer types of the questionnaire. */
export type CheckInQuestionType = "weightLb" | "multiChoice" | "singleChoice" | "yesNo" | "text";
export type CheckInQuestion = {
  key: string;
  type: CheckInQuestionType;
  required: boolean;
  /** The choices (multiChoice, singleChoice); their labels are checkIns:questions.<key>.options.<choice>. */
  options?: readonly string[];
  /** Shown (and required when `required`) only when the question `when.key` has the answer `when.equals`. */
  when?: { key: string; equals: string };
  max?: number;
};

/**
 * The weight-loss check-in questionnaire (labels: locales/<lng>/checkIns.json questions.<key>). A check-in stores the
 * questions it asked (key and type) with its answers, so a later change of this list does not change an old one.
 */
export const WEIGHT_LOSS_CHECK_IN: readonly CheckInQuestion[] = [
  { key: "currentWeightLb", type: "weightLb", required: true },
  { key: "sideEffects", type: "multiChoice", required: true, options: SIDE_EFFECTS },
  { key: "sideEffectsDetail", type: "text", required: false, max: CHECK_IN_LIMITS.text },
  { key: "doseSatisfaction", type: "singleChoice", required: true, options: DOSE_SATISFACTION },
  { key: "newMedications", type: "yesNo", required: true, options: YES_NO },
  { key: "newMedicationsDetail", type: "text", required: true, when: { key: "newMedications", equals: "yes" }, max: CHECK_IN_LIMITS.text },
  { key: "forProvider", type: "text", required: false, max: CHECK_IN_LIMITS.text },
];

export const CHECK_IN_QUESTION_KEYS = WEIGHT_LOSS_CHECK_IN.map((q) => q.key);

/** Validation message keys of these forms (locales/<lng>/validation.json). */
export const CHECK_IN_V = {
  weight: "validation.checkInWeight",
  noneAlone: "validation.checkInNoneAlone",
  declineNote: "validation.checkInDeclineNote",
  dueDate: "validation.checkInDueDate",
} as const;

export type CheckInAnswerValue = string | number | string[];
export type CheckInAnswers = Record<string, CheckInAnswerValue>;

const REQUIRED = "validation.required";
const INVALID = "validation.invalid";
const maxLength = (max: number) => messageWithParams("validation.maxLength", { max });

const asList = (v: unknown): string[] => (v === undefined || v === null ? [] : (Array.isArray(v) ? v : [v]).map((x) => String(x).trim()).filter((x) => x !== ""));
const asText = (v: unknown): string => (v === undefined || v === null ? "" : Array.isArray(v) ? String(v[0] ?? "").trim() : String(v).trim());

/**
 * Checks a patient's answers against a questionnaire (a form's strings or JSON values): the answers kept (only the
 * questionnaire's keys; a conditional question only when its condition holds) and each field's message keys.
 */
export function validateCheckInAnswers(
  raw: Record<string, unknown>,
  questions: readonly CheckInQuestion[] = WEIGHT_LOSS_CHECK_IN,
): { answers: CheckInAnswers; errors: Record<string, string[]> } {
  const answers: CheckInAnswers = {};
  const errors: Record<string, string[]> = {};
  const fail = (key: string, message: string) => (errors[key] = [message]);
  for (const q of questions) {
    if (q.when && asText(raw[q.when.key]) !== q.when.equals) continue;
    const value = raw[q.key];
    switch (q.type) {
      case "weightLb": {
        const text = asText(value);
        if (!text) {
          if (q.required) fail(q.key, REQUIRED);
          break;
        }
        const n = Number(text);
        if (!Number.isFinite(n)) fail(q.key, INVALID);
        else if (n < CHECK_IN_LIMITS.weightMin || n > CHECK_IN_LIMITS.weightMax) fail(q.key, CHECK_IN_V.weight);
        else answers[q.key] = Math.round(n * 10) / 10;
        break;
      }
      case "multiChoice": {
        const list = [...new Set(asList(value))];
        if (!list.length) {
          if (q.required) fail(q.key, REQUIRED);
          break;
        }
        if (list.some((x) => !q.options?.includes(x))) fail(q.key, INVALID);
        else if (list.includes("none") && list.length > 1) fail(q.key, CHECK_IN_V.noneAlone);
        else answers[q.key] = (q.options ?? []).filter((o) => list.includes(o));
        break;
      }
      case "singleChoice":
      case "yesNo": {
        const text = asText(value);
        if (!text) {
          if (q.required) fail(q.key, REQUIRED);
        } else if (!q.options?.includes(text)) fail(q.key, INVALID);
        else answers[q.key] = text;
        break;
      }
      case "text": {
        const text = asText(value);
        if (!text) {
          if (q.required) fail(q.key, REQUIRED);
        } else if (text.length > (q.max ?? CHECK_IN_LIMITS.text)) fail(q.key, maxLength(q.max ?? CHECK_IN_LIMITS.text));
        else answers[q.key] = text;
        break;
      }
    }
  }
  return { answers, errors };
}
