/**
 * The browser-side half of "a lost connection never loses input" (app/lib/offline.ts): which failures are a lost
 * connection.
 */
import { data } from "react-router";
import { describe, expect, it } from "vitest";
import { isConnectionFailure } from "../../app/lib/offline.ts";

describe("a lost connection", () => {
  it("is a fetch that got no response, as each browser words it, bare (a loader's) or wrapped in data() (an action's)", () => {
    for (const message of ["Failed to fetch", "NetworkError when attempting to fetch resource.", "Load failed"]) {
      expect(isConnectionFailure(new TypeError(message)), message).toBe(true);
      expect(isConnectionFailure(data(new TypeError(message))), `${message} (action)`).toBe(true);
    }
  });

  it("is not any other failure: a bug's TypeError, an error answer, a plain error", () => {
    expect(isConnectionFailure(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isConnectionFailure(data({ message: "Failed to fetch" }, { status: 500 }))).toBe(false);
    expect(isConnectionFailure(new Error("Failed to fetch"))).toBe(false);
    expect(isConnectionFailure(null)).toBe(false);
  });
});
