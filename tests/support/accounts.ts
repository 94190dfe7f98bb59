/**
 * The accounts every suite signs in with: the demo logins of the API's seed (one per role) and the test
 * patients of `SEED_TEST_ACCOUNTS` (api/db/seed/test-accounts.ts), which a test that changes an account
 * takes for itself so that it meets no other test. Not a test file.
 */
export const PASSWORD = "DemoPassw0rd";

/** The demo accounts of the API's seed and where each role lands (spec §2, §4). */
export const DEMO = {
  patient: { email: "patient@demo.test", role: "patients", home: "/patient" },
  manager: { email: "manager@demo.test", role: "providers", home: "/manager" },
  provider: { email: "provider@demo.test", role: "providerUsers", home: "/staff" },
  support: { email: "support@demo.test", role: "customerSupport", home: "/staff" },
  supportManager: { email: "support-manager@demo.test", role: "customerSupportManagers", home: "/staff" },
  nurse: { email: "nurse@demo.test", role: "medicalSupport", home: "/staff" },
  nurseManager: { email: "nurse-manager@demo.test", role: "medicalSupportManagers", home: "/staff" },
} as const;
export type DemoUser = keyof typeof DEMO;
export const DEMO_USERS = Object.keys(DEMO) as DemoUser[];

/** How many test patients the suites' app instances seed (SEED_TEST_ACCOUNTS). */
export const TEST_ACCOUNTS = 68;

/**
 * Test patient number `slot` (1…TEST_ACCOUNTS), password PASSWORD. Each slot belongs to one test; the table
 * of who owns which is kept here so no two tests share one:
 *   1–9    tests/web (fast tier)          10–19  tests/e2e/account-security.spec.ts, password-reset.spec.ts
 *   20–29  tests/e2e/patient-account.spec.ts and tests/web/patient-account*.test.ts
 *   30–33  the patient record (tests/web/patient-record.test.ts 30–31, tests/e2e/patient-record.spec.ts 32–33)
 *   34–35  check-ins (tests/web/check-ins.test.ts 34, tests/e2e/check-ins.spec.ts 35)
 *   36–40  issue 18: progress, uploads, refer a friend (start 200 lb, goal 170 lb; tests/web/patient-extras.test.ts 36–37,
 *          tests/e2e/patient-extras.spec.ts 38–40)
 *   41–50  the medical intake (tests/web/intake.test.ts 41–44, tests/e2e/intake.spec.ts 45–47)
 *   51     subscriptions: seeded like 56–60, shipping to Louisiana (api/db/seed/subscriptions.ts LOUISIANA_SLOT;
 *          tests/web/subscriptions.test.ts: the change-plan choices of GET /api/v2/products/subscription)
 *   52     joining from a referral invitation with JavaScript (tests/e2e/referral-join.spec.ts: the inviter)
 *   53–55  refer a friend end to end (tests/e2e/referrals.spec.ts: the friends 53 with JavaScript, 54 without; 55 spare)
 *   56–60  subscriptions, seeded with an Active subscription and a card (api/db/seed/subscriptions.ts;
 *          tests/web/subscriptions.test.ts 56, tests/e2e/subscriptions.spec.ts 57–59, tests/api 60)
 *   61–62  cancelling an intake (tests/web/intake.test.ts)
 *   63–66  the pharmacy (an approved weight-loss treatment, api/db/seed/test-accounts.ts): tests/web/pharmacy.test.ts 63,
 *          tests/e2e/pharmacy.spec.ts 64–66
 *   67     sessions ended elsewhere and the guest page cache (tests/web/guest-page-cache.test.ts)
 *   68     joining from a referral invitation without JavaScript (tests/web/referral-join.test.ts: the inviter, then a
 *          signed-in visitor of /join)
 */
export const testPatient = (slot: number) => {
  if (slot < 1 || slot > TEST_ACCOUNTS) throw new Error(`test patient slot ${slot} is outside 1…${TEST_ACCOUNTS}`);
  return { email: `test-patient-${slot}@demo.test`, password: PASSWORD };
};
