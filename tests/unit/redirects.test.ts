import { describe, expect, it } from "vitest";
import { safeLocalPath } from "../../app/lib/redirects";

describe("safeLocalPath", () => {
  it("keeps a same-origin path with its query and hash", () => {
    expect(safeLocalPath("/patient/account?tab=2#x")).toBe("/patient/account?tab=2#x");
    expect(safeLocalPath("/")).toBe("/");
  });

  it("refuses anything a browser would read as another origin", () => {
    for (const value of ["//evil.example", "/\\evil.example", "/\t/evil.example", "/\n/evil.example", "/\r\n/evil.example", "\\/evil.example", "/\t\\evil.example", "https://evil.example", "evil", "", null, 3]) {
      expect(safeLocalPath(value), JSON.stringify(value)).toBeNull();
    }
  });

  it("normalises dot segments and control characters away without leaving the origin", () => {
    expect(safeLocalPath("/a/../b")).toBe("/b");
    expect(safeLocalPath("/a\tb")).toBe("/ab");
    expect(safeLocalPath("/../..//evil.example")).toBeNull();
  });
});
