/** "Did you mean {email}?" (spec §5): common domain typos, and no suggestion for real domains. */
import { describe, expect, it } from "vitest";
import { KNOWN_DOMAINS, editDistance, suggestEmail } from "../../api/contract/email-suggest.ts";

describe("suggestEmail", () => {
  it.each([
    ["ana@gmial.com", "ana@gmail.com"],
    ["ana@gamil.com", "ana@gmail.com"],
    ["ana@gmal.com", "ana@gmail.com"],
    ["ana@gmail.co", "ana@gmail.com"],
    ["ana@gmail.con", "ana@gmail.com"],
    ["ana@gmail.cmo", "ana@gmail.com"],
    ["ana@hotmial.com", "ana@hotmail.com"],
    ["ana@hotmal.com", "ana@hotmail.com"],
    ["ana@yaho.com", "ana@yahoo.com"],
    ["ana@yahooo.com", "ana@yahoo.com"],
    ["ana@outlok.com", "ana@outlook.com"],
    ["ana@icloud.co", "ana@icloud.com"],
    ["ana@iclould.com", "ana@icloud.com"],
    ["ana@comcast.nte", "ana@comcast.net"],
    ["ana@hotmial.es", "ana@hotmail.es"],
  ])("%s → %s", (typed, expected) => {
    expect(suggestEmail(typed)).toBe(expected);
  });

  it("keeps the local part as typed and lower-cases the domain", () => {
    expect(suggestEmail("  Ana.Lopez+rx@GMIAL.COM ")).toBe("Ana.Lopez+rx@gmail.com");
  });

  it("leaves every known provider alone", () => {
    for (const domain of KNOWN_DOMAINS) expect(suggestEmail(`ana@${domain}`)).toBeNull();
  });

  it.each(["ana@clinic-example.org", "ana@demo.test", "ana@me.com", "ana@fox.net", "ana@att.com", "ana@verizon.com", "ana@comcast.com", "ana@mail.co.uk"])(
    "makes no suggestion for %s",
    (email) => {
      expect(suggestEmail(email)).toBeNull();
    },
  );

  it("makes no suggestion for what is not an address", () => {
    for (const s of ["", "ana", "ana@", "@gmial.com", "ana@gmial"]) expect(suggestEmail(s)).toBeNull();
  });

  it("does not guess between two equally close providers", () => {
    // "amail" is one letter from both gmail and email (and ymail).
    expect(suggestEmail("ana@amail.com")).toBeNull();
  });

  it("counts a swap of neighbouring letters as one edit", () => {
    expect(editDistance("gmial", "gmail")).toBe(1);
    expect(editDistance("outlok", "outlook")).toBe(1);
    expect(editDistance("abc", "abcdef", 2)).toBe(3);
  });
});
