/**
 * The browser's zod-free form checks (app/lib/form-checks.ts) say what the server's schemas say: each page's
 * checks and its schema run over the same inputs and give the same messages, field by field.
 */
import { parseWithZod } from "../../app/lib/parse-form.server";
import { translateMessage } from "../../app/lib/i18n";
import { resources } from "../../app/lib/i18n.server";
import { createTranslator } from "../../app/lib/translate";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  CHANGE_EMAIL_CHECKS,
  CHANGE_PASSWORD_CHECKS,
  checkForm,
  EMAIL_PATTERN,
  FORGOT_PASSWORD_CHECKS,
  RECOVERY_SIGN_IN_CHECKS,
  SET_PASSWORD_CHECKS,
  SIGN_IN_CHECKS,
  TOTP_CONFIRM_CHECKS,
  TOTP_DISABLE_CHECKS,
  TOTP_SIGN_IN_CHECKS,
  type FormChecks,
} from "../../app/lib/form-checks";
import { ADDRESS_CHECKS } from "../../app/lib/account-form-checks";
import { JOIN_CHECKS } from "../../app/lib/join-form-checks";
import { joinFormSchema } from "../../app/lib/schemas/referrals";
import { ADD_CARD_CHECKS } from "../../app/lib/card-form-checks";
import {
  PROFILE_DETAILS_CHECKS,
  PROFILE_EMAIL_CHECKS,
} from "../../app/lib/profile-form-checks";
import {
  TASK_COMMENT_CHECKS,
  TASK_CREATE_CHECKS,
  TASK_DETAILS_CHECKS,
} from "../../app/lib/task-form-checks";
import {
  taskCommentFormSchema,
  taskCreateFormSchema,
  taskDetailsFormSchema,
  tasksMassFormSchema,
} from "../../app/lib/schemas/tasks";
import {
  addCardFormSchema,
  addressFormSchema,
  profileDetailsSchema,
  profileEmailSchema,
} from "../../app/lib/schemas/account";
import {
  changeEmailSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  passwordSignInSchema,
  recoverySignInSchema,
  setPasswordSchema,
  totpConfirmSchema,
  totpDisableSchema,
  totpSignInSchema,
} from "../../app/lib/schemas/auth";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

/** The messages of each checked field: what the schema says and what the browser's checks say. */
function both(
  schema: z.ZodType,
  checks: FormChecks,
  fields: Record<string, string>,
) {
  const server = parseWithZod(form(fields), { schema }).reply().error ?? {};
  const browser = checkForm(form(fields), checks).reply().error ?? {};
  const pick = (errors: Record<string, string[] | null>) =>
    Object.fromEntries(
      Object.keys(checks.fields).map((name) => [name, errors[name] ?? []]),
    );
  return { server: pick(server), browser: pick(browser) };
}

/** A valid form changed one field at a time: each value of `variants` in its field. */
function agreeOnEachVariant(
  schema: z.ZodType,
  checks: FormChecks,
  valid: Record<string, string>,
  variants: Record<string, string[]>,
) {
  for (const [field, values] of Object.entries(variants)) {
    for (const value of values) {
      const { server, browser } = both(schema, checks, {
        ...valid,
        [field]: value,
      });
      expect(browser, `${field}: ${value.slice(0, 20)}`).toEqual(server);
    }
  }
}

const long = (n: number) => "a".repeat(n);
const EMAILS = [
  "",
  "   ",
  "ana@example.com",
  " ana@example.com ",
  "ana",
  "ana@",
  "ana@example",
  "a..b@example.com",
  "ana@example.c",
  `${long(250)}@example.com`,
  "ana+tag@sub.example.org",
];
const PASSWORDS = [
  "",
  " ",
  "abc",
  "abcdefgh1",
  "Abcdefgh1",
  "ABCDEFGH1",
  "Abcdefghi",
  "Abc defgh1",
  "Ábcdefgh1",
  "Abcdefgh12345",
  long(1025),
];

