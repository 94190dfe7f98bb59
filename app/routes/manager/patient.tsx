import { PatientPage, patientPageHandle } from "~/components/patient-page";

export const handle = patientPageHandle;

export default function ManagerPatient() {
  return <PatientPage area="manager" />;
}
