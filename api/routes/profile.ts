/** GET/PUT /api/v1/profile: the signed-in user's profile of spec §3. */
import { Router, type Request } from "express";
import { and, eq, sql, type Placeholder } from "drizzle-orm";
import { profileUpdateSchema, type Address, type Profile, type SessionSummary } from "../contract/users.ts";
import { V, isTimeZone, phoneE164, zoneOffsetMinutes } from "../contract/validation.ts";
import type { Db } from "../db/client.ts";
import { addresses, chats, patients, users } from "../db/schema.ts";
import { audit } from "../domain/audit.ts";
import { PROFESSION_LABELS, type UserRole } from "../contract/roles.ts";
import { endpoint } from "../http/endpoint.ts";
import { badRequest, ok, unauthorized, fieldCode } from "../http/errors.ts";
import { parseBody } from "../http/validate.ts";
import { emailRequestNotice, requestEmailConfirmation } from "./account.ts";

export function formatUtcOffset(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

/**
 * The unread-messages count of unreadChatCount, as a query builder (also a scalar subquery of the session summary): the
 * maintained counters of chats (issue 17, migration chat_messaging), summed over the patient's chats (one per category)
 * or the chats assigned to a staff member that have unread messages (index chats_assigned_unread_idx).
 */
function unreadChatQuery(db: Db, userId: number | Placeholder, isPatient: boolean) {
  return isPatient
    ? db.select({ n: sql<number>`coalesce(sum(${chats.patientUnreadCount}), 0)::int` }).from(chats).where(eq(chats.patientId, userId))
    : db
        .select({ n: sql<number>`coalesce(sum(${chats.staffUnreadCount}), 0)::int` })
        .from(chats)
        .where(and(eq(chats.assignedProviderId, userId), sql`${chats.staffUnreadCount} > 0`));
}

/** Unread messages: for a patient, staff messages in their chats; for staff, patient messages in chats assigned to them. */
export async function unreadChatCount(db: Db, userId: number, isPatient: boolean): Promise<number> {
  const [row] = await unreadChatQuery(db, userId, isPatient);
  return row?.n ?? 0;
}

/**
 * session-info's summary as one prepared statement per database and kind of user (issue 11: every page load asks
 * for it): the user, their patient flags and the unread count in one round trip, the SQL built once.
 */
function prepareSessionSummary(db: Db, isPatient: boolean) {
  const userId = sql.placeholder("userId");
  return db
    .select({
      fullName: users.fullName,
      firstName: users.firstName,
      avatarUrl: users.avatarUrl,
      profession: users.profession,
      availability: users.availability,
      utcOffsetMinutes: users.utcOffsetMinutes,
      timeZone: users.timeZone,
      progress: patients.isProgressAvailability,
      pharmacyAccess: patients.hasPharmacyAccess,
      pharmacy: patients.isPharmacyAvailability,
      unread: sql<number>`(${unreadChatQuery(db, userId, isPatient)})`.mapWith(Number),
    })
    .from(users)
    .leftJoin(patients, eq(patients.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1)
    .prepare(isPatient ? "session_summary_patient" : "session_summary_staff");
}
const preparedSummaries = new WeakMap<Db, { patient: ReturnType<typeof prepareSessionSummary>; staff: ReturnType<typeof prepareSessionSummary> }>();

/** session-info's `summary` (api/contract/users.ts): the layouts' part of loadProfile, without the addresses. */
export async function loadSessionSummary(db: Db, userId: number, role: UserRole): Promise<SessionSummary | null> {
  let prepared = preparedSummaries.get(db);
  if (!prepared) preparedSummaries.set(db, (prepared = { patient: prepareSessionSummary(db, true), staff: prepareSessionSummary(db, false) }));
  const [u] = await (role === "patients" ? prepared.patient : prepared.staff).execute({ userId });
  if (!u) return null;
  return {
    fullName: u.fullName,
    firstName: u.firstName,
    avatarUrl: u.avatarUrl,
    profession: u.profession ? { value: u.profession, label: PROFESSION_LABELS[u.profession] } : null,
    availability: u.availability,
    isProgressAvailability: u.progress ?? false,
    hasPharmacyAccess: u.pharmacyAccess ?? false,
    isPharmacyAvailability: u.pharmacy ?? false,
    unreadChatMessagesCount: u.unread ?? 0,
    // With an IANA zone the offset follows it (daylight saving time); otherwise the stored offset.
    utcOffsetMinutes: u.timeZone && isTimeZone(u.timeZone) ? zoneOffsetMinutes(u.timeZone) : u.utcOffsetMinutes,
    timeZone: u.timeZone,
  };
}

export async function loadProfile(db: Db, userId: number): Promise<Profile | null> {
  const [u] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!u) return null;
  const isPatient = u.role === "patients";
  const [p] = isPatient ? await db.select().from(patients).where(eq(patients.userId, userId)).limit(1) : [];
  const rows = await db.select().from(addresses).where(eq(addresses.userId, userId));
  const pick = (type: "shipping" | "billing"): Address | null => {
    const a = rows.find((r) => r.addressType === type);
    if (!a) return null;
    const { userId: _u, createdAt: _c, updatedAt: _m, ...rest } = a;
    return rest;
  };
  // With an IANA zone the offset follows it (daylight saving time); otherwise the stored offset.
  const offset = u.timeZone && isTimeZone(u.timeZone) ? zoneOffsetMinutes(u.timeZone) : u.utcOffsetMinutes;
  return {
    id: u.id,
    email: u.email,
    role: u.role,
    firstName: u.firstName,
    middleName: u.middleName,
    lastName: u.lastName,
    fullName: u.fullName,
    phone: u.phone,
    avatarUrl: u.avatarUrl,
    utcOffset: formatUtcOffset(offset),
    utcOffsetMinutes: offset,
    timeZone: u.timeZone,
    dateOfBirth: p?.dateOfBirth ?? null,
    locale: u.locale,
    profession: u.profession ? { value: u.profession, label: PROFESSION_LABELS[u.profession] } : null,
    userStatus: u.userStatus,
    availability: u.availability,
    addresses: { shippingAddress: pick("shipping"), billingAddress: pick("billing") },
    isProgressAvailability: p?.isProgressAvailability ?? false,
    hasPharmacyAccess: p?.hasPharmacyAccess ?? false,
    isPharmacyAvailability: p?.isPharmacyAvailability ?? false,
    unreadChatMessagesCount: await unreadChatCount(db, u.id, isPatient),
    totpEnabled: u.totpEnabled,
  };
}

function me(req: Request) {
  const user = req.auth.user;
  if (!user) throw unauthorized();
  return user;
}

export function profileRoutes(): Router {
  const router = Router();

  endpoint(router, "GET /api/v1/profile", async (req, res) => {
    const user = me(req);
    const profile = await loadProfile(req.deps.db, user.id);
    if (!profile) throw unauthorized();
    // Not audited: this is the caller reading their own account, which every patient page does for its menu (the
    // name, picture, flags and unread count); an audit row per page view was most of the cost of this call (issue
    // 11). Staff reads of a patient's data, and every change, are audited.
    ok(res, profile);
  });

  endpoint(router, "PUT /api/v1/profile", async (req, res) => {
    const user = me(req);
    const input = parseBody(req, profileUpdateSchema);
    // An email change only starts here: a link goes to the new address (api/routes/account.ts).
    const emailRequest =
      input.user?.email !== undefined && input.user.email.toLowerCase() !== user.email.toLowerCase()
        ? await requestEmailConfirmation(req, input.user.email)
        : null;
    const { user: _ignored, phone, dateOfBirth, timeZone, ...fields } = input;
    if (dateOfBirth !== undefined && user.role !== "patients") {
      throw badRequest("common.invalidFields", fieldCode("dateOfBirth", V.dobPatientsOnly));
    }
    const changes: Partial<typeof users.$inferInsert> = { ...fields };
    // Phones are stored as "+1" and the ten digits (spec §5; the web shows "(area) prefix-line").
    if (phone !== undefined) changes.phone = phone === "" ? null : phoneE164(phone);
    if (timeZone !== undefined) {
      changes.timeZone = timeZone === "" ? null : timeZone;
      if (timeZone !== "" && fields.utcOffsetMinutes === undefined) changes.utcOffsetMinutes = zoneOffsetMinutes(timeZone);
    }
    if (Object.keys(changes).length > 0) {
      await req.deps.db.update(users).set({ ...changes, updatedAt: new Date() }).where(eq(users.id, user.id));
    }
    if (dateOfBirth !== undefined) {
      await req.deps.db.update(patients).set({ dateOfBirth, updatedAt: new Date() }).where(eq(patients.userId, user.id));
    }
    const changed = [...Object.keys(changes), ...(dateOfBirth !== undefined ? ["dateOfBirth"] : [])];
    await audit(req, {
      action: "profile.update",
      patientId: user.role === "patients" ? user.id : null,
      entityType: "user",
      entityId: user.id,
      meta: { fields: changed.join(",") },
    });
    ok(res, await loadProfile(req.deps.db, user.id), emailRequest ? emailRequestNotice(emailRequest) : "account.profileUpdated");
  });

  return router;
}
