/** Roles of spec §4 and §6. The first group of a user is their role. */
export const USER_ROLES = [
  "patients",
  "providers",
  "providerUsers",
  "customerSupport",
  "customerSupportManagers",
  "medicalSupport",
  "medicalSupportManagers",
] as const;
export type UserRole = (typeof USER_ROLES)[number];
export const ROLES = ["guest", ...USER_ROLES] as const;
export type Role = (typeof ROLES)[number];

/** Every role that is not a patient or a guest: providers (manager) plus the five staff roles. */
export const STAFF_ROLES = USER_ROLES.filter((role): role is Exclude<UserRole, "patients"> => role !== "patients");
export type StaffRole = (typeof STAFF_ROLES)[number];

export function isStaffRole(role: Role): role is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(role);
}

/** Descriptive titles (spec §6). */
export const ROLE_TITLES: Record<UserRole, string> = {
  patients: "Patient",
  providers: "Provider manager",
  providerUsers: "Provider",
  customerSupport: "Customer support",
  customerSupportManagers: "Customer support manager",
  medicalSupport: "Nurse",
  medicalSupportManagers: "Nurse manager",
};

/** Team groupings of the user picker (spec §2). */
export const TEAMS = {
  all: STAFF_ROLES,
  medical: ["providers", "providerUsers"],
  nursing: ["medicalSupport", "medicalSupportManagers"],
  support: ["customerSupport", "customerSupportManagers"],
} as const satisfies Record<string, readonly StaffRole[]>;

export const PROFESSIONS = [
  "medicalDoctor",
  "physiciansAssistant",
  "nurse",
  "nursePractitioner",
  "customerSupport",
] as const;
export type Profession = (typeof PROFESSIONS)[number];
export const PROFESSION_LABELS: Record<Profession, string> = {
  medicalDoctor: "Medical doctor",
  physiciansAssistant: "Physician's assistant",
  nurse: "Nurse",
  nursePractitioner: "Nurse practitioner",
  customerSupport: "Customer support",
};

/** Staff who may delete tasks and change many at once (the task entries of api/domain/permissions.ts). */
export const TASK_MANAGER_ROLES = ["providers", "customerSupportManagers", "medicalSupportManagers"] as const satisfies readonly Role[];
