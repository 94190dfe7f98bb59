/**
 * The intake's fixed forms (app/lib/intake.server.ts parses them with parse-form.server): starting a journey (the
 * kind) and submitting the intake. A step's own fields are the questionnaire's, sent by the API and validated there
 * (api/domain/intake/questionnaires.ts), so they have no schema here. Server only (zod).
 */
import { z } from "zod";
import { startJourneySchema } from "../../../api/contract/intake.ts";

export const startJourneyFormSchema = z.object({ intent: z.literal("start"), sectionType: startJourneySchema.shape.sectionType });
export const submitIntakeFormSchema = z.object({ intent: z.literal("submit") });