describe("the browser's checks say what the schemas say", () => {
  it("uses zod's own email pattern", () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source);
  });

  it("sign-in: email and password", () => {
    for (const email of EMAILS) {
      for (const password of ["", " ", "secret", long(1025)]) {
        const { server, browser } = both(passwordSignInSchema, SIGN_IN_CHECKS, {
          intent: "password",
          email,
          password,
        });
        expect(browser, JSON.stringify({ email, password })).toEqual(server);
      }
    }
  });

  it("sign-in: the authenticator code and the recovery code", () => {
    for (const code of [
      "",
      " ",
      "12345",
      "123456",
      " 123456 ",
      "1234567",
      "abcdef",
    ]) {
      const { server, browser } = both(totpSignInSchema, TOTP_SIGN_IN_CHECKS, {
        intent: "totp",
        code,
      });
      expect(browser, code).toEqual(server);
    }
    for (const recoveryCode of [
      "",
      "abcd-efgh-jkmn",
      "ABCDEFGHJKMN",
      "abcd-efgh-jkm1",
      "abcd efgh jkmn",
      "abcd-efgh",
    ]) {
      const { server, browser } = both(
        recoverySignInSchema,
        RECOVERY_SIGN_IN_CHECKS,
        { intent: "recovery", recoveryCode },
      );
      expect(browser, recoveryCode).toEqual(server);
    }
  });

  it("forgot password: the login name", () => {
    for (const loginName of EMAILS) {
      const { server, browser } = both(
        forgotPasswordSchema,
        FORGOT_PASSWORD_CHECKS,
        { loginName },
      );
      expect(browser, loginName).toEqual(server);
    }
  });

  it("set password: every rule of the new password, and its confirmation", () => {
    for (const newPassword of PASSWORDS) {
      for (const passwordConfirm of ["", newPassword, `${newPassword}x`]) {
        const { server, browser } = both(
          setPasswordSchema,
          SET_PASSWORD_CHECKS,
          { code: "abc_DEF-123", id: "7", newPassword, passwordConfirm },
        );
        expect(
          browser,
          JSON.stringify({
            newPassword: newPassword.slice(0, 20),
            passwordConfirm: passwordConfirm.slice(0, 20),
          }),
        ).toEqual(server);
      }
    }
  });

  it("account security: change password, change email, two-factor on and off", () => {
    for (const currentPassword of ["", " ", "secret", long(1025)]) {
      for (const newPassword of PASSWORDS) {
        for (const passwordConfirm of ["", newPassword, `${newPassword}x`]) {
          const { server, browser } = both(
            changePasswordSchema,
            CHANGE_PASSWORD_CHECKS,
            { currentPassword, newPassword, passwordConfirm },
          );
          expect(
            browser,
            JSON.stringify({
              currentPassword: currentPassword.slice(0, 9),
              newPassword: newPassword.slice(0, 20),
              passwordConfirm: passwordConfirm.slice(0, 20),
            }),
          ).toEqual(server);
        }
      }
    }
    for (const email of EMAILS) {
      const { server, browser } = both(changeEmailSchema, CHANGE_EMAIL_CHECKS, {
        email,
      });
      expect(browser, email).toEqual(server);
    }
    const CODES = ["", " ", "12345", "123456", " 123456 ", "abcdef"];
    for (const code of CODES) {
      const { server, browser } = both(totpConfirmSchema, TOTP_CONFIRM_CHECKS, {
        code,
      });
      expect(browser, code).toEqual(server);
      for (const password of ["", " ", "secret", long(1025)]) {
        const turnOff = both(totpDisableSchema, TOTP_DISABLE_CHECKS, {
          code,
          password,
        });
        expect(
          turnOff.browser,
          JSON.stringify({ code, password: password.slice(0, 9) }),
        ).toEqual(turnOff.server);
      }
    }
  });

  it("an address of My pharmacy: names, lines, city, state, ZIP and phone", () => {
    const valid = {
      intent: "shipping",
      addressFirstName: "Ana",
      addressLastName: "O'Neil-Ruiz",
      addressLine1: "1 Main St",
      addressLine2: "",
      locality: "Denver",
      administrativeArea: "co",
      postalCode: "80202",
      phone: "(555) 123-4567",
    };
    const variants: Record<string, string[]> = {
      addressFirstName: ["", " ", "Ana2", long(101), "José María"],
      addressLastName: ["", "Smith!", `${long(100)}1`],
      addressLine1: ["", " ", long(201)],
      addressLine2: [" ", "Apt 2", long(201)],
      locality: ["", long(101)],
      administrativeArea: ["", " ", "XX", "CO", " ny ", "Colorado"],
      postalCode: [
        "",
        " ",
        "8020",
        "80202-1234",
        "802021234",
        "80202 1234",
        "ABCDE",
      ],
      phone: [
        "",
        " ",
        "555-1234",
        "+1 555 123 4567",
        "15551234567",
        `${long(20)}12345678`,
        "555.123.4567",
      ],
    };
    agreeOnEachVariant(addressFormSchema, ADDRESS_CHECKS, valid, variants);
  });

  it("the profile: personal details and email", () => {
    const valid = {
      intent: "details",
      firstName: "Ana",
      middleName: "",
      lastName: "Ruiz",
      phone: "",
      dateOfBirth: "1980-04-02",
      timeZone: "America/Denver",
    };
    const variants: Record<string, string[]> = {
      firstName: ["", " ", "Ana2", long(101)],
      middleName: [" ", "María José", "M.", long(101)],
      lastName: ["", "O'Neil", "Smith!"],
      phone: [" ", "555-123-4567", "555", `${long(26)}`],
      dateOfBirth: [
        "",
        " ",
        "1980-02-30",
        "04/02/1980",
        "13/01/1980",
        "2999-01-01",
        "1800-01-01",
        "2020-01-01",
        "soon",
      ],
      timeZone: [
        "",
        " ",
        "Mars/Olympus",
        "Europe/Madrid",
        "offset:-300",
        "offset:-301",
        "offset:900",
        "offset:",
        "offset:abc",
        "UTC",
      ],
    };
    agreeOnEachVariant(
      profileDetailsSchema,
      PROFILE_DETAILS_CHECKS,
      valid,
      variants,
    );
    for (const email of EMAILS) {
      const { server, browser } = both(
        profileEmailSchema,
        PROFILE_EMAIL_CHECKS,
        { intent: "email", email },
      );
      expect(browser, email).toEqual(server);
    }
  });

  it("add a card: number, expiry, security code and name, and their rules across fields", () => {
    const next = new Date().getUTCFullYear() + 1;
    const valid = {
      intent: "addCard",
      cardNumber: "4242 4242 4242 4242",
      expMonth: "12",
      expYear: String(next),
      cvc: "123",
      name: "Ana Ruiz",
    };
    const variants: Record<string, string[]> = {
      cardNumber: [
        "",
        " ",
        "4242",
        "4242424242424241",
        "378282246310005",
        "5555-5555-5555-4444",
        "1234567812345670",
        "abcd",
        long(25),
      ],
      expMonth: ["", " ", "0", "1", "12", "13", "1.5", "abc", "-1"],
      expYear: [
        "",
        " ",
        "99",
        "1999",
        "2101",
        "2020",
        String(next).slice(2),
        "abc",
        "20.5",
      ],
      cvc: ["", " ", "12", "1234", "12a", "12345"],
      name: ["", " ", "Ana M. Ruiz", "Ana2", long(101)],
    };
    agreeOnEachVariant(
      addCardFormSchema as unknown as z.ZodType,
      ADD_CARD_CHECKS,
      valid,
      variants,
    );
    // Rules across fields: an American Express card needs four digits; a month already past is refused.
    for (const extra of [
      { cardNumber: "378282246310005", cvc: "123" },
      { cardNumber: "378282246310005", cvc: "1234" },
      { expMonth: "1", expYear: "2020" },
      { expMonth: "1", expYear: "20" },
    ]) {
      const { server, browser } = both(
        addCardFormSchema as unknown as z.ZodType,
        ADD_CARD_CHECKS,
        { ...valid, ...extra },
      );
      expect(browser, JSON.stringify(extra)).toEqual(server);
    }
  });

  it("create a task: summary, description, patient, assignee, status, journey, category and source (spec §5)", () => {
    const valid = {
      intent: "create",
      title: "Call back",
      description: "About the refill",
      patientId: "12",
      providerId: "3",
      taskStatus: "todo",
      taskJourney: "2",
      taskCategory: "",
      taskSource: "",
    };
    const ids = [
      "",
      " ",
      "0",
      "-3",
      "1.5",
      "12a",
      " 12 ",
      "2147483647",
      "2147483648",
      "99999999999",
    ];
    const variants: Record<string, string[]> = {
      title: ["", "   ", "x", long(255), long(256), ` ${long(255)} `],
      description: ["", " ", "\n", long(10_000), long(10_001)],
      patientId: ids,
      providerId: ids,
      taskStatus: [
        "",
        " ",
        "todo",
        " done ",
        "in_progress",
        "later",
        "1",
        "6",
        "7",
        "0",
        "-1",
        "2.0",
      ],
      taskJourney: ["", " ", "1", "3", "4", "0", "5", "one", " 2 "],
      taskCategory: [" ", "1", "11", "12", "0", "x", " 5 "],
      taskSource: [" ", "phone", "chat", "fax", " email ", "Phone"],
    };
    agreeOnEachVariant(
      taskCreateFormSchema,
      TASK_CREATE_CHECKS,
      valid,
      variants,
    );
    // Everything missing at once: each required field says so, the optional ones nothing.
    const { server, browser } = both(taskCreateFormSchema, TASK_CREATE_CHECKS, {
      intent: "create",
    });
    expect(browser).toEqual(server);
    expect(
      Object.entries(browser)
        .filter(([, messages]) => messages.length > 0)
        .map(([name]) => name),
    ).toEqual([
      "title",
      "description",
      "patientId",
      "providerId",
      "taskStatus",
      "taskJourney",
    ]);
  });

  it("a task's summary and description, and a comment", () => {
    agreeOnEachVariant(
      taskDetailsFormSchema,
      TASK_DETAILS_CHECKS,
      {
        intent: "details",
        id: "7",
        title: "Call back",
        description: "About the refill",
      },
      {
        title: ["", "  ", long(255), long(256)],
        description: ["", "\t", long(10_000), long(10_001)],
      },
    );
    agreeOnEachVariant(
      taskCommentFormSchema,
      TASK_COMMENT_CHECKS,
      { intent: "comment", id: "7", description: "Called, no answer" },
      { description: ["", "  ", "ok", long(5000), long(5001)] },
    );
  });

  it("mass changes (no browser checks: a confirmation step): the rows, then the status or the assignee", () => {
    const parse = (entries: [string, string][]) => {
      const data = new FormData();
      for (const [name, value] of entries) data.append(name, value);
      return parseWithZod(data, { schema: tasksMassFormSchema }).reply();
    };
    expect(parse([["intent", "massDelete"]]).error).toEqual({
      ids: ["validation.atLeastOne"],
    });
    expect(
      parse([
        ["intent", "massStatus"],
        ["ids", "3"],
      ]).error,
    ).toEqual({ massStatus: ["validation.required"] });
    expect(
      parse([
        ["intent", "massAssign"],
        ["ids", "3"],
      ]).error,
    ).toEqual({ massProviderId: ["validation.required"] });
    expect(
      parse([
        ["intent", "massAssign"],
        ["ids", "3"],
        ["massProviderId", "x"],
      ]).error,
    ).toEqual({ massProviderId: ["validation.taskAssignee"] });
    expect(
      parse([
        ["intent", "massStatus"],
        ["ids", "3"],
        ["ids", "4"],
        ["massStatus", "done"],
      ]).status,
    ).toBe("success");
  });
});

