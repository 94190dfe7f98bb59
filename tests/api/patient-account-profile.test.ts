/**
 * Patient account, profile half: date of birth, phone, time zone on PUT /api/v1/profile, and the profile
 * picture (POST/DELETE /api/v1/profile/avatar, GET /api/v1/avatars/{key}): type by content, size limit,
 * re-encoding that leaves no metadata in the stored image.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import { AVATAR_MAX_BYTES, AVATAR_TOO_LARGE_MESSAGE, AVATAR_TYPE_MESSAGE, AVATAR_UNREADABLE_MESSAGE } from "../../api/contract/patient-account.ts";
import type { Profile } from "../../api/contract/users.ts";
import { auditEvents, patients, users } from "../../api/db/schema.ts";
import { objectStorage } from "../../api/domain/storage.ts";
import { Client, LOGINS, signedIn, startTestApi, type TestApi } from "./harness.ts";
import { fetchBytes, jpegWithExif, makeImage, pngChunks, pngWithText, uploadFile } from "./patient-account-helpers.ts";

let api: TestApi;
let dataDir: string;
let patient: Client;
let patientId: number;
type Errors = { errors: Record<string, string[]> };

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "th-avatar-"));
  api = await startTestApi({ env: { DATA_DIR: dataDir } });
  patient = await signedIn(api.url, "patients");
  [{ id: patientId }] = await api.database.db.select({ id: users.id }).from(users).where(eq(users.email, LOGINS.patients));
});
afterAll(async () => {
  await api?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const isoDaysFromToday = (years: number, days = 0) => {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear() + years, now.getUTCMonth(), now.getUTCDate() + days));
  return d.toISOString().slice(0, 10);
};

async function auditRows(action: string) {
  return api.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.patientId, patientId)))
    .orderBy(desc(auditEvents.id));
}

describe("PUT /api/v1/profile: date of birth", () => {
  it("accepts yyyy-MM-dd and MM/dd/yyyy, stores it on the patient and answers yyyy-MM-dd", async () => {
    const r = await patient.put<Profile>("/api/v1/profile", { dateOfBirth: "1986-04-23" });
    expect(r.status).toBe(200);
    expect(r.body.data!.dateOfBirth).toBe("1986-04-23");
    const us = await patient.put<Profile>("/api/v1/profile", { dateOfBirth: "07/04/1990" });
    expect(us.body.data!.dateOfBirth).toBe("1990-07-04");
    const [row] = await api.database.db.select({ dob: patients.dateOfBirth }).from(patients).where(eq(patients.userId, patientId));
    expect(row.dob).toBe("1990-07-04");
    expect((await patient.get<Profile>("/api/v1/profile")).body.data!.dateOfBirth).toBe("1990-07-04");
  });

  it("gives each rule its own message: invalid, future, too far back, under 18", async () => {
    const cases: [string, string][] = [
      ["2001-02-30", "Enter a valid date of birth"],
      ["13/01/1990", "Enter a valid date of birth"],
      ["not a date", "Enter a valid date of birth"],
      [isoDaysFromToday(0, 1), "Date of birth cannot be in the future"],
      [isoDaysFromToday(-120, -1), "Date of birth cannot be more than 120 years ago"],
      [isoDaysFromToday(-18, 1), "You must be 18 or older"],
      [isoDaysFromToday(-5), "You must be 18 or older"],
    ];
    for (const [value, message] of cases) {
      const r = await patient.put<Errors>("/api/v1/profile", { dateOfBirth: value });
      expect(r.status, value).toBe(400);
      expect(r.body.data!.errors, value).toEqual({ dateOfBirth: [message] });
    }
  });

  it("accepts the boundaries: exactly 18 today, exactly 120 years ago", async () => {
    for (const value of [isoDaysFromToday(-18), isoDaysFromToday(-120)]) {
      const r = await patient.put<Profile>("/api/v1/profile", { dateOfBirth: value });
      expect(r.status, value).toBe(200);
      expect(r.body.data!.dateOfBirth).toBe(value);
    }
  });

  it("clears it with an empty value, and refuses it for staff", async () => {
    expect((await patient.put<Profile>("/api/v1/profile", { dateOfBirth: "" })).body.data!.dateOfBirth).toBeNull();
    await patient.put("/api/v1/profile", { dateOfBirth: "1986-04-23" });
    const staff = await signedIn(api.url, "providers");
    const r = await staff.put<Errors>("/api/v1/profile", { dateOfBirth: "1980-01-01" });
    expect(r.status).toBe(400);
    expect(r.body.data!.errors).toEqual({ dateOfBirth: ["Only patients have a date of birth on file"] });
    expect((await staff.get<Profile>("/api/v1/profile")).body.data!.dateOfBirth).toBeNull();
  });
});

describe("PUT /api/v1/profile: phone and time zone", () => {
  it("stores the phone as +1 and ten digits, whatever the format typed", async () => {
    for (const typed of ["(303) 555-0188", "303.555.0188", "+1 303 555 0188", "13035550188"]) {
      const r = await patient.put<Profile>("/api/v1/profile", { phone: typed });
      expect(r.status, typed).toBe(200);
      expect(r.body.data!.phone, typed).toBe("+13035550188");
    }
    const bad = await patient.put<Errors>("/api/v1/profile", { phone: "555-01" });
    expect(bad.body.data!.errors.phone).toEqual(["Enter a phone number in the format (555) 123-4567"]);
    expect((await patient.put<Profile>("/api/v1/profile", { phone: "" })).body.data!.phone).toBeNull();
  });

  it("takes an IANA zone, sets the offset from it, and answers both", async () => {
    const expected = Math.round(
      (Date.parse(new Date().toLocaleString("en-US", { timeZone: "America/Denver" }) + " UTC") - Date.parse(new Date().toLocaleString("en-US", { timeZone: "UTC" }) + " UTC")) / 60_000,
    );
    const r = await patient.put<Profile>("/api/v1/profile", { timeZone: "America/Denver" });
    expect(r.status).toBe(200);
    expect(r.body.data!.timeZone).toBe("America/Denver");
    expect([-360, -420]).toContain(r.body.data!.utcOffsetMinutes);
    expect(r.body.data!.utcOffsetMinutes).toBe(expected);
    const cleared = await patient.put<Profile>("/api/v1/profile", { timeZone: "", utcOffsetMinutes: 330 });
    expect(cleared.body.data).toMatchObject({ timeZone: null, utcOffsetMinutes: 330, utcOffset: "+05:30" });
  });

  it("refuses unknown zones and offsets that are not whole quarter hours in range", async () => {
    const zone = await patient.put<Errors>("/api/v1/profile", { timeZone: "Mars/Olympus_Mons" });
    expect(zone.body.data!.errors).toEqual({ timeZone: ["Choose a valid time zone"] });
    for (const v of [7, -780, 900]) {
      const r = await patient.put<Errors>("/api/v1/profile", { utcOffsetMinutes: v });
      expect(r.status).toBe(400);
      expect(r.body.data!.errors.utcOffsetMinutes).toEqual(["Choose a UTC offset between -12:00 and +14:00"]);
    }
  });

  it("keeps the middle name when an update does not send it", async () => {
    await patient.put("/api/v1/profile", { firstName: "Emma", middleName: "Rose", lastName: "Carter" });
    const r = await patient.put<Profile>("/api/v1/profile", { phone: "(415) 555-0123" });
    expect(r.body.data!.middleName).toBe("Rose");
    const bad = await patient.put<Errors>("/api/v1/profile", { middleName: "R0se" });
    expect(bad.body.data!.errors).toEqual({ middleName: ["Only letters, spaces, dashes and apostrophes are allowed"] });
  });

  it("audits each update with the names of the changed fields", async () => {
    await patient.put("/api/v1/profile", { dateOfBirth: "1986-04-23", phone: "(415) 555-0123" });
    const [row] = await auditRows("profile.update");
    expect(row.meta).toEqual({ fields: "phone,dateOfBirth" });
    expect(row).toMatchObject({ actorId: patientId, actorRole: "patients", outcome: "success" });
  });
});

describe("profile picture", () => {
  const storedKey = (url: string) => url.split("/").pop()!;

  it("accepts a PNG named .jpg, and answers a re-encoded square PNG of at most 400x400", async () => {
    const png = await makeImage("png", 600, 450);
    const r = await uploadFile<Profile>(patient, "/api/v1/profile/avatar", { bytes: png, name: "holiday.jpg", type: "image/jpeg" });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe("Your profile picture has been updated.");
    const url = r.body.data!.avatarUrl!;
    expect(url).toMatch(/^\/api\/v1\/avatars\/[a-f0-9]{32}$/);
    const got = await fetchBytes(patient, url);
    expect(got.status).toBe(200);
    expect(got.headers.get("content-type")).toBe("image/png");
    expect(got.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
    const meta = await sharp(got.bytes).metadata();
    expect(meta).toMatchObject({ format: "png", width: 400, height: 400 });
  });

  it("keeps small pictures small (no enlargement) and takes GIFs", async () => {
    const gif = await makeImage("gif", 120, 90);
    const r = await uploadFile<Profile>(patient, "/api/v1/profile/avatar", { bytes: gif, name: "tiny.gif", type: "image/gif" });
    expect(r.status).toBe(200);
    const meta = await sharp((await fetchBytes(patient, r.body.data!.avatarUrl!)).bytes).metadata();
    expect(meta).toMatchObject({ format: "png", width: 90, height: 90 });
  });

  it("strips EXIF and GPS data from a JPEG: the stored bytes hold none of it", async () => {
    const secret = "SECRET-LOCATION-7731";
    const jpeg = await jpegWithExif(secret);
    expect(jpeg.includes(Buffer.from(secret))).toBe(true);
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const r = await uploadFile<Profile>(patient, "/api/v1/profile/avatar", { bytes: jpeg, name: "IMG_0001.JPG", type: "image/jpeg" });
    expect(r.status).toBe(200);
    const key = storedKey(r.body.data!.avatarUrl!);
    // Read back what storage holds, not only what the route serves.
    const stored = (await objectStorage(api.config).get(`avatars/${key}.png`))!;
    expect(stored).not.toBeNull();
    for (const bytes of [stored.bytes, (await fetchBytes(patient, r.body.data!.avatarUrl!)).bytes]) {
      expect(bytes.includes(Buffer.from(secret))).toBe(false);
      expect(bytes.includes(Buffer.from("TestPhone"))).toBe(false);
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe("png");
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(pngChunks(bytes).filter((c) => !["IHDR", "IDAT", "IEND"].includes(c))).toEqual([]);
    }
  });

  it("strips text chunks from a PNG", async () => {
    const secret = "GPS 37.7749 N 122.4194 W";
    const png = await pngWithText(secret);
    expect(pngChunks(png)).toContain("tEXt");
    const r = await uploadFile<Profile>(patient, "/api/v1/profile/avatar", { bytes: png, name: "me.png", type: "image/png" });
    expect(r.status).toBe(200);
    const stored = (await objectStorage(api.config).get(`avatars/${storedKey(r.body.data!.avatarUrl!)}.png`))!;
    expect(pngChunks(stored.bytes)).not.toContain("tEXt");
    expect(pngChunks(stored.bytes).filter((c) => !["IHDR", "IDAT", "IEND"].includes(c))).toEqual([]);
    expect(stored.bytes.includes(Buffer.from(secret))).toBe(false);
  });

  it("refuses an HTML file named .png, by its content, with a clear message", async () => {
    const before = (await patient.get<Profile>("/api/v1/profile")).body.data!.avatarUrl;
    const html = Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>");
    const r = await uploadFile<Errors>(patient, "/api/v1/profile/avatar", { bytes: html, name: "photo.png", type: "image/png" });
    expect(r.status).toBe(415);
    expect(r.body.message).toBe(AVATAR_TYPE_MESSAGE);
    expect(r.body.data!.errors).toEqual({ avatar: [AVATAR_TYPE_MESSAGE] });
    expect((await patient.get<Profile>("/api/v1/profile")).body.data!.avatarUrl).toBe(before);
    const [failure] = await auditRows("avatar.update");
    expect(failure).toMatchObject({ outcome: "failure", meta: { reason: "type" } });
  });

  it("refuses other types (SVG, WebP-like bytes) and damaged images", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    expect((await uploadFile(patient, "/api/v1/profile/avatar", { bytes: svg, name: "x.gif" })).status).toBe(415);
    const webp = await sharp({ create: { width: 10, height: 10, channels: 3, background: "blue" } }).webp().toBuffer();
    expect((await uploadFile(patient, "/api/v1/profile/avatar", { bytes: webp, name: "x.png" })).status).toBe(415);
    const png = await makeImage("png", 50, 50);
    const damaged = Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]);
    const r = await uploadFile(patient, "/api/v1/profile/avatar", { bytes: damaged, name: "x.png" });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(AVATAR_UNREADABLE_MESSAGE);
  });

  it("refuses a file over the size limit with 'Uploaded image is too large'", async () => {
    const png = await makeImage("png", 20, 20);
    const big = Buffer.concat([png, Buffer.alloc(AVATAR_MAX_BYTES + 1 - png.length)]);
    const r = await uploadFile<Errors>(patient, "/api/v1/profile/avatar", { bytes: big, name: "big.png", type: "image/png" });
    expect(r.status).toBe(413);
    expect(r.body.message).toBe(AVATAR_TOO_LARGE_MESSAGE);
    expect(r.body.data!.errors).toEqual({ avatar: ["Uploaded image is too large"] });
  });

  it("asks for a file when there is none, and needs the CSRF token", async () => {
    const none = await patient.post("/api/v1/profile/avatar", {});
    expect(none.status).toBe(400);
    expect(none.body.message).toBe("Choose an image to upload.");
    const wrongField = await uploadFile(patient, "/api/v1/profile/avatar", { bytes: await makeImage("png", 10, 10), name: "a.png" }, { field: "picture" });
    expect(wrongField.status).toBe(400);
    const noCsrf = await uploadFile(patient, "/api/v1/profile/avatar", { bytes: await makeImage("png", 10, 10), name: "a.png" }, { csrf: false });
    expect(noCsrf.status).toBe(403);
  });

  it("replaces the old picture (its URL stops working), and DELETE removes it", async () => {
    const first = await uploadFile<Profile>(patient, "/api/v1/profile/avatar", { bytes: await makeImage("png", 40, 40), name: "a.png" });
    const second = await uploadFile<Profile>(patient, "/api/v1/profile/avatar", { bytes: await makeImage("jpeg", 40, 40), name: "b.jpeg" });
    expect(second.body.data!.avatarUrl).not.toBe(first.body.data!.avatarUrl);
    expect((await fetchBytes(patient, first.body.data!.avatarUrl!)).status).toBe(404);
    expect(await objectStorage(api.config).get(`avatars/${storedKey(first.body.data!.avatarUrl!)}.png`)).toBeNull();
    const del = await patient.delete<Profile>("/api/v1/profile/avatar");
    expect(del.status).toBe(200);
    expect(del.body.data!.avatarUrl).toBeNull();
    expect((await fetchBytes(patient, second.body.data!.avatarUrl!)).status).toBe(404);
    expect((await auditRows("avatar.delete")).length).toBe(1);
  });

  it("serves a picture to signed-in users only, by its exact key", async () => {
    const up = await uploadFile<Profile>(patient, "/api/v1/profile/avatar", { bytes: await makeImage("png", 40, 40), name: "a.png" });
    const url = up.body.data!.avatarUrl!;
    const staff = await signedIn(api.url, "medicalSupport");
    expect((await fetchBytes(staff, url)).status).toBe(200);
    const [read] = await auditRows("avatar.read");
    expect(read).toMatchObject({ actorRole: "medicalSupport", patientId });
    const guest = await signedIn(api.url, "guest");
    expect((await fetchBytes(guest, url)).status).toBe(401);
    expect((await fetchBytes(patient, "/api/v1/avatars/" + "0".repeat(32))).status).toBe(404);
    expect((await fetchBytes(patient, "/api/v1/avatars/..%2F..%2Fsecret")).status).toBe(404);
  });

  it("lets staff set their own picture too", async () => {
    const staff = await signedIn(api.url, "providers");
    const r = await uploadFile<Profile>(staff, "/api/v1/profile/avatar", { bytes: await makeImage("jpeg", 300, 500), name: "me.jpg" });
    expect(r.status).toBe(200);
    expect(r.body.data!.role).toBe("providers");
    expect((await sharp((await fetchBytes(staff, r.body.data!.avatarUrl!)).bytes).metadata()).width).toBe(300);
  });
});
