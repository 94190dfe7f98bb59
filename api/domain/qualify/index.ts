/**
 * The qualify step of an intake submission behind one interface (issue 15): is this patient eligible for the
 * treatment they asked for? Chosen by configuration (QUALIFY_PROVIDER):
 *  - `local` (default): our own rules, api/domain/intake/eligibility.ts;
 *  - `http`: an external qualify service at QUALIFY_URL, sent the facts the rules need — age, BMI, state, the
 *    contraindication questions answered yes, the product's excluded states; never names, dates or free text —
 *    and answering `{ outcome: "eligible" | "denied" | "unavailable", reason?, reviewFlags? }`.
 * An external service that cannot be reached fails the submission with 502 `qualify.connectionError` ('Error while
 * connecting to Qualify service'); one that answers with an error (or nonsense) with 503 `qualify.unavailable`
 * ('Qualify service is unavailable now'). Nothing is changed then: the patient can submit again later.
 */
import { eligibility, contraindicationsOf, type Eligibility, type EligibilityInput, type DenialReason } from "../intake/eligibility.ts";
import { ageOn, bmi } from "../intake/questionnaires.ts";

export type QualifySettings = { qualifyProvider: "local" | "http"; qualifyUrl: string | undefined };

export interface Qualifier {
  readonly name: "local" | "http";
  check(input: EligibilityInput): Promise<Eligibility>;
}

export class QualifyError extends Error {
  constructor(readonly kind: "connection" | "unavailable") {
    super(kind);
  }
}

export const localQualifier: Qualifier = { name: "local", check: (input) => Promise.resolve(eligibility(input)) };

const REASONS: readonly DenialReason[] = ["underage", "contraindication", "bmi"];

/** The external service: a JSON POST, 5 seconds at most. */
export function httpQualifier(url: string, fetchImpl: typeof fetch = fetch): Qualifier {
  return {
    name: "http",
    async check(input) {
      const { answers } = input;
      const found = contraindicationsOf(input.sectionType, answers);
      const payload = {
        sectionType: input.sectionType,
        age: typeof answers.dateOfBirth === "string" ? ageOn(answers.dateOfBirth, input.today ?? new Date()) : null,
        bmi: bmi(answers),
        state: typeof answers.stateOfResidence === "string" ? answers.stateOfResidence : null,
        contraindications: [...found.disqualify, ...found.review],
        excludedStates: input.excludedStates,
      };
      let res: Response;
      try {
        res = await fetchImpl(url, { method: "POST", headers: { "content-type": "application/json", accept: "application/json" }, body: JSON.stringify(payload), signal: AbortSignal.timeout(5000) });
      } catch {
        throw new QualifyError("connection");
      }
      if (!res.ok) throw new QualifyError("unavailable");
      let body: unknown;
      try {
        body = await res.json();
      } catch {
        throw new QualifyError("unavailable");
      }
      const b = (body ?? {}) as { outcome?: unknown; reason?: unknown; reviewFlags?: unknown };
      if (b.outcome === "eligible") return { outcome: "eligible", reviewFlags: Array.isArray(b.reviewFlags) ? b.reviewFlags.filter((f): f is string => typeof f === "string").slice(0, 20) : found.review };
      if (b.outcome === "denied") return { outcome: "denied", code: "intake.denied", reason: REASONS.includes(b.reason as DenialReason) ? (b.reason as DenialReason) : "contraindication" };
      if (b.outcome === "unavailable") return { outcome: "unavailable", code: "intake.productUnavailable" };
      throw new QualifyError("unavailable");
    },
  };
}

export function qualifierOf(settings: QualifySettings): Qualifier {
  if (settings.qualifyProvider === "http" && settings.qualifyUrl) return httpQualifier(settings.qualifyUrl);
  return localQualifier;
}
