import { describe, expect, it } from "vitest";
import { ANSWER_TYPES, ID_IMAGE_KEYS, REVIEW_STEP } from "../../contract/intake-rules.ts";
import { SERVICE_SECTION_VALUES } from "../../contract/enums.ts";
import { INTAKE_QUESTIONS } from "../../contract/review-rules.ts";
import { httpQualifier, localQualifier, QualifyError, qualifierOf } from "../qualify/index.ts";
import { contraindicationsOf, eligibility } from "./eligibility.ts";
import { JOURNEY_ACTIONS, canEdit, journeyTransition } from "./journey-status.ts";
import { JOURNEY_STATUSES } from "../../contract/intake-rules.ts";
import { QUESTIONNAIRES, ageOn, bmi, firstIncompleteStep, parseStep, questionnaireOf, stepOf, visibleSteps, type Answers } from "./questionnaires.ts";

const TODAY = new Date("2026-06-15T12:00:00Z");

/** A complete, eligible weight-loss intake. */
const WL: Answers = {
  firstName: "Ana", lastName: "Ruiz", dateOfBirth: "1990-01-01", sex: "female", stateOfResidence: "CA",
  heightInches: 65, weightLb: 200, goalWeightLb: 160, conditions: ["none"], takesMedications: false, hasAllergies: false,
  pregnant: false, breastfeeding: false, thyroidCancerHistory: false, pancreatitisHistory: false, eatingDisorder: false, insulinUse: false,
  goal: "lose20", idPhoto: 1, selfie: 2, hasInsurance: false, variantId: 10,
};

describe("the questionnaire definitions are well-formed", () => {
  for (const sectionType of SERVICE_SECTION_VALUES) {
    const qn = questionnaireOf(sectionType);
    it(`journey ${sectionType}: unique keys, known types, branches to earlier questions, options where needed, review last`, () => {
      expect(qn.sectionType).toBe(sectionType);
      const stepKeys = qn.steps.map((s) => s.key);
      expect(new Set(stepKeys).size).toBe(stepKeys.length);
      expect(stepKeys.at(-1)).toBe(REVIEW_STEP);
      expect(stepKeys[0]).toBe("about");
      expect(stepKeys.at(-2)).toBe("plan");
      const seen = new Map<string, { type: string; options?: readonly string[] }>();
      for (const step of qn.steps) {
        // A step's branch reads a question of an earlier step.
        if (step.showIf) expect(seen.has(step.showIf.question), `${step.key} branches on ${step.showIf.question}`).toBe(true);
        for (const q of step.questions) {
          expect(seen.has(q.key), `${q.key} twice`).toBe(false);
          expect(ANSWER_TYPES).toContain(q.type);
          if (q.type === "single" || q.type === "multi") expect(q.options?.length).toBeGreaterThan(1);
          if (q.type === "image") expect(ID_IMAGE_KEYS).toContain(q.image);
          if (q.contraindication) expect(q.type).toBe("yesNo");
          if (q.showIf) {
            // A question's branch reads an earlier question (of this step or before) and one of its possible answers.
            const target = seen.get(q.showIf.question) ?? step.questions.find((o) => o.key === q.showIf!.question);
            expect(target, `${q.key} branches on ${q.showIf.question}`).toBeDefined();
            const possible = target!.type === "yesNo" ? ["yes", "no"] : (target!.options ?? []);
            for (const v of q.showIf.equals) expect(possible).toContain(v);
          }
          seen.set(q.key, q);
        }
      }
      for (const step of qn.steps) if (step.showIf) {
        const target = seen.get(step.showIf.question)!;
        for (const v of step.showIf.equals) expect(target.options ?? ["yes", "no"]).toContain(v);
      }
      expect(seen.get("dateOfBirth")?.type).toBe("date");
      expect(seen.get("stateOfResidence")?.type).toBe("state");
      expect(seen.get("variantId")?.type).toBe("plan");
      expect([...seen.values()].some((q) => q.type === "image")).toBe(true);
    });

    it(`journey ${sectionType}: every step is reachable (some answers show it)`, () => {
      for (const step of qn.steps) {
        if (!step.showIf) continue;
        const answers = { [step.showIf.question]: [step.showIf.equals[0]] };
        expect(visibleSteps(qn, answers).map((s) => s.key)).toContain(step.key);
      }
    });
  }

  it("uses the answer keys the staff review already shows, where they mean the same", () => {
    const keys = new Set(Object.values(QUESTIONNAIRES).flatMap((qn) => qn.steps.flatMap((s) => s.questions.map((q) => q.key))));
    for (const key of ["heightInches", "weightLb", "goalWeightLb", "conditions", "currentMedications", "allergies", "pregnant", "thyroidCancerHistory", "pancreatitisHistory", "takesNitrates", "recentCardiacEvent", "hairLossPattern"]) {
      expect(INTAKE_QUESTIONS as readonly string[]).toContain(key);
      expect(keys.has(key)).toBe(true);
    }
  });
});

