import { describe, expect, it } from "vitest";
import { addBusinessDays, buildTimeline, journeyState, milestones, reviewClock, type TimelineInput } from "./journey-timeline.ts";

const H = 3_600_000;
const D = 24 * H;
const T0 = new Date("2026-11-02T15:00:00Z"); // a Monday
const at = (days: number) => new Date(T0.getTime() + days * D);

function input(over: Partial<TimelineInput> = {}, journey: Partial<TimelineInput["journey"]> = {}): TimelineInput {
  return {
    journey: { status: "submitted", sectionType: 1, createdAt: at(-1), submittedAt: T0, ...journey },
    treatment: { reviewStatus: "pending", createdAt: T0, reviewedAt: null },
    patientStatusKey: "ready_to_review_new_patient",
    firstPrescriptionAt: null,
    subscription: null,
    latestOrder: null,
    latestCheckIn: null,
    ...over,
  };
}
const byKey = (t: ReturnType<typeof buildTimeline>) => Object.fromEntries(t.steps.map((s) => [s.key, s]));

describe("journey displayed state", () => {
  it("the intake's own progress until submitted, then the treatment's displayed state (spec §4)", () => {
    expect(journeyState("in_progress", null, null)).toBe("intake");
    expect(journeyState("denied", null, null)).toBe("declined");
    expect(journeyState("cancelled", null, null)).toBe("cancelled");
    expect(journeyState("submitted", null, null)).toBe("pending");
    expect(journeyState("submitted", { reviewStatus: "pending" }, null)).toBe("pending");
    expect(journeyState("submitted", { reviewStatus: "approved" }, 1)).toBe("approved");
    expect(journeyState("submitted", { reviewStatus: "approved" }, 3)).toBe("cancelled");
    expect(journeyState("submitted", { reviewStatus: "approved" }, 4)).toBe("cancelled");
    expect(journeyState("submitted", { reviewStatus: "declined" }, 3)).toBe("declined");
    expect(journeyState("submitted", { reviewStatus: "cancelled" }, null)).toBe("cancelled");
  });
});

describe("review clock", () => {
  it("48 hours from the submission", () => {
    expect(reviewClock(T0, "ready_to_review_new_patient")).toEqual({ kind: "review", startedAt: T0, dueAt: new Date(T0.getTime() + 48 * H) });
  });
  it("5 business days for a prior authorization, skipping the weekend", () => {
    const clock = reviewClock(T0, "prior_authorization");
    expect(clock.kind).toBe("priorAuthorization");
    expect(clock.dueAt).toEqual(at(7)); // Monday → the next Monday
    expect(addBusinessDays(new Date("2026-11-06T10:00:00Z"), 1)).toEqual(new Date("2026-11-09T10:00:00Z")); // Friday → Monday
  });
});