describe("a length message says the limit, on the server and in the browser, in both languages", () => {
  const en = createTranslator("en-US", resources["en-US"], "common").t;
  const es = createTranslator("es-US", resources["es-US"], "common").t;
  const said = (message: string) => [translateMessage(en, message), translateMessage(es, message)];
  const limit = (max: number) => [`The maximum length allowed is ${max}`, `La longitud máxima permitida es ${max}`];

  /** Each field too long by far (450 characters, as the issue typed): the server's and the browser's message. */
  function tooLong(schema: z.ZodType, checks: FormChecks, valid: Record<string, string>, limits: Record<string, number>) {
    for (const [field, max] of Object.entries(limits)) {
      const { server, browser } = both(schema, checks, { ...valid, [field]: long(450) });
      expect(server[field]!.map(said), field).toContainEqual(limit(max));
      expect(browser[field]!.map(said), field).toContainEqual(limit(max));
    }
  }

  it("the profile's names", () => {
    const valid = { intent: "details", firstName: "Ana", middleName: "", lastName: "Ruiz", phone: "", dateOfBirth: "1980-04-02", timeZone: "America/Denver" };
    tooLong(profileDetailsSchema, PROFILE_DETAILS_CHECKS, valid, { firstName: 100, middleName: 100, lastName: 100 });
  });

  it("every field of an address", () => {
    const valid = {
      intent: "shipping",
      addressFirstName: "Ana",
      addressLastName: "Ruiz",
      addressLine1: "1 Main St",
      addressLine2: "",
      locality: "Denver",
      administrativeArea: "CO",
      postalCode: "80202",
      phone: "(555) 123-4567",
    };
    tooLong(addressFormSchema, ADDRESS_CHECKS, valid, { addressFirstName: 100, addressLastName: 100, addressLine1: 200, addressLine2: 200, locality: 100, phone: 25 });
  });

  it("the name on a card", () => {
    const next = new Date().getUTCFullYear() + 1;
    const valid = { intent: "addCard", cardNumber: "4242 4242 4242 4242", expMonth: "12", expYear: String(next), cvc: "123", name: "Ana Ruiz" };
    tooLong(addCardFormSchema as unknown as z.ZodType, ADD_CARD_CHECKS, valid, { name: 100 });
  });

  it("a new task's summary and description (the create form's checks, which its action runs too)", () => {
    const valid = { intent: "create", title: "Call back", description: "About the refill", patientId: "2", providerId: "3", taskStatus: "todo", taskJourney: "1" };
    tooLong(taskCreateFormSchema, TASK_CREATE_CHECKS, valid, { title: 255 });
    const { server, browser } = both(taskCreateFormSchema, TASK_CREATE_CHECKS, { ...valid, description: long(10_001) });
    expect(server.description!.map(said)).toContainEqual(limit(10_000));
    expect(browser.description!.map(said)).toContainEqual(limit(10_000));
  });

  it("an upstream text with a question mark is still shown as it came", () => {
    expect(translateMessage(en, "Did you mean ana@gmail.com?")).toBe("Did you mean ana@gmail.com?");
    expect(translateMessage(en, "What?x=1")).toBe("What?x=1");
  });
});

