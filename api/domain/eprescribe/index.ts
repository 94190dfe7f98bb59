/**
 * The e-prescribing provider (ARCHITECTURE §4 "Adapters with working local defaults"): an interface and its two
 * adapters, picked by the environment.
 *
 *  - local (the default): the prescription is recorded in our database (table prescriptions) and the web renders a
 *    printable prescription page; `ssoUrl` is null.
 *  - dosespot (EPRESCRIBE_PROVIDER=dosespot): a DoseSpot-style service. The prescription is still recorded here
 *    (history, audit, the patient record) and the clinician finishes it in the service's own screens, opened by
 *    single sign-on: `ssoUrl` fills DOSESPOT_SSO_URL_TEMPLATE ({patientId}, {clinicianId}, {treatmentId}; or the
 *    patient's own prescribing URL, Patient.doseSpotUrl, when the template is not set).
 *    Without a template and without a patient URL the adapter is "not configured" and the /dosespot step says so.
 */
import type { EprescribeProviderName } from "../../contract/clinical-review-rules.ts";

export type PrescribingContext = { patientId: number; clinicianId: number; treatmentId: number; patientDoseSpotUrl: string | null };

export interface EprescribeProvider {
  readonly name: EprescribeProviderName;
  /** The single sign-on URL of the external prescribing screens for this patient, or null (local, or not configured). */
  ssoUrl(ctx: PrescribingContext): string | null;
  /** Whether the adapter can open an external screen at all (dosespot with a template or a patient URL). */
  configured(ctx: PrescribingContext): boolean;
}

export const localProvider: EprescribeProvider = {
  name: "local",
  ssoUrl: () => null,
  configured: () => true,
};

const SAFE_URL = /^https:\/\/[^\s"'<>]+$/i;

export function doseSpotProvider(template: string | undefined): EprescribeProvider {
  const fill = (ctx: PrescribingContext): string | null => {
    if (template) {
      const url = template
        .replaceAll("{patientId}", encodeURIComponent(String(ctx.patientId)))
        .replaceAll("{clinicianId}", encodeURIComponent(String(ctx.clinicianId)))
        .replaceAll("{treatmentId}", encodeURIComponent(String(ctx.treatmentId)));
      return SAFE_URL.test(url) ? url : null;
    }
    return ctx.patientDoseSpotUrl && SAFE_URL.test(ctx.patientDoseSpotUrl) ? ctx.patientDoseSpotUrl : null;
  };
  return { name: "dosespot", ssoUrl: fill, configured: (ctx) => fill(ctx) !== null };
}

/** The adapter of the API's configuration (EPRESCRIBE_PROVIDER: local | dosespot; DOSESPOT_SSO_URL_TEMPLATE; api/config.ts). */
export function eprescribeProviderOf(config: { eprescribeProvider: EprescribeProviderName; doseSpotSsoUrlTemplate?: string | undefined }): EprescribeProvider {
  return config.eprescribeProvider === "dosespot" ? doseSpotProvider(config.doseSpotSsoUrlTemplate) : localProvider;
}