describe("timeline", () => {
  it("an intake being filled: intake is current, nothing has a date, next is to finish it", () => {
    const t = buildTimeline(input({ treatment: null }, { status: "in_progress", submittedAt: null }));
    expect(t.state).toBe("intake");
    expect(t.current).toBe("intakeSubmitted");
    expect(t.next).toBe("finishIntake");
    expect(t.reviewClock).toBeNull();
    expect(t.steps.map((s) => s.key)).toEqual(["intakeSubmitted", "reviewed", "prescribed", "ordered", "shipped", "delivered", "checkIn", "renewal"]);
    expect(t.steps.every((s) => s.date === null)).toBe(true);
  });

  it("in review: reviewed is current with the clock's due date as its expected date", () => {
    const t = buildTimeline(input());
    const s = byKey(t);
    expect(s.intakeSubmitted).toMatchObject({ status: "done", date: T0, expected: false });
    expect(s.reviewed).toMatchObject({ status: "current", date: new Date(T0.getTime() + 48 * H), expected: true });
    expect(t.current).toBe("reviewed");
    expect(t.next).toBe("review");
    expect(t.reviewClock?.kind).toBe("review");
  });

  it("in review behind a prior authorization: next says so", () => {
    const t = buildTimeline(input({ patientStatusKey: "awaiting_coverage" }));
    expect(t.next).toBe("priorAuthorization");
    expect(byKey(t).reviewed.date).toEqual(at(7));
  });

  it("approved, ordered and shipped: delivery is current and expected 3 days after shipping", () => {
    const t = buildTimeline(
      input({
        treatment: { reviewStatus: "approved", createdAt: T0, reviewedAt: at(1) },
        subscription: { status: 1, nextChargeAt: at(90) },
        latestOrder: { status: 5, dateOrdered: at(2), dateShipped: at(3) },
      }),
    );
    const s = byKey(t);
    expect(t.state).toBe("approved");
    expect(s.reviewed).toMatchObject({ status: "done", date: at(1) });
    expect(s.prescribed).toMatchObject({ status: "done", date: at(1) });
    expect(s.ordered).toMatchObject({ status: "done", date: at(2) });
    expect(s.shipped).toMatchObject({ status: "done", date: at(3) });
    expect(s.delivered).toMatchObject({ status: "current", date: at(6), expected: true });
    expect(s.checkIn).toMatchObject({ status: "upcoming", date: at(83), expected: true });
    expect(s.renewal).toMatchObject({ status: "upcoming", date: at(90), expected: true });
    expect(t.next).toBe("delivery");
    expect(t.reviewClock).toBeNull();
  });

  it("delivered with an open check-in: the check-in is current (the patient has something to do)", () => {
    const t = buildTimeline(
      input({
        treatment: { reviewStatus: "approved", createdAt: T0, reviewedAt: at(1) },
        firstPrescriptionAt: at(1.5),
        subscription: { status: 1, nextChargeAt: at(90) },
        latestOrder: { status: 4, dateOrdered: at(2), dateShipped: at(3) },
        latestCheckIn: { requestedAt: at(80), dueAt: at(85), completedAt: null },
      }),
    );
    const s = byKey(t);
    expect(s.prescribed.date).toEqual(at(1.5));
    expect(s.delivered).toMatchObject({ status: "done", date: at(6) });
    expect(s.checkIn).toMatchObject({ status: "current", date: at(85), expected: true });
    expect(t.next).toBe("checkIn");
    expect(t.steps.filter((x) => x.status === "current")).toHaveLength(1);
  });

  it("a completed check-in: renewal is next, at the next charge", () => {
    const t = buildTimeline(
      input({
        treatment: { reviewStatus: "approved", createdAt: T0, reviewedAt: at(1) },
        subscription: { status: 1, nextChargeAt: at(90) },
        latestOrder: { status: 4, dateOrdered: at(2), dateShipped: at(3) },
        latestCheckIn: { requestedAt: at(80), dueAt: at(85), completedAt: at(81) },
      }),
    );
    expect(byKey(t).checkIn).toMatchObject({ status: "done", date: at(81) });
    expect(t.current).toBe("renewal");
    expect(t.next).toBe("renewal");
  });

  it("approved without an order yet: the order is expected at the next charge", () => {
    const t = buildTimeline(input({ treatment: { reviewStatus: "approved", createdAt: T0, reviewedAt: at(1) }, subscription: { status: 0, nextChargeAt: at(2) } }));
    const s = byKey(t);
    expect(s.prescribed).toMatchObject({ status: "current", date: at(1), expected: true });
    expect(s.ordered).toMatchObject({ status: "upcoming", date: at(2), expected: true });
    expect(s.shipped.date).toEqual(at(4));
    expect(s.delivered.date).toEqual(at(7));
    expect(t.next).toBe("prescription");
  });

  it("declined: reviewed is done, everything after is skipped, next says declined", () => {
    const t = buildTimeline(input({ treatment: { reviewStatus: "declined", createdAt: T0, reviewedAt: at(1) } }));
    const s = byKey(t);
    expect(t.state).toBe("declined");
    expect(s.reviewed).toMatchObject({ status: "done", date: at(1) });
    for (const k of ["prescribed", "ordered", "shipped", "delivered", "checkIn"] as const) expect(s[k]).toMatchObject({ status: "skipped", date: null });
    expect(t.current).toBeNull();
    expect(t.next).toBe("declined");
    expect(t.reviewClock).toBeNull();
  });

  it("an intake denied by the rules (no treatment): declined", () => {
    const t = buildTimeline(input({ treatment: null }, { status: "denied" }));
    expect(t.state).toBe("declined");
    expect(t.next).toBe("declined");
  });

  it("an ended subscription: the journey is cancelled and the renewal skipped, what happened keeps its date", () => {
    const t = buildTimeline(
      input({
        treatment: { reviewStatus: "approved", createdAt: T0, reviewedAt: at(1) },
        subscription: { status: 3, nextChargeAt: null },
        latestOrder: { status: 4, dateOrdered: at(2), dateShipped: at(3) },
      }),
    );
    const s = byKey(t);
    expect(t.state).toBe("cancelled");
    expect(s.delivered.status).toBe("done");
    expect(s.renewal).toMatchObject({ status: "skipped", date: null });
    expect(t.next).toBe("cancelled");
  });

  it("other journeys have no check-in; a one-time pharmacy purchase has no renewal", () => {
    const hair = buildTimeline(input({ subscription: { status: 1, nextChargeAt: at(30) } }, { sectionType: 4 }));
    expect(hair.steps.map((s) => s.key)).not.toContain("checkIn");
    expect(hair.steps.map((s) => s.key)).toContain("renewal");
    const pharmacy = buildTimeline(input({ treatment: { reviewStatus: "approved", createdAt: T0, reviewedAt: at(1) } }, { sectionType: 3 }));
    expect(pharmacy.steps.map((s) => s.key)).toEqual(["intakeSubmitted", "reviewed", "prescribed", "ordered", "shipped", "delivered"]);
  });

  it("a cancelled order: shipped and delivered have no date", () => {
    const t = buildTimeline(input({ treatment: { reviewStatus: "approved", createdAt: T0, reviewedAt: at(1) }, subscription: { status: 1, nextChargeAt: at(30) }, latestOrder: { status: 8, dateOrdered: at(2), dateShipped: null } }));
    expect(byKey(t).shipped).toMatchObject({ status: "current", date: null, expected: false });
    expect(byKey(t).delivered.date).toBeNull();
  });
});

describe("milestones", () => {
  const weights = [
    { weightLb: 200, measuredOn: "2026-01-01" },
    { weightLb: 189, measuredOn: "2026-02-01" },
    { weightLb: 179.5, measuredOn: "2026-03-01" },
  ];
  it("every 5 % of the start weight until the goal, then the goal; each with the first date at or below it", () => {
    expect(milestones(200, 170, weights)).toEqual([
      { percent: 5, targetLb: 190, reachedOn: "2026-02-01", goal: false },
      { percent: 10, targetLb: 180, reachedOn: "2026-03-01", goal: false },
      { percent: null, targetLb: 170, reachedOn: null, goal: true },
    ]);
  });
  it("none without a start weight or a goal below it", () => {
    expect(milestones(null, 170, weights)).toEqual([]);
    expect(milestones(200, null, weights)).toEqual([]);
    expect(milestones(200, 210, weights)).toEqual([]);
  });
});
