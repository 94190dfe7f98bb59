/** The password rules of spec §5, one at a time, through the one shared schema (api/contract/account.ts). */
import { describe, expect, it } from "vitest";
import { fieldErrors } from "../../api/contract/validation.ts";
import { newPasswordSchema, passwordProblems, setPasswordRequestSchema, updatePasswordRequestSchema } from "../../api/contract/account.ts";
import { translateEn } from "../../api/http/i18n.ts";

const GOOD = "Abcdefgh1";

function errors(newPassword: string, passwordConfirm = newPassword) {
  const r = newPasswordSchema.safeParse({ newPassword, passwordConfirm });
  return r.success ? {} : fieldErrors(r.error.issues, translateEn);
}

describe("password rules", () => {
  it("accepts a password that keeps every rule", () => {
    expect(newPasswordSchema.safeParse({ newPassword: GOOD, passwordConfirm: GOOD }).success).toBe(true);
    expect(passwordProblems(GOOD)).toEqual([]);
  });

  it("needs more than 8 characters (8 is not enough, 9 is)", () => {
    expect(errors("Abcdef12")).toEqual({ newPassword: ["Password must be more than 8 characters"] });
    expect(errors("Abcdefg12")).toEqual({});
  });

  it("needs an uppercase letter", () => {
    expect(errors("abcdefgh1")).toEqual({ newPassword: ["Password must contain an uppercase letter"] });
  });

  it("needs a lowercase letter", () => {
    expect(errors("ABCDEFGH1")).toEqual({ newPassword: ["Password must contain a lowercase letter"] });
  });

  it("needs a digit", () => {
    expect(errors("Abcdefghi")).toEqual({ newPassword: ["Password must contain a digit"] });
  });

  it("refuses spaces, tabs and other whitespace", () => {
    expect(errors("Abcd efgh1")).toEqual({ newPassword: ["Password must not contain spaces"] });
    expect(errors("Abcd\tefgh1")).toEqual({ newPassword: ["Password must not contain spaces"] });
  });

  it("needs the confirmation to match", () => {
    expect(errors(GOOD, GOOD + "x")).toEqual({ passwordConfirm: ["Passwords do not match"] });
  });

  it("reports every failing rule at once, not just the first", () => {
    expect(errors("a b", "x")).toEqual({
      newPassword: [
        "Password must be more than 8 characters",
        "Password must contain an uppercase letter",
        "Password must contain a digit",
        "Password must not contain spaces",
      ],
      passwordConfirm: ["Passwords do not match"],
    });
  });

  it("asks for both fields when they are empty, without listing the rules", () => {
    expect(errors("", "")).toEqual({ newPassword: ["Value is required"], passwordConfirm: ["Value is required"] });
  });

  it("counts letters beyond ASCII (Spanish users): Ñ is an uppercase letter, ñ a lowercase one", () => {
    expect(passwordProblems("ÑANDÚñandú1")).toEqual([]);
  });

  it("applies the same rules to set-password and update-password", () => {
    const reset = setPasswordRequestSchema.safeParse({ code: "abc", newPassword: "short", passwordConfirm: "short" });
    expect(reset.success).toBe(false);
    expect(fieldErrors(reset.error!.issues, translateEn).newPassword).toContain("Password must be more than 8 characters");
    const change = updatePasswordRequestSchema.safeParse({ currentPassword: "", newPassword: GOOD, passwordConfirm: GOOD });
    expect(fieldErrors(change.error!.issues, translateEn)).toEqual({ currentPassword: ["Value is required"] });
    expect(setPasswordRequestSchema.parse({ code: "abc", id: "12", newPassword: GOOD, passwordConfirm: GOOD }).id).toBe(12);
    expect(setPasswordRequestSchema.parse({ code: "abc", id: "", newPassword: GOOD, passwordConfirm: GOOD }).id).toBeUndefined();
  });

  it("has a Spanish text for every rule", async () => {
    const { readFileSync } = await import("node:fs");
    const es = JSON.parse(readFileSync("locales/es-US/validation.json", "utf8")) as Record<string, string>;
    const en = JSON.parse(readFileSync("locales/en-US/validation.json", "utf8")) as Record<string, string>;
    for (const key of ["password.tooShort", "password.uppercase", "password.lowercase", "password.digit", "password.spaces", "password.mismatch"]) {
      expect(en[key]).toBeTruthy();
      expect(es[key]).toBeTruthy();
      expect(es[key]).not.toBe(en[key]);
    }
  });
});
