/** Every declared page state of the axe sweep, one file per area (see ./types.ts). */
import { STATES as accountSecurity } from "./account-security";
import { STATES as design } from "./design";
import { STATES as intakeReview } from "./intake-review";
import { STATES as journeys } from "./journeys";
import { STATES as medicalIntake } from "./medical-intake";
import { STATES as patientAccount } from "./patient-account";
import { STATES as patientList } from "./patient-list";
import { STATES as patientAccess } from "./patient-access";
import { STATES as clinicalReview } from "./clinical-review";
import { STATES as reviewQueues } from "./review-queues";
import { STATES as checkIns } from "./check-ins";
import { STATES as pharmacy } from "./pharmacy";
import { STATES as staffAdmin } from "./staff-admin";
import { STATES as subscriptions } from "./subscriptions";
import { STATES as recordExport } from "./record-export";
import { STATES as shell } from "./shell";
import { STATES as tasks } from "./tasks";
import { STATES as patientExtras } from "./patient-extras";
import { STATES as staffOperations } from "./staff-operations";
import { STATES as referrals } from "./referrals";
import { STATES as referralJoin } from "./referral-join";
import type { DeclaredState } from "./types";

export const STATES: DeclaredState[] = [...shell, ...design, ...tasks, ...patientAccount, ...accountSecurity, ...patientList, ...patientAccess, ...clinicalReview, ...intakeReview, ...reviewQueues, ...checkIns, ...journeys, ...medicalIntake, ...patientExtras, ...pharmacy, ...staffAdmin, ...subscriptions, ...recordExport, ...staffOperations, ...referrals, ...referralJoin];
