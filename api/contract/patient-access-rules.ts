/** The plain constants of the patient access calls (no zod: the web imports them; decisions in ./patient-access.ts). */
import type { Role } from "./roles.ts";

/** Who may grant and revoke a patient's access. */
export const ACCESS_MANAGER_ROLES = ["providers", "providerUsers", "customerSupportManagers", "medicalSupportManagers"] as const satisfies readonly Role[];
/** Who may add and remove dependent staff. */
export const DEPENDENT_MANAGER_ROLES = ["providers", "customerSupportManagers", "medicalSupportManagers"] as const satisfies readonly Role[];
/** Who may read a patient's PHI access log. */
export const ACCESS_LOG_ROLES = ["providers", "customerSupportManagers", "medicalSupportManagers"] as const satisfies readonly Role[];
/** The access log's page size: default and most. */
export const ACCESS_LOG_PAGE = 20;
export const ACCESS_LOG_MAX_PAGE = 100;
