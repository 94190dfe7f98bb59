import { afterEach, describe, expect, it } from "vitest";
import i18next from "i18next";
import enFormat from "../../locales/en-US/format.json";
import esFormat from "../../locales/es-US/format.json";
import {
  formatCurrency,
  formatDate,
  formatDuration,
  formatPhone,
  phoneDigits,
  relativeTime,
  remainingTimeColour,
  weekStartsOn,
} from "./format";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const originalTz = process.env.TZ;
afterEach(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

describe("formatCurrency", () => {
  it("uses usd, en-US and zero decimals by default", () => {
    expect(formatCurrency(505)).toBe("$505");
    expect(formatCurrency(1200)).toBe("$1,200");
    expect(formatCurrency(0)).toBe("$0");
  });
  it("rounds to whole dollars unless cents are requested", () => {
    expect(formatCurrency(99.5)).toBe("$100");
    expect(formatCurrency(99.5, { cents: true })).toBe("$99.50");
    expect(formatCurrency(20, { cents: true })).toBe("$20.00");
  });
  it("accepts integer cents", () => {
    expect(formatCurrency(50550, { fromCents: true, cents: true })).toBe("$505.50");
    expect(formatCurrency(50550, { fromCents: true })).toBe("$506");
    expect(formatCurrency(1, { fromCents: true, cents: true })).toBe("$0.01");
  });
  it("formats negatives and other locales", () => {
    expect(formatCurrency(-20)).toBe("-$20");
    // es-US keeps the dollar sign before the amount
    expect(formatCurrency(1200.5, { locale: "es-US", cents: true })).toMatch(/^\$\s?1,200\.50$/);
  });
});

describe("formatDate", () => {
  it("formats mm/dd/yyyy in UTC by default", () => {
    expect(formatDate("2025-03-09T12:00:00Z")).toBe("03/09/2025");
    expect(formatDate(new Date(Date.UTC(2024, 11, 31, 23, 59)))).toBe("12/31/2024");
  });

  it("applies a negative profile offset across midnight and the year boundary", () => {
    // 01:30 UTC on Jan 1 is still Dec 31 in UTC−7
    expect(formatDate("2025-01-01T01:30:00Z", { utcOffsetMinutes: -420, withTime: true })).toBe(
      "12/31/2024 06:30 pm",
    );
  });

  it("applies a positive and a fractional offset", () => {
    expect(formatDate("2025-01-01T20:00:00Z", { utcOffsetMinutes: 330, withTime: true })).toBe(
      "01/02/2025 01:30 am",
    );
  });

  it("shows midnight as 12:00 am and noon as 12:00 pm", () => {
    expect(formatDate("2025-06-01T00:00:00Z", { withTime: true })).toBe("06/01/2025 12:00 am");
    expect(formatDate("2025-06-01T12:00:00Z", { withTime: true })).toBe("06/01/2025 12:00 pm");
    expect(formatDate("2025-06-01T23:59:00Z", { withTime: true })).toBe("06/01/2025 11:59 pm");
    // local midnight for a UTC−4 profile
    expect(formatDate("2025-06-01T04:00:00Z", { utcOffsetMinutes: -240, withTime: true })).toBe(
      "06/01/2025 12:00 am",
    );
  });

  it("does not depend on the server time zone, also on DST change days", () => {
    // US DST starts 2025-03-09 at 02:00 local and ends 2025-11-02 at 02:00 local
    const instants = ["2025-03-09T09:30:00Z", "2025-03-09T10:30:00Z", "2025-11-02T08:30:00Z", "2025-11-02T09:30:00Z"];
    const results: string[][] = [];
    for (const tz of ["UTC", "America/New_York", "America/Los_Angeles", "Asia/Kolkata", "Pacific/Kiritimati"]) {
      process.env.TZ = tz;
      results.push(instants.map((i) => formatDate(i, { utcOffsetMinutes: -420, withTime: true })));
    }
    for (const row of results) expect(row).toEqual(results[0]);
    expect(results[0]).toEqual([
      "03/09/2025 02:30 am",
      "03/09/2025 03:30 am",
      "11/02/2025 01:30 am",
      "11/02/2025 02:30 am",
    ]);
  });

  it("uses Spanish meridiem markers for es-US", () => {
    expect(formatDate("2025-06-01T15:05:00Z", { withTime: true, locale: "es-US" })).toBe("06/01/2025 03:05 p. m.");
  });

  it("returns an empty string for an invalid date", () => {
    expect(formatDate("not a date")).toBe("");
  });

  it("exports Sunday as the first day of the week", () => {
    expect(weekStartsOn).toBe(0);
  });
});

describe("relativeTime", () => {
  const now = new Date("2025-05-20T12:00:00Z");
  const ago = (ms: number) => new Date(now.getTime() - ms);

  it("says just now under one minute (and for a future date)", () => {
    expect(relativeTime(ago(0), now)).toBe("just now");
    expect(relativeTime(ago(MINUTE - 1), now)).toBe("just now");
    expect(relativeTime(ago(-5 * MINUTE), now)).toBe("just now");
  });
  it("switches at each boundary", () => {
    expect(relativeTime(ago(MINUTE), now)).toBe("1 minute ago");
    expect(relativeTime(ago(59 * MINUTE + 59_999), now)).toBe("59 minutes ago");
    expect(relativeTime(ago(HOUR), now)).toBe("1 hour ago");
    expect(relativeTime(ago(DAY - 1), now)).toBe("23 hours ago");
    expect(relativeTime(ago(DAY), now)).toBe("1 day ago");
    expect(relativeTime(ago(30 * DAY - 1), now)).toBe("29 days ago");
  });
  it("shows the date in the profile offset from 30 days on", () => {
    expect(relativeTime(ago(30 * DAY), now)).toBe("04/20/2025");
    // 30 days before 2025-05-20T12:00Z is 2025-04-20T12:00Z, which is 04/21 in UTC+14
    expect(relativeTime(ago(30 * DAY), now, { utcOffsetMinutes: 14 * 60 })).toBe("04/21/2025");
  });
  it("speaks Spanish for es-US", () => {
    expect(relativeTime(ago(30_000), now, { locale: "es-US" })).toBe("justo ahora");
    expect(relativeTime(ago(MINUTE), now, { locale: "es-US" })).toBe("hace 1 minuto");
    expect(relativeTime(ago(5 * HOUR), now, { locale: "es-US" })).toBe("hace 5 horas");
    expect(relativeTime(ago(2 * DAY), now, { locale: "es" })).toBe("hace 2 días");
  });
  it("falls back to en-US for an unknown locale", () => {
    expect(relativeTime(ago(2 * DAY), now, { locale: "fr-FR" })).toBe("2 days ago");
  });
  it("uses an i18next t function with the format namespace", async () => {
    const instance = i18next.createInstance();
    await instance.init({
      lng: "es-US",
      fallbackLng: "en-US",
      ns: ["common", "format"],
      defaultNS: "common",
      resources: { "en-US": { format: enFormat }, "es-US": { format: esFormat } },
    });
    const t = instance.getFixedT("es-US", "common");
    expect(relativeTime(ago(3 * MINUTE), now, { t })).toBe("hace 3 minutos");
    expect(formatDuration(DAY + MINUTE, { t })).toBe("1 día, 1 minuto");
  });
});

describe("remainingTimeColour", () => {
  it("is error under 1 hour, warning under 12 hours, else success", () => {
    expect(remainingTimeColour(-1)).toBe("error");
    expect(remainingTimeColour(0)).toBe("error");
    expect(remainingTimeColour(HOUR - 1)).toBe("error");
    expect(remainingTimeColour(HOUR)).toBe("warning");
    expect(remainingTimeColour(12 * HOUR - 1)).toBe("warning");
    expect(remainingTimeColour(12 * HOUR)).toBe("success");
    expect(remainingTimeColour(10 * DAY)).toBe("success");
  });
});

describe("formatDuration", () => {
  it("shows days, hours and minutes, leaving out zero parts", () => {
    expect(formatDuration(2 * DAY + 3 * HOUR + 5 * MINUTE)).toBe("2 days, 3 hours, 5 minutes");
    expect(formatDuration(DAY)).toBe("1 day");
    expect(formatDuration(HOUR + MINUTE)).toBe("1 hour, 1 minute");
    expect(formatDuration(2 * DAY + 30 * MINUTE)).toBe("2 days, 30 minutes");
  });
  it("reads 0 minutes under a minute or when negative, truncating seconds", () => {
    expect(formatDuration(59_999)).toBe("0 minutes");
    expect(formatDuration(-HOUR)).toBe("0 minutes");
    expect(formatDuration(MINUTE + 59_999)).toBe("1 minute");
  });
  it("speaks Spanish", () => {
    expect(formatDuration(2 * DAY + HOUR, { locale: "es-US" })).toBe("2 días, 1 hora");
  });
});

describe("formatPhone / phoneDigits", () => {
  it("formats 10 digits", () => {
    expect(formatPhone("5551234567")).toBe("(555) 123-4567");
    expect(formatPhone("555.123.4567")).toBe("(555) 123-4567");
  });
  it("formats 11 digits with the country code 1", () => {
    expect(formatPhone("15551234567")).toBe("(555) 123-4567");
    expect(formatPhone("+1 (555) 123-4567")).toBe("(555) 123-4567");
  });
  it("returns anything else unchanged", () => {
    expect(formatPhone("25551234567")).toBe("25551234567");
    expect(formatPhone("555123456")).toBe("555123456");
    expect(formatPhone("+44 20 7946 0958")).toBe("+44 20 7946 0958");
    expect(formatPhone("")).toBe("");
  });
  it("gives digits with a plus sign", () => {
    expect(phoneDigits("(555) 123-4567")).toBe("+15551234567");
    expect(phoneDigits("1-555-123-4567")).toBe("+15551234567");
    expect(phoneDigits("+44 20 7946 0958")).toBe("+442079460958");
    expect(phoneDigits("n/a")).toBe("");
  });
});
