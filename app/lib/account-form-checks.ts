import { ZIP_PATTERN, isUsStateCode } from "../../api/contract/patient-account-rules.ts";
import { NAME_PATTERN, PHONE_PATTERN, V } from "../../api/contract/rules.ts";
import { matches, maxLength, notBlank, type FormChecks } from "./form-checks.ts";

/**
 * The browser's checks of the address forms of My pharmacy (their schema: app/lib/schemas/account.ts), apart
 * from app/lib/form-checks.ts so that the other pages do not carry the list of states (a shared module carries
 * what any of its pages uses). How checks work, and the test that holds them to the schemas:
 * app/lib/form-checks.ts, tests/unit/form-checks.test.ts.
 */

const NAME_ON_ADDRESS = [[notBlank, maxLength(100), matches(NAME_PATTERN, V.name)]] as const;

/** An address form of "My pharmacy" (shipping or billing): `addressFormSchema`. */
export const ADDRESS_CHECKS: FormChecks = {
  fields: {
    addressFirstName: NAME_ON_ADDRESS,
    addressLastName: NAME_ON_ADDRESS,
    addressLine1: [[notBlank, maxLength(200)]],
    addressLine2: [[maxLength(200)]],
    locality: [[notBlank, maxLength(100)]],
    administrativeArea: [[notBlank, (value) => (isUsStateCode(value.trim()) ? null : V.state)]],
    postalCode: [[notBlank, matches(ZIP_PATTERN, V.zip)]],
    phone: [[notBlank, maxLength(25), matches(PHONE_PATTERN, V.phone)]],
  },
  optional: ["addressLine2"],
};
