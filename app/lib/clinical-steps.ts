/** The addresses of the clinical review's steps for one patient and treatment (spec §2 review steps). */
export const stepPaths = (patientId: string, treatmentId: string) => ({
  recordVisit: `/staff/patients/${patientId}/intakes/${treatmentId}/record-visit`,
  managePrescription: `/provider/patients/${patientId}/intakes/${treatmentId}/manage-prescription`,
  dosespot: `/staff/patients/${patientId}/intakes/${treatmentId}/dosespot`,
  informPatient: `/staff/patients/${patientId}/intakes/${treatmentId}/inform-patient`,
  print: (prescriptionId: number) => `/provider/patients/${patientId}/intakes/${treatmentId}/prescriptions/${prescriptionId}`,
});
