/**
 * The demo seed: one login per role, two fully furnished demo patients, a few hundred generated patients
 * and enough tasks, treatments, subscriptions, orders and chats to show every state of spec §4.
 *
 * Deterministic: a seeded PRNG draws every choice, and states are assigned by cycling through each enum so
 * that every value is present whatever the draws. Timestamps are offsets from the moment of seeding.
 * Idempotent: nothing happens when the users table is not empty. Runs in one transaction, inserting in
 * multi-row chunks; the only slow step is one Argon2id hash shared by every demo login.
 */
import { sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../client.ts";
import * as t from "../schema.ts";
import { hashPassword } from "../../domain/password.ts";
import type { Profession, UserRole } from "../../contract/roles.ts";
import {
  type ChatCategory,
  type DocumentCategory,
  type OrderStatus,
  PatientStatus,
  type PatientStatusKey,
  SHIPPED_ORDER_STATUSES,
  ServiceSection,
  type SubscriptionStatus,
  TASK_CATEGORY_VALUES,
  TASK_SOURCES,
  TASK_STATUS_LABELS,
  TASK_STATUS_VALUES,
  type TaskCategory,
  type TaskSource,
  type TaskStatus,
  type TreatmentReviewStatus,
} from "../../contract/enums.ts";
import { seedDemoLicenses } from "./licenses.ts";
import { seedDemoReviews } from "./reviews.ts";
import { seedDemoIntake } from "./intake.ts";
import { seedDemoClinicalReview } from "./clinical-review.ts";
import { seedDemoReviewQueues } from "./review-queues.ts";
import { seedDemoJourneys } from "./journeys.ts";
import { seedDemoAccess } from "./access.ts";
import { seedDemoBilling } from "./billing.ts";
import { seedDemoCheckIns } from "./check-ins.ts";
import { type CatalogueVariant, NOT_IN_DEMO_ORDERS, insertCatalogue } from "./catalogue.ts";
import { seedDemoPharmacy } from "./pharmacy.ts";
import { CITIES, FIRST_NAMES, LAST_NAMES, STREETS, emailPart } from "./names.ts";
import { type Rng, mulberry32 } from "./prng.ts";

export const DEMO_PASSWORD = "DemoPassw0rd";

/** The sign-in accounts of the demo, one per role (all with DEMO_PASSWORD). */
export const DEMO_LOGINS: readonly { email: string; role: UserRole }[] = [
  { email: "patient@demo.test", role: "patients" },
  { email: "patient2@demo.test", role: "patients" },
  { email: "manager@demo.test", role: "providers" },
  { email: "provider@demo.test", role: "providerUsers" },
  { email: "support@demo.test", role: "customerSupport" },
  { email: "support-manager@demo.test", role: "customerSupportManagers" },
  { email: "nurse@demo.test", role: "medicalSupport" },
  { email: "nurse-manager@demo.test", role: "medicalSupportManagers" },
];

/** How many generated patients besides the two demo patients. */
export const DEMO_POPULATION = 230;
const SEED = 0x7e1e4ea1;
const CHUNK = 500;

type UserRow = typeof t.users.$inferInsert;
type StaffDef = {
  email: string;
  role: Exclude<UserRole, "patients">;
  firstName: string;
  lastName: string;
  profession: Profession;
  utcOffsetMinutes: number;
  userStatus?: "active" | "suspended" | "inactive";
  availability: "available" | "unavailable" | "unknown";
};

const STAFF: readonly StaffDef[] = [
  { email: "manager@demo.test", role: "providers", firstName: "Olivia", lastName: "Bennett", profession: "medicalDoctor", utcOffsetMinutes: -420, availability: "available" },
  { email: "provider@demo.test", role: "providerUsers", firstName: "Marcus", lastName: "Hale", profession: "nursePractitioner", utcOffsetMinutes: -300, availability: "available" },
  { email: "support@demo.test", role: "customerSupport", firstName: "Priya", lastName: "Shah", profession: "customerSupport", utcOffsetMinutes: -300, availability: "available" },
  { email: "support-manager@demo.test", role: "customerSupportManagers", firstName: "Daniel", lastName: "Kim", profession: "customerSupport", utcOffsetMinutes: -420, availability: "unavailable" },
  { email: "nurse@demo.test", role: "medicalSupport", firstName: "Grace", lastName: "Lee", profession: "nurse", utcOffsetMinutes: -360, availability: "available" },
  { email: "nurse-manager@demo.test", role: "medicalSupportManagers", firstName: "Hannah", lastName: "Walsh", profession: "nurse", utcOffsetMinutes: -300, availability: "unknown" },
  // More staff, so that pickers, workload and assignment have something to show.
  { email: "robert.chen@staff.demo.test", role: "providers", firstName: "Robert", lastName: "Chen", profession: "medicalDoctor", utcOffsetMinutes: -480, availability: "unknown" },
  { email: "sofia.alvarez@staff.demo.test", role: "providerUsers", firstName: "Sofia", lastName: "Alvarez", profession: "physiciansAssistant", utcOffsetMinutes: -360, availability: "available" },
  { email: "james.okafor@staff.demo.test", role: "providerUsers", firstName: "James", lastName: "Okafor", profession: "medicalDoctor", utcOffsetMinutes: -300, availability: "unavailable" },
  { email: "emily.novak@staff.demo.test", role: "providerUsers", firstName: "Emily", lastName: "Novak", profession: "nursePractitioner", utcOffsetMinutes: -420, availability: "available" },
  { email: "michael.brooks@staff.demo.test", role: "providerUsers", firstName: "Michael", lastName: "Brooks", profession: "physiciansAssistant", utcOffsetMinutes: -480, availability: "unknown", userStatus: "suspended" },
  { email: "laura.fischer@staff.demo.test", role: "customerSupport", firstName: "Laura", lastName: "Fischer", profession: "customerSupport", utcOffsetMinutes: -360, availability: "available" },
  { email: "kevin.nguyen@staff.demo.test", role: "customerSupport", firstName: "Kevin", lastName: "Nguyen", profession: "customerSupport", utcOffsetMinutes: -480, availability: "unknown", userStatus: "inactive" },
  { email: "aisha.rahman@staff.demo.test", role: "medicalSupport", firstName: "Aisha", lastName: "Rahman", profession: "nurse", utcOffsetMinutes: -300, availability: "available" },
  { email: "tom.wright@staff.demo.test", role: "medicalSupport", firstName: "Tom", lastName: "Wright", profession: "nurse", utcOffsetMinutes: -420, availability: "unavailable" },
  { email: "nina.petrov@staff.demo.test", role: "medicalSupportManagers", firstName: "Nina", lastName: "Petrov", profession: "nurse", utcOffsetMinutes: -360, availability: "available" },
  { email: "carlos.mendez@staff.demo.test", role: "customerSupportManagers", firstName: "Carlos", lastName: "Mendez", profession: "customerSupport", utcOffsetMinutes: -360, availability: "available" },
];

/**
 * Pairs of string status and numeric status that belong together, covering all 26 string statuses and all
 * 21 numeric ones; generated patients cycle through them.
 */
export const PATIENT_STATUS_PAIRS: readonly [PatientStatusKey, PatientStatus][] = [
  ["active", PatientStatus.Active],
  ["paid_patient", PatientStatus.PaidPatient],
  ["missing_information", PatientStatus.MissingInformation],
  ["ready_to_review_new_patient", PatientStatus.ReadyToReviewNewPatient],
  ["prior_authorization", PatientStatus.PriorAuthorization],
  ["awaiting_coverage", PatientStatus.AwaitingCoverage],
  ["compounding_patient", PatientStatus.CompoundingPatient],
  ["active_patient_prescription_renews", PatientStatus.ActivePatientPrescriptionRenews],
  ["registered", PatientStatus.Active],
  ["requires_two_way", PatientStatus.RequiresTwoWay],
  ["health_history", PatientStatus.HealthHistory],
  ["intake_completed", PatientStatus.IntakeCompleted],
  ["unresponsive", PatientStatus.Unresponsive],
  ["two_way_before_approval", PatientStatus.TwoWayBeforeApproval],
  ["pending_cancellation", PatientStatus.PendingCancellation],
  ["ready_to_review_refill", PatientStatus.ReadyToReviewRefill],
  ["waiting_on_client_for_prior_auth", PatientStatus.WaitingOnClientForPriorAuth],
  ["waiting_on_client_compound", PatientStatus.WaitingOnClientCompound],
  ["on_pause", PatientStatus.OnPause],
  ["declined_authorization", PatientStatus.Declined],
  ["subscribed", PatientStatus.Subscribed],
  ["declined", PatientStatus.Declined],
  ["canceled", PatientStatus.Inactive],
  ["nc_decline", PatientStatus.Declined],
  ["no_payment_method", PatientStatus.MissingInformation],
  ["no_show", PatientStatus.Unresponsive],
];

/** UTC offsets (standard time) of the states used by names.ts. */
const STATE_OFFSETS: Record<string, number> = {
  AZ: -420, CO: -420, UT: -420, TX: -360, IL: -360, TN: -360, MN: -360, CA: -480, OR: -480, WA: -480, NV: -480,
  FL: -300, GA: -300, OH: -300, NC: -300, MA: -300, NY: -300,
};

const REVIEW_CYCLE: readonly TreatmentReviewStatus[] = ["approved", "pending", "approved", "cancelled", "approved", "declined", "pending", "approved"];
const SUBSCRIPTION_CYCLE: readonly SubscriptionStatus[] = [1, 1, 2, 1, 3, 4, 0, 1, 100, 101, 1, 2];
const FULFILLERS = ["Northside Compounding Pharmacy", "Harbor Pharmacy", "Summit Rx Fulfillment"] as const;

export const TASK_TITLES: Record<TaskCategory, readonly string[]> = {
  1: ["Question about side effects", "Patient asks when to take the next dose", "Nausea after dose increase"],
  2: ["Refund request for last order", "Charged twice this month", "Refund for damaged shipment"],
  3: ["Patient wants to cancel subscription", "Cancellation request before renewal", "Cancel plan after this cycle"],
  4: ["Cannot sign in", "Update email address on the account", "Reset two-factor authentication"],
  5: ["Intake questionnaire not finished", "Follow up on incomplete intake", "Quiz abandoned at medical history"],
  6: ["Submit prior authorization to insurer", "Prior authorization denied, offer compounded option", "Insurer asks for chart notes"],
  7: ["Tracking number not updating", "Package marked delivered but not received", "Shipment delayed at pharmacy"],
  8: ["Request to change dose", "Switch from injection to tablets", "Patient asks to stay on current dose"],
  9: ["Review uploaded lab results", "Bloodwork results need a provider's review", "A1C result uploaded"],
  10: ["Follow up with patient", "Call back requested", "Update patient notes"],
  11: ["New treatment assigned for review", "Refill assigned for review", "Treatment reassigned"],
};

const PATIENT_LINES: Record<ChatCategory, readonly string[]> = {
  medical: [
    "<p>Hi, I felt a bit nauseous after my last injection. Is that normal?</p>",
    "<p>When should I move up to the next dose?</p>",
    "<p>I uploaded my <b>lab results</b>, could you take a look?</p>",
    "<p>Thank you, that helps a lot!</p>",
    "<p>Can I take it with my blood pressure medication?</p>",
    "<p>I missed my dose yesterday. Should I take it today or wait?</p>",
  ],
  support: [
    "<p>Hi, I was charged twice this month. Can you check?</p>",
    "<p>How do I update my shipping address?</p>",
    "<p>I would like to pause my plan for a month.</p>",
    "<p>Thanks for the quick reply!</p>",
    "<p>My card expired, where do I add a new one?</p>",
  ],
  pharmacy: [
    "<p>My tracking number has not updated in three days.</p>",
    "<p>Do you ship to a P.O. box?</p>",
    "<p>The package arrived, but the ice pack was warm. Is it still OK?</p>",
    "<p>Great, received it today.</p>",
  ],
};
const STAFF_LINES: Record<ChatCategory, readonly string[]> = {
  medical: [
    "<p>Mild nausea is common in the first weeks. Eat <i>smaller meals</i> and stay hydrated.</p>",
    "<p>Your provider will review your progress before the next dose increase.</p>",
    "<p>Thanks for uploading the results. Everything looks <strong>within range</strong>.</p>",
    "<p>Please take your dose as soon as you remember, unless your next dose is within 2 days.</p>",
    "<p>Yes, that combination is fine. Keep monitoring your blood pressure.<br>Let us know if anything changes.</p>",
  ],
  support: [
    "<p>Sorry about that! I have refunded the duplicate charge; it can take <b>5–10 business days</b>.</p>",
    "<p>You can update it under <a href=\"/patient/account/profile\">Account settings</a>.</p>",
    "<p>Your plan is paused. It resumes automatically next month.</p>",
    "<p>Add a new card under <a href=\"/patient/account/payment-details\">Payment details</a>.</p>",
  ],
  pharmacy: [
    "<p>The carrier shows your parcel in transit. It should arrive <em>tomorrow</em>.</p>",
    "<p>We can only ship to a street address for cold-chain medication.</p>",
    "<p>It is safe if the vial was cool to the touch. If not, we will send a replacement.</p>",
  ],
};

type PopPatient = {
  userId: number;
  firstName: string;
  lastName: string;
  phone: string;
  city: readonly [city: string, state: string, zipPrefix: string, areaCode: string];
  paymentMethodId: number | null;
  journeys: number[];
  demo: 0 | 1 | 2;
};

/** Inserts rows in multi-row chunks. */
async function insertRows<T extends PgTable>(db: Db, table: T, rows: T["$inferInsert"][]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    // The generic table's insert type is T["$inferInsert"]; drizzle's PgInsertValue<T> is the same shape.
    await db.insert(table).values(rows.slice(i, i + CHUNK) as never);
  }
}

