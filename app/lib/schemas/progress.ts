/**
 * The patient's weight form (app/lib/progress.server.ts parses it with parse-form.server): the contract's rules
 * (api/contract/progress-rules.ts, the same checks as api/contract/progress.ts) on the form's strings. Server only (zod).
 */
import { z } from "zod";
import { measuredOnProblem, roundWeight, weightProblem } from "../../../api/contract/progress-rules.ts";

const checked = (problem: (v: string) => string | null) =>
  z
    .string()
    .default("")
    .transform((v) => v.trim())
    .superRefine((v, ctx) => {
      const message = problem(v);
      if (message) ctx.addIssue({ code: "custom", message });
    });

export const logWeightFormSchema = z.object({
  intent: z.literal("logWeight"),
  weightLb: checked(weightProblem).transform((v) => roundWeight(Number(v))),
  measuredOn: checked((v) => measuredOnProblem(v)),
});