describe("parsing a step", () => {
  const wl = questionnaireOf(1);
  it("turns form strings into typed answers", () => {
    const { answers, errors } = parseStep(stepOf(wl, "body")!, { heightInchesFt: "5", heightInchesIn: "6", weightLb: "180.5", goalWeightLb: "150" }, {}, TODAY);
    expect(errors).toBeNull();
    expect(answers).toEqual({ heightInches: 66, weightLb: 180.5, goalWeightLb: 150 });
    expect(bmi(answers)).toBe(29.1);
  });
  it("names each bad field with its message code", () => {
    const { errors } = parseStep(stepOf(wl, "about")!, { firstName: "x".repeat(101), lastName: "", dateOfBirth: "1990-02-30", sex: "female", stateOfResidence: "CA" }, {}, TODAY);
    expect(errors).toEqual({ firstName: [{ code: "validation.maxLength", params: { max: 100 } }], lastName: [{ code: "validation.required" }], dateOfBirth: [{ code: "validation.dateOfBirth.invalid" }] });
  });
  it("asks a woman about pregnancy and not a man", () => {
    const step = stepOf(wl, "contraindications")!;
    const base = { thyroidCancerHistory: "no", pancreatitisHistory: "no", eatingDisorder: "no", insulinUse: "no" };
    expect(parseStep(step, base, { sex: "male" }, TODAY).errors).toBeNull();
    expect(Object.keys(parseStep(step, base, { sex: "female" }, TODAY).errors ?? {})).toEqual(["pregnant", "breastfeeding"]);
  });
  it("a plan must be selected", () => {
    expect(parseStep(stepOf(wl, "plan")!, {}, {}, TODAY).errors).toEqual({ variantId: [{ code: "validation.intake.planRequired" }] });
  });
  it("the current step is the first one not answered", () => {
    expect(firstIncompleteStep(wl, {})).toBe("about");
    expect(firstIncompleteStep(wl, WL)).toBe(REVIEW_STEP);
    expect(firstIncompleteStep(wl, { ...WL, hasInsurance: true })).toBe("identification");
    expect(firstIncompleteStep(wl, { ...WL, insuranceFront: 3, insuranceBack: 4, hasInsurance: true })).toBe(REVIEW_STEP);
  });
});

describe("eligibility", () => {
  const excludedStates: string[] = [];
  it("an eligible intake passes", () => {
    expect(eligibility({ sectionType: 1, answers: WL, excludedStates, today: TODAY })).toEqual({ outcome: "eligible", reviewFlags: [] });
  });
  it("age: under 18 is denied, 18 on the birthday is not", () => {
    expect(ageOn("2008-06-15", TODAY)).toBe(18);
    expect(ageOn("2008-06-16", TODAY)).toBe(17);
    expect(eligibility({ sectionType: 1, answers: { ...WL, dateOfBirth: "2008-06-16" }, excludedStates, today: TODAY })).toMatchObject({ outcome: "denied", code: "intake.denied", reason: "underage" });
    expect(eligibility({ sectionType: 1, answers: { ...WL, dateOfBirth: "2008-06-15" }, excludedStates, today: TODAY }).outcome).toBe("eligible");
  });
  it("BMI bounds of weight loss: 27 to 70", () => {
    // 65 in: 162 lb → BMI 27.0; 161 lb → 26.8; 420 lb → 69.9; 425 lb → 70.7
    expect(eligibility({ sectionType: 1, answers: { ...WL, weightLb: 162 }, excludedStates, today: TODAY }).outcome).toBe("eligible");
    expect(eligibility({ sectionType: 1, answers: { ...WL, weightLb: 161 }, excludedStates, today: TODAY })).toMatchObject({ outcome: "denied", reason: "bmi" });
    expect(eligibility({ sectionType: 1, answers: { ...WL, weightLb: 420 }, excludedStates, today: TODAY }).outcome).toBe("eligible");
    expect(eligibility({ sectionType: 1, answers: { ...WL, weightLb: 425 }, excludedStates, today: TODAY })).toMatchObject({ outcome: "denied", reason: "bmi" });
    // Haircare has no BMI range.
    expect(eligibility({ sectionType: 4, answers: { ...WL, weightLb: 100 }, excludedStates, today: TODAY }).outcome).toBe("eligible");
  });
  it("contraindications: a disqualifying yes denies, a review yes passes with a flag, a hidden question does not count", () => {
    expect(eligibility({ sectionType: 1, answers: { ...WL, pancreatitisHistory: true }, excludedStates, today: TODAY })).toMatchObject({ outcome: "denied", reason: "contraindication" });
    expect(eligibility({ sectionType: 1, answers: { ...WL, eatingDisorder: true, insulinUse: true }, excludedStates, today: TODAY })).toEqual({ outcome: "eligible", reviewFlags: ["eatingDisorder", "insulinUse"] });
    expect(contraindicationsOf(1, { ...WL, sex: "male", pregnant: true }).disqualify).toEqual([]);
    expect(contraindicationsOf(1, { ...WL, pregnant: true }).disqualify).toEqual(["pregnant"]);
    // Sexual wellness: the heart step only with a heart condition.
    expect(contraindicationsOf(2, { conditions: ["none"], recentCardiacEvent: true }).disqualify).toEqual([]);
    expect(contraindicationsOf(2, { conditions: ["heartCondition"], recentCardiacEvent: true }).disqualify).toEqual(["recentCardiacEvent"]);
  });
  it("state availability: a product excluded in the patient's state is unavailable (not a denial)", () => {
    expect(eligibility({ sectionType: 1, answers: { ...WL, stateOfResidence: "LA" }, excludedStates: ["LA"], today: TODAY })).toEqual({ outcome: "unavailable", code: "intake.productUnavailable" });
    expect(eligibility({ sectionType: 1, answers: WL, excludedStates: ["LA"], today: TODAY }).outcome).toBe("eligible");
  });
});

