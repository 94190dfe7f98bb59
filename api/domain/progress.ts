/**
 * The patient's progress (issue 18; contract api/contract/progress.ts, decisions api/contract/progress-rules.ts): one
 * read shared by the patient's page and the staff record's progress tab, and the patient's own weight log.
 */
import { eq, sql } from "drizzle-orm";
import { rows, type Db } from "../db/client.ts";
import { patients, weightEntries } from "../db/schema.ts";
import type { Progress } from "../contract/progress.ts";
import { PROGRESS_LIMITS, bmiOf, roundWeight } from "../contract/progress-rules.ts";
import { milestones } from "./journey-timeline.ts";
import { isoDate } from "./patient-record.ts";

type EntryRow = { id: number; weightLb: number; measuredOn: unknown; source: "intake" | "patient" | "staff" };
type PatientRow = { weightStart: number | null; weightCurrent: number | null; weightGoal: number | null; heightInches: number | null; bmiStart: number | null };

/** The pure part: weights (oldest first) and the patient's figures → the progress answer. */
export function progressOf(weights: Progress["weights"], p: PatientRow | undefined): Progress {
  const weightStart = p?.weightStart ?? weights[0]?.weightLb ?? null;
  const weightCurrent = weights[weights.length - 1]?.weightLb ?? p?.weightCurrent ?? null;
  const weightGoal = p?.weightGoal ?? null;
  const heightInches = p?.heightInches ?? null;
  return {
    weights,
    weightStart,
    weightCurrent,
    weightGoal,
    heightInches,
    bmiStart: bmiOf(heightInches, weightStart) ?? p?.bmiStart ?? null,
    bmiCurrent: bmiOf(heightInches, weightCurrent),
    lostLb: weightStart !== null && weightCurrent !== null ? roundWeight(weightStart - weightCurrent) : null,
    milestones: milestones(weightStart, weightGoal, weights),
  };
}

/** A patient's progress: their newest weights (at most historyMax), oldest first, with their figures. */
export async function loadProgress(db: Db, patientId: number): Promise<Progress> {
  const [entries, [p]] = await Promise.all([
    rows<EntryRow>(
      db,
      sql`SELECT * FROM (SELECT id, weight_lb AS "weightLb", measured_on AS "measuredOn", source FROM weight_entries
        WHERE patient_id = ${patientId} ORDER BY measured_on DESC, id DESC LIMIT ${PROGRESS_LIMITS.historyMax}) w ORDER BY "measuredOn", id`,
    ),
    rows<PatientRow>(
      db,
      sql`SELECT weight_start AS "weightStart", weight_current AS "weightCurrent", weight_goal AS "weightGoal", height_inches AS "heightInches",
        bmi_start AS "bmiStart" FROM patients WHERE user_id = ${patientId}`,
    ),
  ]);
  return progressOf(
    entries.map((e) => ({ ...e, measuredOn: isoDate(e.measuredOn)! })),
    p,
  );
}

/**
 * Logs a weight the patient measured (source "patient") and, when it is now the newest by date, makes it the
 * patient's current weight and BMI (the start weight too when none was recorded). In the caller's transaction.
 */
export async function logWeight(tx: Db, patientId: number, weightLb: number, measuredOn: string): Promise<number> {
  const [entry] = await tx.insert(weightEntries).values({ patientId, weightLb, measuredOn, source: "patient" }).returning({ id: weightEntries.id });
  const [newest] = await rows<{ id: number; weightLb: number }>(
    tx,
    sql`SELECT id, weight_lb AS "weightLb" FROM weight_entries WHERE patient_id = ${patientId} ORDER BY measured_on DESC, id DESC LIMIT 1`,
  );
  if (newest?.id === entry!.id) {
    const [p] = await tx.select({ heightInches: patients.heightInches, weightStart: patients.weightStart }).from(patients).where(eq(patients.userId, patientId)).limit(1);
    if (p) {
      await tx
        .update(patients)
        .set({
          weightCurrent: weightLb,
          bmiCurrent: bmiOf(p.heightInches, weightLb),
          ...(p.weightStart === null ? { weightStart: weightLb, bmiStart: bmiOf(p.heightInches, weightLb) } : {}),
          updatedAt: new Date(),
        })
        .where(eq(patients.userId, patientId));
    }
  }
  return entry!.id;
}
