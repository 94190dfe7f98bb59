import { HEIGHT_INCHES, PV, WEIGHT_LB, measureProblem } from "../../api/contract/patient-record-rules.ts";
import { dateOfBirthProblem } from "../../api/contract/profile-rules.ts";
import { NAME_PATTERN, PHONE_PATTERN, V } from "../../api/contract/rules.ts";
import { EMAIL, matches, maxLength, notBlank, type FormChecks } from "./form-checks.ts";

/**
 * The browser's checks of the patient record's profile form (its schema: app/lib/schemas/patients.ts, from the
 * contract's `patientUpdateSchema`): the same rules, no zod. The server parses every post and has the last word.
 */
const PERSON_NAME = [[maxLength(100), matches(NAME_PATTERN, V.name)]] as const;
const REQUIRED_NAME = [[notBlank, maxLength(100), matches(NAME_PATTERN, V.name)]] as const;

export const PATIENT_PROFILE_CHECKS: FormChecks = {
  fields: {
    firstName: REQUIRED_NAME,
    middleName: PERSON_NAME,
    lastName: REQUIRED_NAME,
    email: EMAIL,
    phone: [[maxLength(25), matches(PHONE_PATTERN, V.phone)]],
    dateOfBirth: [[(value) => dateOfBirthProblem(value)]],
    heightInches: [[(value) => measureProblem(value, HEIGHT_INCHES, PV.height)]],
    weightStart: [[(value) => measureProblem(value, WEIGHT_LB, PV.weight)]],
    weightCurrent: [[(value) => measureProblem(value, WEIGHT_LB, PV.weight)]],
    weightGoal: [[(value) => measureProblem(value, WEIGHT_LB, PV.weight)]],
  },
  optional: ["middleName", "phone", "dateOfBirth", "heightInches", "weightStart", "weightCurrent", "weightGoal"],
};
