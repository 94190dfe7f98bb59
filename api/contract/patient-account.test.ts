/** Pure rules of the patient-account contract: date of birth, time zones, card checks, ZIP codes. */
import { describe, expect, it } from "vitest";
import { TEST_CARDS, cardBrand, cardExpired, luhnValid, normalizeZip, saveAddressRequestSchema } from "./patient-account.ts";
import { V, dateOfBirthProblem, isTimeZone, parseCalendarDate, phoneE164, zoneOffsetMinutes } from "./validation.ts";

const at = (iso: string) => new Date(iso + "T12:00:00Z");

describe("date of birth", () => {
  it("parses ISO and US dates and refuses impossible ones", () => {
    expect(parseCalendarDate("2000-02-29")).toBe("2000-02-29");
    expect(parseCalendarDate("1/5/1990")).toBe("1990-01-05");
    expect(parseCalendarDate("1900-02-29")).toBeNull();
    expect(parseCalendarDate("1990-1-5")).toBeNull();
  });

  it("applies each rule against a fixed today", () => {
    const now = at("2026-03-15");
    expect(dateOfBirthProblem("2026-03-16", now)).toBe(V.dobFuture);
    expect(dateOfBirthProblem("2008-03-15", now)).toBeNull();
    expect(dateOfBirthProblem("2008-03-16", now)).toBe(V.dobUnderage);
    expect(dateOfBirthProblem("1906-03-15", now)).toBeNull();
    expect(dateOfBirthProblem("1906-03-14", now)).toBe(V.dobTooOld);
    expect(dateOfBirthProblem("31/12/1990", now)).toBe(V.dobInvalid);
  });
});

describe("time zones and phones", () => {
  it("computes a zone's offset with daylight saving time", () => {
    expect(zoneOffsetMinutes("America/Denver", new Date("2026-01-15T12:00:00Z"))).toBe(-420);
    expect(zoneOffsetMinutes("America/Denver", new Date("2026-07-15T12:00:00Z"))).toBe(-360);
    expect(zoneOffsetMinutes("Asia/Kolkata", new Date("2026-07-15T12:00:00Z"))).toBe(330);
    expect(zoneOffsetMinutes("UTC")).toBe(0);
  });

  it("builds one formatter per zone, not one per call (the profile page lists ten zones on every render)", () => {
    const Real = Intl.DateTimeFormat;
    let made = 0;
    class Counting extends Real {
      constructor(...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
        super(...args);
        made++;
      }
    }
    Intl.DateTimeFormat = Counting as typeof Intl.DateTimeFormat;
    try {
      const july = new Date("2026-07-15T12:00:00Z");
      expect(zoneOffsetMinutes("America/Chicago", july)).toBe(-300);
      const afterFirst = made;
      expect(zoneOffsetMinutes("America/Chicago", july)).toBe(-300);
      expect(zoneOffsetMinutes("America/Chicago", new Date("2026-01-15T12:00:00Z"))).toBe(-360);
      expect(isTimeZone("America/Chicago")).toBe(true);
      expect(made).toBe(afterFirst);
    } finally {
      Intl.DateTimeFormat = Real;
    }
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(() => zoneOffsetMinutes("Mars/Olympus_Mons")).toThrow(RangeError);
  });

  it("stores phones as +1 and ten digits", () => {
    expect(phoneE164("(555) 123-4567")).toBe("+15551234567");
    expect(phoneE164("+1 555 123 4567")).toBe("+15551234567");
  });
});

describe("cards", () => {
  it("knows the test cards' brands and Luhn validity", () => {
    expect(cardBrand(TEST_CARDS.visa)).toBe("visa");
    expect(cardBrand(TEST_CARDS.mastercard)).toBe("mastercard");
    expect(cardBrand("2223003122003222")).toBe("mastercard");
    expect(cardBrand(TEST_CARDS.amex)).toBe("amex");
    expect(cardBrand(TEST_CARDS.discover)).toBe("discover");
    expect(cardBrand("9999999999999995")).toBeNull();
    for (const n of Object.values(TEST_CARDS)) expect(luhnValid(n), n).toBe(true);
  });

  it("treats a card as valid through the end of its expiry month", () => {
    expect(cardExpired(3, 2026, at("2026-03-31"))).toBe(false);
    expect(cardExpired(2, 2026, at("2026-03-01"))).toBe(true);
    expect(cardExpired(12, 2025, at("2026-01-01"))).toBe(true);
  });
});

describe("addresses", () => {
  it("normalises ZIP+4 and accepts the nested or flat payload", () => {
    expect(normalizeZip("941021234")).toBe("94102-1234");
    expect(normalizeZip("94102 1234")).toBe("94102-1234");
    const fields = { addressFirstName: "Ana", addressLastName: "Ruiz", addressType: "billing", phone: "5551234567" };
    const base = { addressLine1: "1 Main St", administrativeArea: "tx", locality: "Austin", postalCode: "73301" };
    const nested = saveAddressRequestSchema.parse({ ...base, fields });
    const flat = saveAddressRequestSchema.parse({ ...base, ...fields });
    expect(nested).toEqual(flat);
    expect(nested).toMatchObject({ administrativeArea: "TX", addressLine2: "", fields: { phone: "+15551234567", addressType: "billing" } });
  });
});