/** Inserts rows in chunks and returns their generated ids in row order. */
async function insertIds<T extends PgTable & { id: PgColumn }>(db: Db, table: T, rows: T["$inferInsert"][]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const out = await db
      .insert(table)
      .values(rows.slice(i, i + CHUNK) as never)
      .returning({ id: table.id });
    for (const r of out as { id: number }[]) ids.push(r.id);
  }
  if (ids.length !== rows.length) throw new Error(`expected ${rows.length} ids, got ${ids.length}`);
  return ids;
}

function cycler<T>(items: readonly T[]): () => T {
  let i = 0;
  return () => items[i++ % items.length];
}

function phoneFor(rng: Rng, areaCode: string): string {
  return `+1${areaCode}555${String(rng.int(0, 9999)).padStart(4, "0")}`;
}

function bmi(weightLb: number, heightIn: number): number {
  return Math.round(((703 * weightLb) / (heightIn * heightIn)) * 10) / 10;
}

/** Seeds the demo content unless the database already has users. */
export async function seedDemo(db: Db): Promise<{ created: boolean }> {
  return db.transaction(async (tx) => {
    // Two processes starting on one empty database: the second waits here, then sees the users.
    await tx.execute(sql`select pg_advisory_xact_lock(7317001)`);
    const existing = await tx.execute(sql`select count(*)::int as n from users`);
    if (rowsOf<{ n: number }>(existing)[0].n > 0) return { created: false };
    await fill(tx);
    await seedDemoAccess(tx);
    await seedDemoLicenses(tx);
    await seedDemoReviews(tx);
    await seedDemoClinicalReview(tx);
    await seedDemoReviewQueues(tx);
    await seedDemoCheckIns(tx);
    await seedDemoJourneys(tx);
    await seedDemoIntake(tx);
    await seedChatBotTemplates(tx);
    await seedDemoPharmacy(tx);
    return { created: true };
  });
}

