import { dateOfBirthProblem, isTimeZone, isUtcOffsetMinutes } from "../../api/contract/profile-rules.ts";
import { NAME_PATTERN, PHONE_PATTERN, V } from "../../api/contract/rules.ts";
import { EMAIL, matches, maxLength, notBlank, type FormChecks } from "./form-checks.ts";

/**
 * The browser's checks of the profile page (its schemas: app/lib/schemas/account.ts). How checks work, and the
 * test that holds them to the schemas: app/lib/form-checks.ts, tests/unit/form-checks.test.ts.
 */

/** The time-zone select's value for a bare UTC offset (no named zone): "offset:-300". */
export const OFFSET_PREFIX = "offset:";

/** The time-zone select's value: an IANA zone ("America/Denver") or a UTC offset ("offset:-420"), trimmed. */
export function isTimeZoneChoice(choice: string): boolean {
  return choice.startsWith(OFFSET_PREFIX) ? isUtcOffsetMinutes(Number(choice.slice(OFFSET_PREFIX.length))) : isTimeZone(choice);
}

const PERSON_NAME = [[maxLength(100), matches(NAME_PATTERN, V.name)]] as const;
const REQUIRED_NAME = [[notBlank, maxLength(100), matches(NAME_PATTERN, V.name)]] as const;

/** "Personal details" of the profile page: `profileDetailsSchema`. */
export const PROFILE_DETAILS_CHECKS: FormChecks = {
  fields: {
    firstName: REQUIRED_NAME,
    middleName: PERSON_NAME,
    lastName: REQUIRED_NAME,
    phone: [[maxLength(25), matches(PHONE_PATTERN, V.phone)]],
    dateOfBirth: [[notBlank], [(value) => dateOfBirthProblem(value)]],
    timeZone: [[notBlank, (value) => (isTimeZoneChoice(value.trim()) ? null : V.timeZone)]],
  },
  optional: ["middleName", "phone"],
};

/** "Email" of the profile page: `profileEmailSchema`. */
export const PROFILE_EMAIL_CHECKS: FormChecks = { fields: { email: EMAIL } };
