import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { createSignedCookie } from "../../app/lib/signed-cookie.server.ts";

const SECRET = "s".repeat(43);
const options = { httpOnly: true, sameSite: "lax" as const, path: "/", secrets: [SECRET] };
const values = [{ upstream: { th_session: "abc.def+/=" }, csrf: "tok", userId: 7, role: "patients" }, "a device mark", { text: "Señora «ünïcode» 😀" }, { empty: {} }];
const header = (setCookie: string) => setCookie.split(";")[0];

describe("createSignedCookie (sync) and React Router's createCookie read each other's cookies", () => {
  it("writes what React Router reads", async () => {
    for (const value of values) {
      const ours = await createSignedCookie("c", options).serialize(value);
      expect(await createCookie("c", options).parse(header(ours))).toEqual(value);
    }
  });

  it("reads what React Router writes, and writes the same bytes", async () => {
    for (const value of values) {
      const theirs = await createCookie("c", options).serialize(value);
      expect(await createSignedCookie("c", options).parse(header(theirs))).toEqual(value);
      expect(await createSignedCookie("c", options).serialize(value)).toBe(theirs);
    }
  });

  it("refuses a cookie signed with another secret, or altered", async () => {
    const other = await createCookie("c", { ...options, secrets: ["t".repeat(43)] }).serialize({ userId: 1 });
    expect(await createSignedCookie("c", options).parse(header(other))).toBeNull();
    const good = header(await createSignedCookie("c", options).serialize({ userId: 1 }));
    const [value, mac] = good.slice(2).split(".");
    const forged = `c=${Buffer.from(JSON.stringify({ userId: 2 })).toString("base64")}.${mac}`;
    expect(await createSignedCookie("c", options).parse(forged)).toBeNull();
    expect(await createSignedCookie("c", options).parse(`c=${value}`)).toBeNull();
    expect(await createSignedCookie("c", options).parse("other=1")).toBeNull();
  });

  it("verifies with any of several secrets and signs with the first", async () => {
    const old = await createCookie("c", options).serialize("x");
    const rotated = createSignedCookie("c", { ...options, secrets: ["n".repeat(43), SECRET] });
    expect(await rotated.parse(header(old))).toBe("x");
    expect(await createCookie("c", { ...options, secrets: ["n".repeat(43)] }).parse(header(await rotated.serialize("x")))).toBe("x");
  });
});
