import { describe, expect, it } from "vitest";
import { CHART_REVIEW_STATUSES } from "../contract/review-queue-rules.ts";
import { canChart, chartTransition, type ChartAction } from "./chart-review.ts";

describe("chart state machine", () => {
  it("signs a chart to review: it becomes reviewed", () => {
    expect(chartTransition("sign", "to_review")).toEqual({ ok: true, to: "reviewed" });
  });
  it("cancels the review of a chart to review", () => {
    expect(chartTransition("cancel", "to_review")).toEqual({ ok: true, to: "cancelled" });
  });
  it("takes an addendum on a signed chart, which stays reviewed", () => {
    expect(chartTransition("addendum", "reviewed")).toEqual({ ok: true, to: "reviewed" });
  });
  it("a signed chart cannot be signed again or cancelled", () => {
    expect(chartTransition("sign", "reviewed")).toEqual({ ok: false, code: "charts.transitionRefused", params: { from: "reviewed", action: "sign" } });
    expect(chartTransition("cancel", "reviewed")).toEqual({ ok: false, code: "charts.transitionRefused", params: { from: "reviewed", action: "cancel" } });
  });
  it("a cancelled review cannot be signed, cancelled again or amended", () => {
    expect(chartTransition("sign", "cancelled")).toMatchObject({ ok: false, code: "charts.transitionRefused" });
    expect(chartTransition("cancel", "cancelled")).toMatchObject({ ok: false, code: "charts.transitionRefused" });
    expect(chartTransition("addendum", "cancelled")).toEqual({ ok: false, code: "charts.notSigned", params: {} });
  });
  it("a chart to review takes no addendum (nothing is signed yet)", () => {
    expect(chartTransition("addendum", "to_review")).toEqual({ ok: false, code: "charts.notSigned", params: {} });
  });
  it("allows exactly three (action, state) pairs", () => {
    const actions: ChartAction[] = ["sign", "cancel", "addendum"];
    const allowed = actions.flatMap((a) => CHART_REVIEW_STATUSES.filter((s) => canChart(a, s)).map((s) => `${a}:${s}`));
    expect(allowed.sort()).toEqual(["addendum:reviewed", "cancel:to_review", "sign:to_review"]);
  });
});
