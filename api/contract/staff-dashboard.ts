/**
 * GET /api/v1/staff/dashboard (ours; issue 19): the figures of the caller's dashboard, one call. Which panels a role
 * gets and the decisions: ./staff-dashboard-rules.ts; how each is counted (indexes, caps): api/domain/staff-dashboard.ts.
 * A panel the role does not get is absent. Counts are capped at DASHBOARD_COUNT_CAP (`capped` says so).
 */
import { z } from "zod";
import { TASK_STATUS_STRING_VALUES, type TaskStatusString } from "./enums.ts";

const capped = z.object({ count: z.number().int(), capped: z.boolean() });
export type CappedCount = z.infer<typeof capped>;

const weekFigures = z.object({
  /** Reviews decided in the week (approved, declined, cancelled: reviewed_at set). */
  count: z.number().int(),
  /** Hours from the intake submitted (the treatment created) to its review: median and 90th percentile; null without reviews. */
  medianHours: z.number().nullable(),
  p90Hours: z.number().nullable(),
});

export const staffDashboardSchema = z.object({
  generatedAt: z.string(),
  tasks: z
    .object({
      byStatus: z.array(z.object({ status: z.enum(TASK_STATUS_STRING_VALUES as [TaskStatusString, ...TaskStatusString[]]), count: z.number().int(), capped: z.boolean() })),
    })
    .optional(),
  /** Unread chats assigned to the caller and their unread messages, over at most CAP + 1 chats (`capped`). */
  chats: z.object({ chats: z.number().int(), messages: z.number().int(), capped: z.boolean() }).optional(),
  reviews: capped
    .extend({
      oldest: z.array(
        z.object({
          treatmentId: z.number().int(),
          patientId: z.number().int(),
          patientName: z.string(),
          sectionType: z.number().int(),
          submittedAt: z.string(),
          /** submittedAt + the 48-hour promise. */
          dueAt: z.string(),
        }),
      ),
    })
    .optional(),
  pastDue: capped.optional(),
  renewalsBlocked: capped.optional(),
  shipmentsOnHold: capped.optional(),
  uploadsToReview: capped.optional(),
  workload: z
    .object({
      providers: z.array(z.object({ id: z.number().int(), fullName: z.string(), openReviews: z.number().int(), pastDue: z.number().int(), capped: z.boolean() })),
      unassigned: capped,
    })
    .optional(),
  turnaround: z
    .object({
      /** Start of this week (Sunday 00:00 Pacific) as an instant. */
      weekStart: z.string(),
      thisWeek: weekFigures,
      lastWeek: weekFigures,
    })
    .optional(),
});
export type StaffDashboard = z.infer<typeof staffDashboardSchema>;