describe("the journey's status machine", () => {
  it("allows submit, deny and cancel from in_progress only", () => {
    for (const from of JOURNEY_STATUSES) {
      for (const action of JOURNEY_ACTIONS) {
        const to = journeyTransition(from, action);
        if (from === "in_progress") expect(to).toBe({ submit: "submitted", deny: "denied", cancel: "cancelled" }[action]);
        else expect(to, `${from} --${action}`).toBeNull();
      }
      expect(canEdit(from)).toBe(from === "in_progress");
    }
  });
});

describe("the qualify adapter", () => {
  const input = { sectionType: 1, answers: WL, excludedStates: [], today: TODAY };
  const fakeFetch = (answer: () => Promise<Response>) => (async () => answer()) as unknown as typeof fetch;

  it("is our own rules by default, the external service when configured", async () => {
    expect(qualifierOf({ qualifyProvider: "local", qualifyUrl: undefined }).name).toBe("local");
    expect(qualifierOf({ qualifyProvider: "http", qualifyUrl: "http://qualify.test/check" }).name).toBe("http");
    expect(await localQualifier.check(input)).toEqual({ outcome: "eligible", reviewFlags: [] });
  });

  it("sends facts, not names or dates, and reads the service's decision", async () => {
    let sent: Record<string, unknown> = {};
    const q = httpQualifier("http://qualify.test/check", (async (_url: string, init: RequestInit) => {
      sent = JSON.parse(String(init.body)) as Record<string, unknown>;
      return new Response(JSON.stringify({ outcome: "denied", reason: "bmi" }), { status: 200 });
    }) as unknown as typeof fetch);
    expect(await q.check(input)).toEqual({ outcome: "denied", code: "intake.denied", reason: "bmi" });
    expect(sent).toEqual({ sectionType: 1, age: 36, bmi: 33.3, state: "CA", contraindications: [], excludedStates: [] });
  });

  it("unreachable: 'Error while connecting to Qualify service'; failing: 'Qualify service is unavailable now'", async () => {
    const down = httpQualifier("http://qualify.test/check", fakeFetch(() => Promise.reject(new TypeError("fetch failed"))));
    await expect(down.check(input)).rejects.toEqual(new QualifyError("connection"));
    const failing = httpQualifier("http://qualify.test/check", fakeFetch(() => Promise.resolve(new Response("busy", { status: 503 }))));
    await expect(failing.check(input)).rejects.toMatchObject({ kind: "unavailable" });
    const nonsense = httpQualifier("http://qualify.test/check", fakeFetch(() => Promise.resolve(new Response(JSON.stringify({ outcome: "maybe" })))));
    await expect(nonsense.check(input)).rejects.toMatchObject({ kind: "unavailable" });
  });
});
