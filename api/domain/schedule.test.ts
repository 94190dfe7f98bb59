/** The schedule's Pacific-time arithmetic and range rules (api/domain/schedule.ts, api/contract/schedule-rules.ts). */
import { describe, expect, it } from "vitest";
import { buildCalendar, pacificOffsetAt, pacificToUtc } from "./schedule.ts";
import { parseTime, rangesProblem, twelveHour } from "../contract/schedule-rules.ts";

describe("Pacific wall times across the 2027 daylight-saving changes", () => {
  it("9 am is 17:00Z in standard time and 16:00Z in daylight time", () => {
    expect(pacificToUtc("2027-03-13", 540).toISOString()).toBe("2027-03-13T17:00:00.000Z");
    expect(pacificToUtc("2027-03-15", 540).toISOString()).toBe("2027-03-15T16:00:00.000Z");
    expect(pacificOffsetAt(Date.parse("2027-07-01T12:00:00Z"))).toBe(-420);
    expect(pacificOffsetAt(Date.parse("2027-12-01T12:00:00Z"))).toBe(-480);
  });
  it("a time that does not exist (02:30 on 14 March) is an hour later; one that exists twice (01:30 on 7 November) is its first", () => {
    expect(pacificToUtc("2027-03-14", 150).toISOString()).toBe("2027-03-14T10:30:00.000Z");
    expect(pacificToUtc("2027-11-07", 90).toISOString()).toBe("2027-11-07T08:30:00.000Z");
  });
  it("whole days of 23 and 25 hours; weeks from Sunday", () => {
    const all = new Map([[0, [{ start: 0, end: 1440 }]]]);
    const march = buildCalendar(1, "2027-03", all, new Map());
    expect(march.weeks[0]![0]!.date).toBe("2027-02-28");
    expect(march.weeks.flat().find((d) => d.date === "2027-03-14")!.minutes).toBe(23 * 60);
    const november = buildCalendar(1, "2027-11", all, new Map());
    expect(november.weeks.flat().find((d) => d.date === "2027-11-07")!.minutes).toBe(25 * 60);
    expect(november.weeks.flat().find((d) => d.date === "2027-11-14")!.minutes).toBe(24 * 60);
  });
  it("a day set apart wins over the weekly schedule", () => {
    const cal = buildCalendar(1, "2027-04", new Map([[1, [{ start: 540, end: 1020 }]]]), new Map([["2027-04-05", []]]));
    expect(cal.weeks.flat().find((d) => d.date === "2027-04-05")).toMatchObject({ source: "day", ranges: [], minutes: 0 });
    expect(cal.weeks.flat().find((d) => d.date === "2027-04-12")).toMatchObject({ source: "weekly", minutes: 480 });
  });
});

describe("range rules", () => {
  it("parses HH:MM up to 24:00", () => {
    expect(parseTime("09:30")).toBe(570);
    expect(parseTime("24:00")).toBe(1440);
    expect(parseTime("24:01")).toBeNull();
    expect(parseTime("9am")).toBeNull();
    expect(twelveHour("00:00")).toBe("12:00 am");
    expect(twelveHour("12:30")).toBe("12:30 pm");
  });
  it("refuses overlaps, reversed ranges and bad times; touching ranges are fine", () => {
    expect(rangesProblem([{ start: "09:00", end: "12:00" }, { start: "12:00", end: "17:00" }])).toBeNull();
    expect(rangesProblem([{ start: "09:00", end: "12:00" }, { start: "11:00", end: "13:00" }])).toEqual({ index: 1, code: "validation.schedule.overlap" });
    expect(rangesProblem([{ start: "13:00", end: "15:00" }, { start: "08:00", end: "14:00" }])).toEqual({ index: 1, code: "validation.schedule.overlap" });
    expect(rangesProblem([{ start: "17:00", end: "09:00" }])).toEqual({ index: 0, code: "validation.schedule.order" });
    expect(rangesProblem([{ start: "x", end: "09:00" }])).toEqual({ index: 0, code: "validation.schedule.time" });
    expect(rangesProblem(Array.from({ length: 5 }, (_, i) => ({ start: `0${i}:00`, end: `0${i}:30` })))?.code).toBe("validation.schedule.tooMany");
  });
});
