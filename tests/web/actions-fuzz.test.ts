/**
 * Bad input never answers 500 from the web (issue 12): every page of app/routes.ts and the web's own actions,
 * posted to by a guest, a patient, a provider manager and a nurse with bodies no page sends — JSON, text, a
 * broken multipart body, other methods — and with forms whose fields hold what a browser could still send (a
 * NUL byte and other control characters, 20,000 characters, markup, right-to-left and astral characters, a
 * value repeated), each with the page's own form token so that the action's checks are passed and its parsing
 * is reached. The answer may be a refusal (400, 403, 404, 405, 413, a redirect to sign in) or the page with its
 * errors, never a 5xx.
 *
 * The intents are ones no form has ("fuzz") or none at all: a real intent with real values would change the
 * shared demo accounts other test files read (sign out other sessions, change a password…); what each real
 * intent does with bad values is tested with its workflow (tests/web/*.test.ts, tests/api/bad-input.test.ts).
 */
import { describe, expect, it } from "vitest";
import { type DemoUser } from "../support/accounts";
import { NOT_PAGES, PAGES } from "../support/routes";
import { WebClient, as } from "./client";

const USERS: (DemoUser | "guest")[] = ["guest", "patient", "manager", "nurse"];

/** The web's own actions that take a form (sign-out is left out: it would end the client's own session midway). */
const ACTIONS: string[] = [...NOT_PAGES].filter((p) => p === "/actions/language");

const PATHS = [...PAGES.flatMap((p) => p.paths), ...ACTIONS];

/** Field names the product's forms use (a page ignores those it does not read). */
const FIELDS = [
  "email", "password", "code", "newPassword", "confirmPassword", "title", "description", "summary", "firstName",
  "middleName", "lastName", "phone", "dateOfBirth", "timeZone", "addressLine1", "addressLine2", "locality",
  "administrativeArea", "postalCode", "cardNumber", "expMonth", "expYear", "cvc", "name", "patientId", "providerId",
  "taskStatus", "taskJourney", "taskCategory", "taskSource", "ids", "id", "status", "lng", "redirectTo", "search",
];

const ODD_VALUES = [
  "\u0000",
  "a\u0001b\u001f\u007f",
  "x".repeat(5_000),
  "<script>alert(1)</script><img src=x onerror=alert(1)>",
  "\u202eevil\u202c 𝒜𝒷𝒸 😀 ٱلعربية",
  "-1",
  "99999999999999999999",
  " ",
];

/** One form with every field set to an odd value, each field a different one (`shift` turns the wheel). */
function fuzzForm(formToken: string | null, intent: string | null, shift: number): URLSearchParams {
  const body = new URLSearchParams();
  if (formToken) body.set("formToken", formToken);
  if (intent !== null) body.set("intent", intent);
  FIELDS.forEach((field, i) => {
    const value = ODD_VALUES[(i + shift) % ODD_VALUES.length]!;
    body.append(field, value);
    if (value.length < 100) body.append(field, value); // the same name twice, as a form with two such fields would send
  });
  return body;
}

/** The page's own form token, when it has a form that carries one. */
function formTokenOf(html: string): string | null {
  return /name="formToken"[^>]*value="([^"]+)"/.exec(html)?.[1] ?? /value="([^"]+)"[^>]*name="formToken"/.exec(html)?.[1] ?? null;
}

const MALFORMED = [
  ["application/json", '{"intent":"fuzz","email":"\\u0000"}'],
  ["text/plain", "intent=fuzz"],
  ["multipart/form-data; boundary=x", "--y\r\ngarbage"],
  ["application/x-www-form-urlencoded", "%%%=%E0%A4%A&intent=%00"],
] as const;

const hasPostForm = (html: string) => /<form[^>]*method="post"/i.test(html);

describe("no 5xx from any page or web action, whatever is posted", () => {
  // Bodies no page sends and other methods are judged before the session is read (app/lib/csrf.server.ts): one
  // client is enough for them, on every address.
  // Two kinds of body per test, so that each test takes a few seconds.
  for (const kinds of [MALFORMED.slice(0, 2), MALFORMED.slice(2)]) {
    it(`a body that is not a form, or a broken one (${kinds.map(([type]) => type.split(";")[0]).join(", ")}): every page and action`, async () => {
      const web = await as("patient");
      const failures: string[] = [];
      for (const path of PATHS) {
        for (const [type, body] of kinds) {
          const response = await fetch(new URL(path, web.baseURL), {
            method: "POST",
            redirect: "manual",
            headers: { "Sec-Fetch-Site": "same-origin", "Content-Type": type, Cookie: [...web.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
            body,
          });
          await response.arrayBuffer();
          if (response.status >= 500) failures.push(`POST ${path} ${type}: ${response.status}`);
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it("another method: DELETE on every page and action, PUT and PATCH on every fifth", async () => {
    const web = await as("patient");
    const failures: string[] = [];
    for (const [i, path] of PATHS.entries()) {
      for (const method of i % 5 === 0 ? ["DELETE", "PUT", "PATCH"] : ["DELETE"]) {
        const response = await web.raw(method, path);
        await response.arrayBuffer();
        if (response.status >= 500) failures.push(`${method} ${path}: ${response.status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  // Forms with odd values, as each role, to every page that has a form to post (and the web's own actions), with
  // the page's own form token; a guest's posts to private pages are sent to sign in first.
  // Each role's pages in two halves, so that a test takes a few seconds.
  const halves = [PATHS.slice(0, Math.ceil(PATHS.length / 2)), PATHS.slice(Math.ceil(PATHS.length / 2))];
  for (const user of USERS) {
    halves.forEach((paths, half) => {
      it(`${user}: forms of odd values to every page with a form (${half + 1}/2)`, async () => {
        const web = user === "guest" ? new WebClient() : await as(user);
        const failures: string[] = [];
        for (const path of paths) {
          const page = await web.raw("GET", path);
          const html = await page.text();
          if (!hasPostForm(html) && !ACTIONS.includes(path)) continue;
          const token = formTokenOf(html);
          for (const intent of ["fuzz", null]) {
            const response = await web.raw("POST", path, fuzzForm(token, intent, intent === null ? 3 : 0));
            await response.arrayBuffer();
            if (response.status >= 500) failures.push(`POST ${path} form intent=${intent}: ${response.status}`);
          }
        }
        expect(failures).toEqual([]);
      });
    });
  }
});
