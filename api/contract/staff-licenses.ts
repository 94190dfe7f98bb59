/**
 * Staff licenses (issue 19 part B; spec §3 License; §6 "providers manage own licenses"). The spec names the fields,
 * not the calls; designed here:
 *
 * | call | who | request | answer |
 * |---|---|---|---|
 * | GET    /api/v1/staff-licenses/{staffId} | staff: own; managers: any staff | | { owner, licenses (live, by state), doctors } |
 * | POST   /api/v1/staff-licenses/{staffId} | same | { state, licenseType, licenseNumber, expiresOn, collaboratingDoctorId? } | { license } |
 * | PUT    /api/v1/staff-licenses/{staffId}/{id} | same | the same fields | { license } |
 * | DELETE /api/v1/staff-licenses/{staffId}/{id} | same | | { id } |
 *
 * - One table with the clinical review's license-aware rule (staff_licenses, api/domain/licenses.ts): a removed
 *   license is revoked (revoked_at), not deleted, so what a past approval relied on stays on record; the rule and
 *   these lists ignore it.
 * - A date already past is refused (400, field code validation.license.expired): an expired license cannot be
 *   added or set. Each license says its status: expired, expiringSoon (within 30 days; the page flags it) or active.
 * - The collaboration doctor is a medical doctor among the clinicians (providers, providerUsers), not the owner;
 *   `doctors` lists who may be chosen.
 * - Same owner, state, type and number twice: 409 `licenses.duplicate`. Object level as the schedule
 *   (api/contract/schedule.ts): another id answers 404 `schedule.staffNotFound`; another owner's license 404.
 */
import { z } from "zod";
import { V } from "./validation.ts";
import { LICENSE_NUMBER_MAX, LICENSE_STATUSES, LICENSE_TYPES, LICENSE_V, isUsStateCode } from "./license-rules.ts";
import { isIsoDate } from "./schedule-rules.ts";

export * from "./license-rules.ts";

const person = z.object({ id: z.number().int(), fullName: z.string() });

export const licenseRequestSchema = z
  .object({
    state: z
      .string({ error: V.required })
      .trim()
      .min(1, V.required)
      .refine(isUsStateCode, V.state)
      .transform((s) => s.toUpperCase()),
    licenseType: z.enum(LICENSE_TYPES, { error: V.required }),
    licenseNumber: z
      .string({ error: V.required })
      .trim()
      .min(1, V.required)
      .max(LICENSE_NUMBER_MAX, V.maxLength)
      .regex(/^[A-Za-z0-9 ./-]+$/, V.invalid),
    expiresOn: z.string({ error: V.required }).trim().min(1, V.required).refine(isIsoDate, V.invalid),
    collaboratingDoctorId: z.preprocess((v) => (v === "" || v === undefined ? null : v), z.coerce.number({ error: V.invalid }).int(V.invalid).positive(V.invalid).nullable()).default(null),
  })
  .strict();
export type LicenseRequest = z.infer<typeof licenseRequestSchema>;
export { LICENSE_V };

export const licenseSchema = z.object({
  id: z.number().int(),
  owner: person,
  state: z.string(),
  licenseType: z.string(),
  licenseNumber: z.string(),
  expiresOn: z.string(),
  status: z.enum(LICENSE_STATUSES),
  daysLeft: z.number().int().meta({ description: "Days until expiry (negative once expired)" }),
  collaboratingDoctor: person.nullable(),
});
export type License = z.infer<typeof licenseSchema>;

export const licensesSchema = z.object({ owner: person, licenses: z.array(licenseSchema), doctors: z.array(person) });
export type Licenses = z.infer<typeof licensesSchema>;
export const licenseAnswerSchema = z.object({ license: licenseSchema });
export const licenseRemovedSchema = z.object({ id: z.number().int() });
