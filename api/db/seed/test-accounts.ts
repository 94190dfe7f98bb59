/**
 * Test accounts (`SEED_TEST_ACCOUNTS=n`, never in production): n signed-in-able patients of their own for the
 * end-to-end and web suites, so a test that changes a patient's profile, addresses, password, two-factor or
 * sessions neither meets another test nor has to make an account through the password-reset flow (one test
 * keeps that journey itself).
 *
 * `test-patient-<k>@demo.test` (k = 1…n), password the demo password, active, en-US, no orders or cards.
 * Idempotent: accounts that exist are left as they are, so a restart on the same database adds only missing ones.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import * as t from "../schema.ts";
import { hashPassword } from "../../domain/password.ts";
import { PatientStatus } from "../../contract/enums.ts";
import { DEMO_PASSWORD } from "./demo.ts";

/** Last names of the test patients: names the profile rules accept (letters only), one per account. */
const NAMES = [
  "Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel", "India", "Juliett", "Kilo", "Lima", "Mike",
  "November", "Oscar", "Papa", "Quebec", "Romeo", "Sierra", "Tango", "Uniform", "Victor", "Whiskey", "Xray", "Yankee", "Zulu",
] as const;
export const MAX_TEST_ACCOUNTS = NAMES.length * 4;

export const testPatientEmail = (k: number) => `test-patient-${k}@demo.test`;

/**
 * The pharmacy's test patients (tests/support/accounts.ts slots 63–66): an approved weight-loss treatment, so they
 * may order a prescription plan with its add-ons (issue 16); no card (the tests add one through the order page).
 */
export const PHARMACY_TEST_SLOTS = [63, 64, 65, 66] as const;

export async function seedTestAccounts(db: Db, count: number): Promise<number> {
  const n = Math.min(count, MAX_TEST_ACCOUNTS);
  if (n <= 0) return 0;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = new Date();
  let created = 0;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7317002)`);
    for (let k = 1; k <= n; k++) {
      const inserted = await tx
        .insert(t.users)
        .values({
          email: testPatientEmail(k),
          passwordHash,
          role: "patients",
          firstName: ["Tess", "Theo", "Tara", "Tom"][Math.floor((k - 1) / NAMES.length)],
          lastName: NAMES[(k - 1) % NAMES.length],
          phone: `+1415555${String(2000 + k).padStart(4, "0")}`,
          userStatus: "active",
          utcOffsetMinutes: -480,
          emailVerifiedAt: now,
          passwordChangedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: t.users.id });
      if (!inserted[0]) continue;
      await tx.insert(t.patients).values({
        userId: inserted[0].id,
        status: PatientStatus.Active,
        statusKey: "active",
        dateOfBirth: "1990-06-15",
        gender: "other",
        heightInches: 68,
        // Slots 36–40 (issue 18's progress tests): a start and a goal weight, so logged weights reach milestones.
        ...(k >= 36 && k <= 40 ? { weightStart: 200, weightGoal: 170, bmiStart: 30.4 } : {}),
        isProgressAvailability: true,
        hasPharmacyAccess: true,
        isPharmacyAvailability: true,
        referralCode: `TEST${k}`,
      });
      if ((PHARMACY_TEST_SLOTS as readonly number[]).includes(k)) {
        await tx.insert(t.treatments).values({ patientId: inserted[0].id, sectionType: 1, reviewStatus: "approved", reviewedAt: now });
      }
      created++;
    }
  });
  return created;
}