describe("joining from a referral invitation (/join): JOIN_CHECKS say what joinFormSchema says", () => {
  // The names and the password rules are judged field by field on both sides; the confirmation and the consent once
  // the other fields are there (the browser's rules across fields wait for every field, the schema's for valid ones).
  it("every rule of the new password, with names and consent", () => {
    for (const newPassword of PASSWORDS.filter((p) => p !== "")) {
      const { server, browser } = both(joinFormSchema, JOIN_CHECKS, { token: "abc_DEF-123", firstName: "Ana", lastName: "Ruiz", newPassword, passwordConfirm: newPassword, acceptTerms: "on" });
      expect(browser, newPassword.slice(0, 20)).toEqual(server);
    }
  });
  it("the names: missing, not names, too long", () => {
    for (const firstName of ["", " ", "Ana", "R2D2", "x".repeat(101), "María-José O'Neil"]) {
      const { server, browser } = both(joinFormSchema, JOIN_CHECKS, { token: "abc_DEF-123", firstName, lastName: "Ruiz", newPassword: "JoinPassw0rd", passwordConfirm: "JoinPassw0rd", acceptTerms: "on" });
      expect(browser, firstName.slice(0, 20)).toEqual(server);
    }
  });
  it("the confirmation and the consent, the rest valid", () => {
    for (const [passwordConfirm, acceptTerms] of [["JoinPassw0rd", "on"], ["JoinPassw0rdx", "on"], ["JoinPassw0rd", ""], ["JoinPassw0rd", "yes"]] as const) {
      const fields: Record<string, string> = { token: "abc_DEF-123", firstName: "Ana", lastName: "Ruiz", newPassword: "JoinPassw0rd", passwordConfirm };
      if (acceptTerms) fields.acceptTerms = acceptTerms;
      const { server, browser } = both(joinFormSchema, JOIN_CHECKS, fields);
      expect(browser, `${passwordConfirm} ${acceptTerms}`).toEqual(server);
    }
  });
});