/** node-postgres returns { rows }, PGlite returns { rows } too; both through drizzle's execute. */
function rowsOf<R>(result: unknown): R[] {
  return (result as { rows: R[] }).rows;
}

async function fill(db: Db): Promise<void> {
  const rng = mulberry32(SEED);
  const now = Date.now();
  const minutesAgo = (m: number) => new Date(now - Math.round(m) * 60_000);
  const daysAgo = (d: number) => minutesAgo(d * 24 * 60);
  const daysAhead = (d: number) => new Date(now + Math.round(d * 24 * 60) * 60_000);
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  // ---- users -------------------------------------------------------------------------------------
  const userRows: UserRow[] = [];
  const loginPatients = [
    { email: "patient@demo.test", firstName: "Emma", lastName: "Carter", phone: "+14155550123", offset: -480 },
    { email: "patient2@demo.test", firstName: "Liam", lastName: "Foster", phone: "+13035550188", offset: -420 },
  ];
  for (const p of loginPatients) {
    userRows.push({
      email: p.email,
      passwordHash,
      role: "patients",
      firstName: p.firstName,
      lastName: p.lastName,
      phone: p.phone,
      userStatus: "active",
      utcOffsetMinutes: p.offset,
      emailVerifiedAt: daysAgo(120),
      passwordChangedAt: daysAgo(120),
      createdAt: daysAgo(120),
      updatedAt: daysAgo(3),
    });
  }
  for (const s of STAFF) {
    userRows.push({
      email: s.email,
      passwordHash,
      role: s.role,
      firstName: s.firstName,
      lastName: s.lastName,
      phone: `+1312555${String(1000 + userRows.length).padStart(4, "0")}`,
      profession: s.profession,
      userStatus: s.userStatus ?? "active",
      utcOffsetMinutes: s.utcOffsetMinutes,
      availability: s.availability,
      emailVerifiedAt: daysAgo(400),
      passwordChangedAt: daysAgo(200),
      createdAt: daysAgo(400),
      updatedAt: daysAgo(10),
    });
  }
  const popDefs: { firstName: string; lastName: string; city: (typeof CITIES)[number]; phone: string }[] = [];
  for (let i = 0; i < DEMO_POPULATION; i++) {
    const firstName = rng.pick(FIRST_NAMES);
    const lastName = rng.pick(LAST_NAMES);
    const city = rng.pick(CITIES);
    const phone = phoneFor(rng, city[3]);
    popDefs.push({ firstName, lastName, city, phone });
    const created = rng.int(2, 540);
    userRows.push({
      email: `${emailPart(firstName)}.${emailPart(lastName)}.${i + 1}@example.test`,
      passwordHash: null,
      role: "patients",
      firstName,
      lastName,
      phone,
      userStatus: rng.chance(0.04) ? "inactive" : "active",
      utcOffsetMinutes: STATE_OFFSETS[city[1]] ?? -300,
      locale: rng.chance(0.12) ? "es-US" : "en-US",
      emailVerifiedAt: rng.chance(0.9) ? daysAgo(created - 0.01) : null,
      createdAt: daysAgo(created),
      updatedAt: daysAgo(rng.int(0, Math.min(created, 30))),
    });
  }
  const userIds = await insertIds(db, t.users, userRows);
  const idByEmail = new Map(userRows.map((u, i) => [u.email, userIds[i]]));
  const uid = (email: string) => idByEmail.get(email)!;

  const activeStaff = STAFF.filter((s) => !s.userStatus || s.userStatus === "active").map((s) => ({ ...s, id: uid(s.email) }));
  const clinicians = activeStaff.filter((s) => s.role === "providers" || s.role === "providerUsers");
  const nurses = activeStaff.filter((s) => s.role === "medicalSupport" || s.role === "medicalSupportManagers");
  const supportStaff = activeStaff.filter((s) => s.role === "customerSupport" || s.role === "customerSupportManagers");
  const demoProvider = uid("provider@demo.test");
  const nextClinician = cycler(clinicians.map((s) => s.id));

  // ---- patients ----------------------------------------------------------------------------------
  const pop: PopPatient[] = [];
  const patientRows: (typeof t.patients.$inferInsert)[] = [];
  const nextPair = cycler(PATIENT_STATUS_PAIRS);
  const p1 = uid("patient@demo.test");
  const p2 = uid("patient2@demo.test");
  patientRows.push({
    userId: p1,
    status: PatientStatus.Active,
    statusKey: "active",
    dateOfBirth: "1988-04-17",
    gender: "female",
    heightInches: 65,
    weightStart: 212,
    weightCurrent: 189.4,
    weightGoal: 160,
    bmiStart: bmi(212, 65),
    bmiCurrent: bmi(189.4, 65),
    isProgressAvailability: true,
    hasPharmacyAccess: true,
    isPharmacyAvailability: true,
    referralCode: "EMMA20",
    createdAt: daysAgo(120),
    updatedAt: daysAgo(3),
  });
  patientRows.push({
    userId: p2,
    status: PatientStatus.ReadyToReviewNewPatient,
    statusKey: "ready_to_review_new_patient",
    dateOfBirth: "1979-11-02",
    gender: "male",
    heightInches: 71,
    weightStart: 198,
    weightCurrent: 196,
    weightGoal: 185,
    bmiStart: bmi(198, 71),
    bmiCurrent: bmi(196, 71),
    doseSpotUrl: "https://prescribing.example.test/patients/demo-liam-foster",
    isProgressAvailability: false,
    hasPharmacyAccess: true,
    isPharmacyAvailability: false,
    referralCode: "LIAM20",
    createdAt: daysAgo(40),
    updatedAt: daysAgo(1),
  });
  pop.push({ userId: p1, firstName: "Emma", lastName: "Carter", phone: "+14155550123", city: ["San Francisco", "CA", "941", "415"], paymentMethodId: null, journeys: [1, 4, 3], demo: 1 });
  pop.push({ userId: p2, firstName: "Liam", lastName: "Foster", phone: "+13035550188", city: ["Denver", "CO", "802", "303"], paymentMethodId: null, journeys: [2, 4], demo: 2 });

  const nextJourney = cycler([1, 2, 3, 4, 1, 2, 1, 4]);
  popDefs.forEach((d, i) => {
    const userId = userIds[loginPatients.length + STAFF.length + i];
    const [statusKey, status] = nextPair();
    const height = rng.int(60, 76);
    const first = nextJourney();
    const journeys = [first];
    if (rng.chance(0.3)) journeys.push(rng.pick([1, 2, 3, 4].filter((j) => j !== first)));
    const weightLoss = journeys.includes(ServiceSection.WeightLoss);
    const weightStart = weightLoss ? rng.int(170, 300) : rng.int(130, 230);
    const weightCurrent = Math.round((weightStart - (weightLoss ? rng.int(0, 40) : rng.int(-3, 5))) * 10) / 10;
    const year = rng.int(1950, 2004);
    const dob = `${year}-${String(rng.int(1, 12)).padStart(2, "0")}-${String(rng.int(1, 28)).padStart(2, "0")}`;
    patientRows.push({
      userId,
      status,
      statusKey,
      dateOfBirth: dob,
      gender: rng.pick(["female", "female", "male", "male", "other"] as const),
      heightInches: height,
      weightStart,
      weightCurrent,
      weightGoal: weightLoss ? weightStart - rng.int(25, 70) : null,
      bmiStart: bmi(weightStart, height),
      bmiCurrent: bmi(weightCurrent, height),
      isProgressAvailability: weightLoss,
      hasPharmacyAccess: rng.chance(0.6),
      isPharmacyAvailability: rng.chance(0.5),
      referralCode: `${emailPart(d.firstName).slice(0, 6).toUpperCase()}${i + 1}`,
      createdAt: userRows[loginPatients.length + STAFF.length + i].createdAt,
      updatedAt: userRows[loginPatients.length + STAFF.length + i].updatedAt,
    });
    pop.push({ userId, firstName: d.firstName, lastName: d.lastName, phone: d.phone, city: d.city, paymentMethodId: null, journeys, demo: 0 });
  });
  await insertRows(db, t.patients, patientRows);

  // ---- addresses and payment methods -------------------------------------------------------------
  const addressRows: (typeof t.addresses.$inferInsert)[] = [];
  const pmRows: (typeof t.paymentMethods.$inferInsert)[] = [];
  const expYear = new Date(now).getUTCFullYear() + 3;
  for (const p of pop) {
    const line1 = p.demo === 1 ? "1250 Market St" : p.demo === 2 ? "845 Pearl St" : `${rng.int(100, 9899)} ${rng.pick(STREETS)}`;
    const zip = p.demo === 1 ? "94102" : p.demo === 2 ? "80203" : `${p.city[2]}${String(rng.int(1, 99)).padStart(2, "0")}`;
    const base = {
      userId: p.userId,
      addressFirstName: p.firstName,
      addressLastName: p.lastName,
      addressLine1: line1,
      addressLine2: p.demo === 1 ? "Apt 4B" : rng.chance(0.3) ? `Apt ${rng.int(1, 40)}` : "",
      locality: p.city[0],
      administrativeArea: p.city[1],
      postalCode: zip,
      countryCode: "US",
      phone: p.phone,
    };
    if (p.demo || rng.chance(0.92)) addressRows.push({ ...base, addressType: "shipping", title: "Shipping" });
    if (p.demo === 1) {
      addressRows.push({ ...base, addressType: "billing", title: "Billing", addressLine1: "77 Howard St", addressLine2: "Suite 300", postalCode: "94105" });
    } else if (p.demo || rng.chance(0.5)) {
      addressRows.push({ ...base, addressType: "billing", title: "Billing" });
    }
    if (p.demo || rng.chance(0.85)) {
      const brand = p.demo ? "visa" : rng.pick(["visa", "visa", "mastercard", "amex", "discover"]);
      pmRows.push({
        userId: p.userId,
        provider: "local",
        providerToken: `pm_demo_${p.userId}_${pmRows.length + 1}`,
        brand,
        last4: p.demo ? "4242" : brand === "amex" ? String(rng.int(1000, 9999)) : rng.pick(["4242", "4444", "1881", "0005", "5100"]),
        expMonth: p.demo ? 12 : rng.int(1, 12),
        expYear: p.demo ? expYear : expYear + rng.int(-2, 2),
        isPrimary: true,
        createdAt: daysAgo(rng.int(5, 300)),
        holderName: `${p.firstName} ${p.lastName}`,
      });
      if (p.demo === 1) {
        pmRows.push({ userId: p.userId, provider: "local", providerToken: `pm_demo_${p.userId}_backup`, brand: "mastercard", last4: "4444", expMonth: 6, expYear: expYear + 1, isPrimary: false, createdAt: daysAgo(60), holderName: `${p.firstName} ${p.lastName}` });
      }
    }
  }
  await insertRows(db, t.addresses, addressRows);
  const pmIds = await insertIds(db, t.paymentMethods, pmRows);
  pmRows.forEach((row, i) => {
    if (row.isPrimary) pop.find((p) => p.userId === row.userId)!.paymentMethodId = pmIds[i];
  });
  // Billing ledger of the demo patients: customers and invoices in several statuses (api/db/seed/billing.ts).
  await seedDemoBilling(
    db,
    pop.filter((p) => p.demo).map((p) => ({ userId: p.userId, primaryPaymentMethodId: p.paymentMethodId, plan: p.demo === 1 ? "demo1" : "demo2" })),
    now,
  );

  // ---- catalogue ---------------------------------------------------------------------------------
  const catalogue = (await insertCatalogue(db)).filter((v) => !NOT_IN_DEMO_ORDERS.has(v.productSlug));
  const liveMain = (section: number) =>
    catalogue.filter((v) => v.sectionType === section && v.isLive && (v.kind === "medication" || v.kind === "pharmacy"));
  const addonsFor = (section: number, period: number) =>
    catalogue.filter((v) => v.sectionType === section && v.kind === "addon" && v.periodMonths === period);
  const variantBySlug = (slug: string, period: number) => catalogue.find((v) => v.productSlug === slug && v.periodMonths === period)!;

  // ---- treatments --------------------------------------------------------------------------------
  type TreatmentDraft = {
    row: typeof t.treatments.$inferInsert;
    patient: PopPatient;
    variant: CatalogueVariant;
    subscription?: { status: SubscriptionStatus; pendingCancellation: boolean; addon: boolean };
    id?: number;
  };
  const treatments: TreatmentDraft[] = [];
  const nextReview = cycler(REVIEW_CYCLE);
  const nextSubStatus = cycler(SUBSCRIPTION_CYCLE);
  const intake = (section: number): Record<string, unknown> => ({
    goal: section === 1 ? "Lose 30 lb" : section === 2 ? "Improve performance" : section === 4 ? "Stop hair loss" : "Pharmacy refill",
    allergies: rng.pick(["None", "Penicillin", "Sulfa drugs", "None"]),
    currentMedications: rng.pick(["None", "Lisinopril 10mg", "Metformin 500mg", "Levothyroxine 50mcg"]),
    conditions: rng.chance(0.3) ? ["Hypertension"] : [],
    pregnant: false,
  });
  const addTreatment = (
    patient: PopPatient,
    section: number,
    variant: CatalogueVariant,
    review: TreatmentReviewStatus,
    opts: { providerId?: number | null; reviewKind?: "new_patient" | "refill"; createdDaysAgo: number; subscription?: TreatmentDraft["subscription"] },
  ) => {
    const providerId = opts.providerId === undefined ? nextClinician() : opts.providerId;
    treatments.push({
      patient,
      variant,
      subscription: opts.subscription,
      row: {
        patientId: patient.userId,
        sectionType: section,
        productId: variant.productId,
        reviewStatus: review,
        providerId,
        reviewKind: opts.reviewKind ?? "new_patient",
        intakeAnswers: intake(section),
        reviewedAt: review === "pending" ? null : daysAgo(Math.max(0.5, opts.createdDaysAgo - 1.5)),
        createdAt: daysAgo(opts.createdDaysAgo),
        updatedAt: daysAgo(Math.max(0, opts.createdDaysAgo - 2)),
      },
    });
  };
  const demo1 = pop[0];
  const demo2 = pop[1];
  // Emma: weight loss on the titrated GLP-1 (active, with an add-on), haircare cancelled, pharmacy purchases.
  addTreatment(demo1, 1, variantBySlug("compounded-tirzepatide", 3), "approved", { providerId: demoProvider, createdDaysAgo: 110, subscription: { status: 1, pendingCancellation: false, addon: true } });
  addTreatment(demo1, 4, variantBySlug("finasteride", 6), "cancelled", { providerId: uid("manager@demo.test"), createdDaysAgo: 95, subscription: { status: 3, pendingCancellation: false, addon: false } });
  addTreatment(demo1, 3, variantBySlug("insulin-syringes", 1), "approved", { providerId: demoProvider, createdDaysAgo: 60 });
  // Liam: sexual wellness active but pending cancellation; haircare waiting for review by the demo provider.
  addTreatment(demo2, 2, variantBySlug("sildenafil", 3), "approved", { providerId: demoProvider, createdDaysAgo: 38, subscription: { status: 1, pendingCancellation: true, addon: false } });
  addTreatment(demo2, 4, variantBySlug("oral-minoxidil", 3), "pending", { providerId: demoProvider, reviewKind: "new_patient", createdDaysAgo: 1 });
  for (const p of pop.slice(2)) {
    for (const section of p.journeys) {
      const variant = rng.pick(liveMain(section));
      const review = nextReview();
      const created = rng.int(1, 300);
      let subscription: TreatmentDraft["subscription"];
      if (section !== ServiceSection.PharmacyPurchase) {
        if (review === "approved") {
          const status = nextSubStatus();
          subscription = { status, pendingCancellation: status === 1 && rng.chance(0.15), addon: rng.chance(0.3) };
        } else if (review === "cancelled") {
          subscription = { status: rng.pick([3, 4] as const), pendingCancellation: false, addon: false };
        } else if (review === "pending" && rng.chance(0.4)) {
          subscription = { status: 0, pendingCancellation: false, addon: false };
        }
      }
      addTreatment(p, section, variant, review, {
        providerId: review === "pending" && rng.chance(0.35) ? null : undefined,
        reviewKind: review === "pending" && rng.chance(0.35) ? "refill" : "new_patient",
        createdDaysAgo: review === "pending" ? rng.int(0, 6) + rng.next() : created,
        subscription,
      });
    }
  }
  const treatmentIds = await insertIds(db, t.treatments, treatments.map((d) => d.row));
  treatments.forEach((d, i) => (d.id = treatmentIds[i]));

  // ---- subscriptions -----------------------------------------------------------------------------
  type SubDraft = { treatment: TreatmentDraft; row: typeof t.subscriptions.$inferInsert; items: CatalogueVariant[]; id?: number };
  const subs: SubDraft[] = [];
  const membership: Record<SubscriptionStatus, string> = { 0: "future", 1: "active", 2: "paused", 3: "cancelled", 4: "not_renewed", 100: "unknown", 101: "deleted" };
  for (const d of treatments) {
    if (!d.subscription) continue;
    const { status, pendingCancellation, addon } = d.subscription;
    const cycle = d.variant.periodMonths;
    const started = Number(((now - (d.row.createdAt as Date).getTime()) / 86_400_000).toFixed(3));
    const items = [d.variant];
    if (addon) {
      const addons = addonsFor(d.row.sectionType, cycle);
      if (addons.length) items.push(d.patient.demo ? addons[0] : rng.pick(addons));
    }
    subs.push({
      treatment: d,
      items,
      row: {
        patientId: d.patient.userId,
        treatmentId: d.id!,
        status,
        cycleMonths: cycle,
        pendingCancellation,
        membershipStatus: pendingCancellation ? "pending_cancellation" : membership[status],
        paymentMethodId: d.patient.paymentMethodId,
        nextChargeAt: status === 0 || status === 1 || status === 2 ? daysAhead(d.patient.demo ? 20 : rng.int(1, 80)) : null,
        lastShipmentAt: status === 0 ? null : daysAgo(Math.min(started, d.patient.demo ? 10 : rng.int(3, 80))),
        endsAt: pendingCancellation ? daysAhead(d.patient.demo ? 20 : rng.int(3, 60)) : status === 3 || status === 4 ? daysAgo(rng.int(1, 60)) : null,
        createdAt: d.row.createdAt,
        updatedAt: daysAgo(rng.int(0, 20)),
      },
    });
  }
  const subIds = await insertIds(db, t.subscriptions, subs.map((s) => s.row));
  subs.forEach((s, i) => (s.id = subIds[i]));
  await insertRows(
    db,
    t.subscriptionItems,
    subs.flatMap((s) => s.items.map((v, k) => ({ subscriptionId: s.id!, variantId: v.id, quantity: 1, isAddon: k > 0 }))),
  );

  // ---- orders ------------------------------------------------------------------------------------
  type OrderDraft = { row: typeof t.orders.$inferInsert; items: CatalogueVariant[] };
  const orders: OrderDraft[] = [];
  const nextOrderStatus = cycler<OrderStatus>([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  const addOrder = (patient: PopPatient, subscriptionId: number | null, items: CatalogueVariant[], status: OrderStatus, orderedDaysAgo: number) => {
    const shipped = SHIPPED_ORDER_STATUSES.includes(status);
    const n = orders.length + 1;
    const tracking = shipped ? `1Z${String(SEED % 1000).padStart(3, "0")}W${String(100000000 + n * 7919).slice(-9)}${rng.int(10, 99)}` : null;
    orders.push({
      items,
      row: {
        orderNumber: `TH-${String(100000 + n)}`,
        patientId: patient.userId,
        subscriptionId,
        status,
        totalCents: items.reduce((sum, v) => sum + v.priceCents, 0),
        currency: "usd",
        dateOrdered: daysAgo(orderedDaysAgo),
        dateShipped: shipped ? daysAgo(Math.max(0, orderedDaysAgo - rng.int(1, 3))) : null,
        fulfiller: status === 1 ? null : FULFILLERS[n % FULFILLERS.length],
        trackingNumber: tracking,
        trackingUrl: tracking ? `https://www.ups.com/track?tracknum=${tracking}` : null,
      },
    });
  };
  for (const s of subs) {
    const st = s.row.status as SubscriptionStatus;
    if (st === 0 || st === 101) continue;
    const started = (now - (s.row.createdAt as Date).getTime()) / 86_400_000;
    const count = s.treatment.patient.demo ? 3 : rng.int(1, 3);
    for (let k = count - 1; k >= 0; k--) {
      const ago = Math.max(0.2, started - (count - 1 - k) * 30 - 1);
      const latest = k === 0;
      const status: OrderStatus = s.treatment.patient.demo ? (latest ? 5 : 4) : latest ? nextOrderStatus() : 4;
      addOrder(s.treatment.patient, s.id!, s.items, status, latest ? Math.min(ago, rng.int(1, 25)) : ago);
    }
  }
  for (const d of treatments) {
    if (d.row.sectionType !== ServiceSection.PharmacyPurchase || d.row.reviewStatus !== "approved") continue;
    const extras = catalogue.filter((v) => v.kind === "pharmacy" && v.id !== d.variant.id);
    const items = [d.variant, ...(rng.chance(0.5) ? [rng.pick(extras)] : [])];
    addOrder(d.patient, null, items, d.patient.demo ? 4 : nextOrderStatus(), d.patient.demo ? 55 : rng.int(1, 120));
  }
  const orderIds = await insertIds(db, t.orders, orders.map((o) => o.row));
  await insertRows(
    db,
    t.orderItems,
    orders.flatMap((o, i) => o.items.map((v) => ({ orderId: orderIds[i], variantId: v.id, quantity: 1, priceCents: v.priceCents }))),
  );

  // ---- uploads -----------------------------------------------------------------------------------
  type UploadDraft = typeof t.uploads.$inferInsert;
  const uploadRows: UploadDraft[] = [];
  const fileNames: Record<DocumentCategory, string> = { 1: "lab-results", 2: "bloodwork", 3: "photo-id", 4: "insurance-card", 5: "selfie" };
  const addUpload = (
    patient: PopPatient,
    category: DocumentCategory,
    opts: { byStaff?: number; status?: "for_review" | "completed"; visibility?: 0 | 1; daysAgo: number; title?: string; imageKind?: "front" | "back" | "selfie"; r?: Rng },
  ) => {
    const r = opts.r ?? rng;
    const n = uploadRows.length + 1;
    const ext = r.chance(0.7) ? "jpg" : "png";
    const fileName = `${fileNames[category]}-${n}.${ext}`;
    uploadRows.push({
      patientId: patient.userId,
      uploadedById: opts.byStaff ?? patient.userId,
      category,
      title: opts.title ?? "",
      fileName,
      mimeType: ext === "jpg" ? "image/jpeg" : "image/png",
      sizeBytes: r.int(80_000, 2_400_000),
      storageKey: `demo/${patient.userId}/${fileName}`,
      status: opts.status ?? "for_review",
      visibility: opts.visibility ?? 1,
      // The record's images (spec §3): ID and insurance uploads show a card's front unless they say otherwise.
      imageKind: opts.imageKind ?? (category === 3 || category === 4 ? "front" : null),
      createdAt: daysAgo(opts.daysAgo),
    });
  };
  addUpload(demo1, 3, { status: "completed", daysAgo: 115, title: "Driver's license" });
  addUpload(demo1, 3, { status: "completed", daysAgo: 115, title: "Selfie", imageKind: "selfie" });
  addUpload(demo1, 4, { status: "for_review", daysAgo: 2, title: "Insurance card (front)" });
  const demoLabIndex = uploadRows.length;
  addUpload(demo1, 1, { status: "for_review", daysAgo: 1.2, title: "Lipid panel" });
  addUpload(demo1, 2, { byStaff: nurses[0].id, status: "completed", visibility: 0, daysAgo: 30, title: "Baseline bloodwork" });
  addUpload(demo2, 3, { status: "for_review", daysAgo: 1, title: "Passport" });
  addUpload(demo2, 4, { status: "completed", daysAgo: 30, title: "Insurance card" });
  for (const p of pop.slice(2)) {
    if (!rng.chance(0.4)) continue;
    const n = rng.int(1, 2);
    for (let k = 0; k < n; k++) {
      const category = rng.int(1, 5) as DocumentCategory;
      const staffUpload = category <= 2 && rng.chance(0.3);
      addUpload(p, category, {
        byStaff: staffUpload ? rng.pick(nurses).id : undefined,
        status: rng.chance(0.5) ? "for_review" : "completed",
        visibility: staffUpload && rng.chance(0.5) ? 0 : 1,
        daysAgo: rng.int(0, 200) + rng.next(),
      });
    }
  }
  // The patient record's tabs (issue 13): the demo patients have an upload in every category, both sides of
  // an insurance card and a selfie. Their own random stream, so the population's data above and below stays as it was.
  const rec = mulberry32(SEED ^ 0x13a5);
  addUpload(demo1, 4, { status: "completed", daysAgo: 2, title: "Insurance card (back)", imageKind: "back", r: rec });
  addUpload(demo1, 5, { byStaff: nurses[0].id, status: "completed", visibility: 0, daysAgo: 20, title: "Referral letter", r: rec });
  addUpload(demo2, 3, { status: "completed", daysAgo: 1, title: "Selfie", imageKind: "selfie", r: rec });
  addUpload(demo2, 1, { byStaff: nurses[0].id, status: "for_review", visibility: 1, daysAgo: 5, title: "A1C", r: rec });
  const uploadIds = await insertIds(db, t.uploads, uploadRows);

  // ---- visit records, visit notes and weights (the patient record's visits, notes and progress tabs) ----------
  const visitRows: (typeof t.visitRecords.$inferInsert)[] = [];
  const noteRows: (typeof t.visitNotes.$inferInsert)[] = [];
  const weightRows: (typeof t.weightEntries.$inferInsert)[] = [];
  const VISIT_TYPES = ["async", "video", "phone", "follow_up"] as const;
  const ASSESSMENTS = ["Good candidate for treatment; no contraindications.", "Tolerating the current dose well.", "Mild nausea reported; continue and monitor.", "Blood pressure within normal range."];
  const PLANS = ["Continue the current plan; follow up in 4 weeks.", "Increase the dose at the next cycle if tolerated.", "Hold the increase; recheck in 2 weeks.", "Order labs before the next refill."];
  const NURSE_NOTES = ["Called the patient to review injection technique.", "Patient asked about side effects; reviewed the handout.", "Confirmed the shipping address for the next order.", "Left a voicemail about the missing lab results."];
  const PROVIDER_NOTES = ["Reviewed the intake; history is consistent.", "Discussed expectations and the titration schedule.", "Patient to report any severe symptoms by chat."];
  const isoDay = (d: Date) => d.toISOString().slice(0, 10);
  for (const d of treatments) {
    if (d.row.reviewStatus === "pending") continue;
    const demoPatient = d.patient.demo > 0;
    if (!demoPatient && !rec.chance(0.5)) continue;
    const created = (now - (d.row.createdAt as Date).getTime()) / 86_400_000;
    const visits = demoPatient ? 2 : 1;
    for (let k = 0; k < visits; k++) {
      const ago = Math.max(0.5, created - 1.5 - k * 28);
      visitRows.push({
        patientId: d.patient.userId,
        treatmentId: d.id!,
        providerId: d.row.providerId ?? null,
        visitType: k === 0 ? "async" : rec.pick(VISIT_TYPES),
        recordForm: {
          chiefComplaint: (d.row.intakeAnswers as { goal?: string } | null)?.goal ?? "Follow-up",
          assessment: rec.pick(ASSESSMENTS),
          plan: rec.pick(PLANS),
          followUpWeeks: rec.pick([2, 4, 8]),
          labsOrdered: rec.chance(0.3),
        },
        createdAt: daysAgo(ago),
      });
    }
    noteRows.push({ patientId: d.patient.userId, treatmentId: d.id!, authorId: d.row.providerId ?? null, kind: "provider", body: rec.pick(PROVIDER_NOTES), createdAt: daysAgo(Math.max(0.4, created - 1.6)) });
    if (demoPatient || rec.chance(0.5)) {
      noteRows.push({ patientId: d.patient.userId, treatmentId: d.id!, authorId: rec.pick(nurses).id, kind: "nurse", body: rec.pick(NURSE_NOTES), createdAt: daysAgo(Math.max(0.3, created - 5)) });
    }
  }
  // Weights: from the start weight to the current one, a measurement every four weeks or so (the demo patients six).
  for (const row of patientRows) {
    if (row.weightStart == null || row.weightCurrent == null) continue;
    const patient = pop.find((p) => p.userId === row.userId)!;
    const count = patient.demo === 1 ? 6 : patient.demo === 2 ? 3 : rec.int(2, 5);
    const since = Math.min(180, Math.max(30, (now - (row.createdAt as Date).getTime()) / 86_400_000));
    for (let k = 0; k < count; k++) {
      const f = count === 1 ? 1 : k / (count - 1);
      const w = Math.round((row.weightStart + (row.weightCurrent - row.weightStart) * f + (k > 0 && k < count - 1 ? rec.int(-2, 2) : 0)) * 10) / 10;
      weightRows.push({
        patientId: row.userId,
        weightLb: w,
        measuredOn: isoDay(daysAgo(since * (1 - f))),
        source: k === 0 ? "intake" : patient.demo === 1 && k === count - 2 ? "staff" : "patient",
        createdAt: daysAgo(since * (1 - f)),
      });
    }
  }
  await insertRows(db, t.visitRecords, visitRows);
  await insertRows(db, t.visitNotes, noteRows);
  await insertRows(db, t.weightEntries, weightRows);

  // ---- tasks -------------------------------------------------------------------------------------
  type TaskDraft = { row: typeof t.tasks.$inferInsert; comments: { userId: number | null; kind: "comment" | "activity"; description: string; createdAt: Date }[] };
  const taskDrafts: TaskDraft[] = [];
  const nextAssignee = cycler(activeStaff.map((s) => s.id));
  const combos: [TaskStatus, TaskCategory, TaskSource][] = [];
  for (const status of TASK_STATUS_VALUES) for (const category of TASK_CATEGORY_VALUES) for (const source of TASK_SOURCES) combos.push([status, category, source]);
  const extra = 140;
  for (let i = 0; i < extra; i++) combos.push([rng.pick([1, 1, 2, 4, 3] as const), rng.pick(TASK_CATEGORY_VALUES), rng.pick(TASK_SOURCES)]);
  const taskPatients = pop.slice(2);
  combos.forEach(([status, category, source], i) => {
    // The first dozen tasks are about the demo patients, so that their charts show tasks.
    const patient = i < 12 ? pop[i % 2] : rng.pick(taskPatients);
    const auto = category === 11 || (category === 5 && rng.chance(0.7));
    const assignee = nextAssignee();
    const creator = auto ? null : rng.pick(activeStaff).id;
    const created = rng.int(0, 90) + rng.next();
    const title = rng.pick(TASK_TITLES[category]);
    const description = `${title}. ${patient.firstName} ${patient.lastName} contacted us by ${source}. Please follow up.`;
    const comments: TaskDraft["comments"] = [];
    const at = (frac: number) => daysAgo(created * (1 - frac));
    comments.push({ userId: creator, kind: "activity", description: auto ? "Task created automatically" : "Task created", createdAt: at(0) });
    if (status !== 1) {
      comments.push({ userId: assignee, kind: "activity", description: `Status changed from To do to ${TASK_STATUS_LABELS[status]}`, createdAt: at(0.5) });
    }
    if (rng.chance(0.55)) {
      comments.push({ userId: assignee, kind: "comment", description: rng.pick(["Called the patient, left a voicemail.", "Sent an email with the details.", "Waiting for the pharmacy to confirm.", "Discussed with the provider; see notes.", "Patient confirmed by chat."]), createdAt: at(0.7) });
    }
    if (rng.chance(0.25)) {
      comments.push({ userId: rng.pick(activeStaff).id, kind: "comment", description: "Thanks, I'll take it from here.", createdAt: at(0.9) });
    }
    taskDrafts.push({
      comments,
      row: {
        title,
        description,
        htmlDescription: `<p>${title}.</p><p>${patient.firstName} ${patient.lastName} contacted us by <b>${source}</b>. Please follow up.</p>`,
        status,
        patientId: patient.userId,
        providerId: assignee,
        sectionType: patient.journeys[0],
        source,
        category,
        auto,
        dateAssigned: daysAgo(created),
        createdById: creator,
        createdAt: daysAgo(created),
        updatedAt: comments[comments.length - 1].createdAt,
      },
    });
  });
  const taskIds = await insertIds(db, t.tasks, taskDrafts.map((d) => d.row));
  await insertRows(
    db,
    t.taskComments,
    taskDrafts.flatMap((d, i) => d.comments.map((c) => ({ taskId: taskIds[i], ...c }))),
  );

  // ---- chats -------------------------------------------------------------------------------------
  type ChatDraft = {
    patient: PopPatient;
    category: ChatCategory;
    row: typeof t.chats.$inferInsert;
    messages: { senderId: number; fromPatient: boolean; message: string; createdAt: Date; attachUpload?: number }[];
    /** The patient has not read the last staff message; the assigned staff member has not read the last patient one. */
    unreadForPatient: boolean;
    unreadForStaff: boolean;
  };
  const chats: ChatDraft[] = [];
  const staffFor = (category: ChatCategory, assigned: number | null) =>
    assigned ?? rng.pick(category === "medical" ? [...nurses, ...clinicians] : category === "support" ? supportStaff : [...supportStaff, ...nurses]).id;
  const addChat = (patient: PopPatient, category: ChatCategory, opts: { assigned: number | null; count: number; startDaysAgo: number; endsWithPatient: boolean; unreadForPatient: boolean; attachUpload?: number }) => {
    const treatment = treatments.find((d) => d.patient === patient && (category !== "medical" || d.row.sectionType !== 3));
    const messages: ChatDraft["messages"] = [];
    const staffMember = staffFor(category, opts.assigned);
    let greeted = false;
    let attached = false;
    let at = now - opts.startDaysAgo * 86_400_000;
    const step = (opts.startDaysAgo * 86_400_000) / (opts.count + 1);
    // Patient and staff alternate; who writes first follows from who must write last (endsWithPatient).
    const firstFromPatient = opts.count % 2 === 1 ? opts.endsWithPatient : !opts.endsWithPatient;
    for (let k = 0; k < opts.count; k++) {
      at += step * (0.5 + 0.5 * rng.next());
      const fromPatient = k % 2 === 0 ? firstFromPatient : !firstFromPatient;
      let message = rng.pick(fromPatient ? PATIENT_LINES[category] : STAFF_LINES[category]);
      const attach = fromPatient && !attached ? opts.attachUpload : undefined;
      if (fromPatient) attached = true;
      if (!fromPatient && !greeted) {
        message = `<p>Hi ${patient.firstName},</p>${message}`;
        greeted = true;
      }
      messages.push({
        senderId: fromPatient ? patient.userId : staffMember,
        fromPatient,
        message,
        createdAt: new Date(Math.min(at, now - 60_000)),
        attachUpload: attach,
      });
    }
    chats.push({
      patient,
      category,
      messages,
      unreadForPatient: opts.unreadForPatient && !opts.endsWithPatient,
      unreadForStaff: opts.endsWithPatient,
      row: {
        patientId: patient.userId,
        treatmentId: treatment?.id ?? null,
        category,
        assignedProviderId: opts.assigned,
        botEnabled: category === "support" && rng.chance(0.3),
        lastMessageAt: messages.length ? messages[messages.length - 1].createdAt : null,
        createdAt: messages.length ? messages[0].createdAt : daysAgo(opts.startDaysAgo),
      },
    });
  };
  addChat(demo1, "medical", { assigned: demoProvider, count: 7, startDaysAgo: 20, endsWithPatient: false, unreadForPatient: true, attachUpload: uploadIds[demoLabIndex] });
  addChat(demo1, "support", { assigned: null, count: 4, startDaysAgo: 12, endsWithPatient: true, unreadForPatient: false });
  addChat(demo1, "pharmacy", { assigned: null, count: 3, startDaysAgo: 5, endsWithPatient: false, unreadForPatient: true });
  addChat(demo2, "medical", { assigned: demoProvider, count: 3, startDaysAgo: 1, endsWithPatient: true, unreadForPatient: false });
  addChat(demo2, "support", { assigned: null, count: 2, startDaysAgo: 3, endsWithPatient: false, unreadForPatient: false });
  for (const p of pop.slice(2)) {
    for (const [category, p0] of [["medical", 0.6], ["support", 0.3], ["pharmacy", 0.15]] as const) {
      if (!rng.chance(p0)) continue;
      const assigned = category === "medical" && rng.chance(0.5) ? (rng.chance(0.3) ? demoProvider : nextClinician()) : null;
      addChat(p, category, {
        assigned,
        count: rng.int(1, 6),
        startDaysAgo: rng.int(1, 120),
        endsWithPatient: rng.chance(0.5),
        unreadForPatient: rng.chance(0.4),
      });
    }
  }
  const chatIds = await insertIds(db, t.chats, chats.map((c) => c.row));
  const messageRows = chats.flatMap((c, i) => c.messages.map((m) => ({ chatId: chatIds[i], senderId: m.senderId, message: m.message, createdAt: m.createdAt })));
  const messageIds = await insertIds(db, t.chatMessages, messageRows);

  // Read pointers: each participant has read everything up to their own last message, or all of it.
  const readRows: (typeof t.chatReads.$inferInsert)[] = [];
  const attachmentRows: (typeof t.chatAttachments.$inferInsert)[] = [];
  let m = 0;
  chats.forEach((c, i) => {
    const ids = c.messages.map((_, k) => messageIds[m + k]);
    c.messages.forEach((msg, k) => {
      if (msg.attachUpload) attachmentRows.push({ messageId: ids[k], uploadId: msg.attachUpload, title: "Lab results" });
    });
    m += c.messages.length;
    const lastId = ids[ids.length - 1] ?? 0;
    const lastOwn = (fromPatient: boolean) => {
      for (let k = c.messages.length - 1; k >= 0; k--) if (c.messages[k].fromPatient === fromPatient) return ids[k];
      return 0;
    };
    readRows.push({ chatId: chatIds[i], userId: c.patient.userId, lastReadMessageId: c.unreadForPatient ? lastOwn(true) : lastId });
    if (c.row.assignedProviderId) {
      readRows.push({ chatId: chatIds[i], userId: c.row.assignedProviderId, lastReadMessageId: c.unreadForStaff ? lastOwn(false) : lastId });
    }
  });
  await insertRows(db, t.chatReads, readRows);
  await insertRows(db, t.chatAttachments, attachmentRows);
  // Suggested replies (issue 17, api/domain/assistant/): one "chat" template per category and language.
  const chatTemplates: [string, string, string][] = [
    ["medical", "Hi {{patientFirstName}},\n\nThank you for your message. {{factsSentence}}\n\nYour care team will follow up if anything needs to change. Let us know how you are feeling.\n\nBest regards,\n{{staffName}}", "Hola {{patientFirstName}}:\n\nGracias por su mensaje. {{factsSentence}}\n\nSu equipo de atención le avisará si algo debe cambiar. Cuéntenos cómo se siente.\n\nSaludos cordiales,\n{{staffName}}"],
    ["support", "Hi {{patientFirstName}},\n\nThanks for reaching out. {{factsSentence}}\n\nI am looking into this for you and will get back to you shortly.\n\n{{staffName}}", "Hola {{patientFirstName}}:\n\nGracias por escribirnos. {{factsSentence}}\n\nEstoy revisando esto y le responderé en breve.\n\n{{staffName}}"],
    ["pharmacy", "Hi {{patientFirstName}},\n\nThank you for your message about your medication. {{factsSentence}}\n\n{{staffName}}", "Hola {{patientFirstName}}:\n\nGracias por su mensaje sobre su medicamento. {{factsSentence}}\n\n{{staffName}}"],
  ];
  await insertRows(
    db,
    t.messageTemplates,
    chatTemplates.flatMap(([category, en, es]) => [
      { group: "chat", category, name: `Chat reply (${category})`, locale: "en-US" as const, text: en, variables: ["patientFirstName", "factsSentence", "staffName"] },
      { group: "chat", category, name: `Respuesta de chat (${category})`, locale: "es-US" as const, text: es, variables: ["patientFirstName", "factsSentence", "staffName"] },
    ]),
  );
  // The maintained unread figures (issue 17): the side pointers from these reads, the counters after them.
  await db.execute(sql`
    update chats c set
      patient_read_message_id = coalesce((select r.last_read_message_id from chat_reads r where r.chat_id = c.id and r.user_id = c.patient_id), 0),
      staff_read_message_id = coalesce((select max(r.last_read_message_id) from chat_reads r where r.chat_id = c.id and r.user_id <> c.patient_id), 0)`);
  await db.execute(sql`
    update chats c set
      staff_unread_count = (select count(*) from chat_messages m where m.chat_id = c.id and m.deleted_at is null and m.sender_id is not distinct from c.patient_id and m.id > c.staff_read_message_id),
      patient_unread_count = (select count(*) from chat_messages m where m.chat_id = c.id and m.deleted_at is null and m.sender_id is distinct from c.patient_id and m.id > c.patient_read_message_id)`);
}

/** The chat bot's acknowledgement (issue 17, api/domain/chat-bot.ts): one "chatBot" template per category and language. */
async function seedChatBotTemplates(db: Db) {
  const en = "Hi {{patientFirstName}}, thanks for your message. We have received it and a member of our team will reply as soon as possible.";
  const es = "Hola {{patientFirstName}}, gracias por su mensaje. Lo hemos recibido y un miembro de nuestro equipo le responderá lo antes posible.";
  await insertRows(
    db,
    t.messageTemplates,
    ["medical", "support", "pharmacy"].flatMap((category) => [
      { group: "chatBot", category, name: `Automatic acknowledgement (${category})`, locale: "en-US" as const, text: en, variables: ["patientFirstName"] },
      { group: "chatBot", category, name: `Acuse automático (${category})`, locale: "es-US" as const, text: es, variables: ["patientFirstName"] },
    ]),
  );
}
