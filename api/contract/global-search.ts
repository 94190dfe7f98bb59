/**
 * Global search (spec §2 header search box, §3 "Search result", §5, §7 `GET /api/v1/global-search?search`).
 *
 * `data` has three groups, each at most `perGroup` rows (default 5: the header dropdown; the results page asks
 * for 20, the most): `treatments` (patients found by name, ID, phone, email or date of birth, in the §3 "Treatment
 * in search" shape: the patient's latest treatment id, the journeys of their treatments, the patient), `tasks`
 * (by id or title) and `users` (staff, "providers" in the dropdown, by name or email; active only).
 *
 * Decisions:
 * - Only patients the caller may see are found (api/domain/patient-access.ts); a task is found when it has no
 *   patient or a visible one.
 * - `highlight` holds the matched text as HTML where the match is wrapped in `<span class="search-highlight">`
 *   and everything else is escaped, then sanitised to the §5 allow-list (span with a class only) on the server.
 * - The search text is trimmed; empty (or over 100 characters) is a 400 with a field error on `search`.
 *   Patients and tasks match from 2 characters by the START (case-insensitive) of the name or the last name, of
 *   the email, of a task's title; a phone by its END from 4 digits (any format: "555-0123", "(415) 555-0123"); an
 *   ID is digits only (exact); a date of birth is MM/dd/yyyy or yyyy-MM-dd. Staff match by a substring of the
 *   name or email (a few dozen rows). Prefixes, not substrings, so that every case is an index range that stops
 *   after perGroup rows at 1,000,000 patients (issue 13, p95 ≤ 20 ms).
 * - The read is audited once (`search.global`) with the ids of the patients it returned, never the text.
 */
import { z } from "zod";
import { V } from "./rules.ts";
import { userRoleSchema } from "./users.ts";

import { GLOBAL_SEARCH_DROPDOWN, GLOBAL_SEARCH_MAX_LENGTH, GLOBAL_SEARCH_PAGE } from "./global-search-rules.ts";
export * from "./global-search-rules.ts";

export const globalSearchQuerySchema = z.object({
  search: z.string({ error: V.required }).trim().min(1, V.required).max(GLOBAL_SEARCH_MAX_LENGTH, V.maxLength),
  perGroup: z.coerce.number().int().min(1).max(GLOBAL_SEARCH_PAGE).default(GLOBAL_SEARCH_DROPDOWN),
});

const highlightSchema = z.record(z.string(), z.string()).meta({ description: "field → HTML: the match in <span class=\"search-highlight\">, the rest escaped" });

export const searchTreatmentSchema = z.object({
  /** The patient's latest treatment, or null when they have none yet. */
  id: z.number().int().nullable(),
  /** Journey keys of the patient's treatments (ServiceSection keys: WeightLoss, SexualWellness…), for the icons. */
  journeys: z.array(z.string()),
  patient: z.object({
    id: z.number().int(),
    fullName: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    age: z.number().int().nullable(),
    avatar: z.string().nullable(),
  }),
  highlight: highlightSchema,
});
export type SearchTreatment = z.infer<typeof searchTreatmentSchema>;

export const searchTaskSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.number().int(),
  patient: z.object({ id: z.number().int(), fullName: z.string() }).nullable(),
  highlight: highlightSchema,
});
export type SearchTask = z.infer<typeof searchTaskSchema>;

export const searchProviderSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
  roles: z.array(z.object({ handle: userRoleSchema, title: z.string() })),
  highlight: highlightSchema,
});
export type SearchProvider = z.infer<typeof searchProviderSchema>;

export const globalSearchSchema = z.object({
  treatments: z.array(searchTreatmentSchema),
  tasks: z.array(searchTaskSchema),
  users: z.array(searchProviderSchema),
});
export type GlobalSearch = z.infer<typeof globalSearchSchema>;
