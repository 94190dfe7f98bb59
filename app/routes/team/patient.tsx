import type { Route } from "./+types/patient";
import { PatientPage, patientPageHandle, type PatientLayoutData } from "~/components/patient-page";
import { recordLayoutLoader } from "~/lib/patients.server";
import { readOwnProfile } from "~/lib/profile.server";

export const handle = patientPageHandle;

/** The patient record's layout (/staff/patients/{id}, /manager/patients/{id}): GET /api/v1/patient/{id}. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const [record, me] = await Promise.all([recordLayoutLoader(context, params.patientId), readOwnProfile(context).catch(() => null)]);
  return { ...record, utcOffsetMinutes: me?.utcOffsetMinutes ?? 0 };
}

export default function TeamPatient({ loaderData }: Route.ComponentProps) {
  return <PatientPage data={loaderData as PatientLayoutData} />;
}
