// The pages' translate function (app/lib/translate.ts) against i18next itself: every key of every namespace in
// both languages, with and without a count (0, 1, 2, 1,000,000 — es-US has a "many" form) and with every
// placeholder filled, gives i18next's text. So the pages say exactly what the server's i18next says.
import { createInstance, type ResourceLanguage } from "i18next";
import { describe, expect, it } from "vitest";
import { resources } from "../../app/lib/i18n.server";
import { SUPPORTED_LANGUAGES } from "../../app/lib/i18n";
import { createTranslator } from "../../app/lib/translate";

function keysOf(tree: unknown, prefix = ""): string[] {
  if (typeof tree === "string") return [prefix];
  if (!tree || typeof tree !== "object") return [];
  return Object.entries(tree).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

const i18nextFor = (language: string, res: ResourceLanguage) => {
  const instance = createInstance();
  void instance.init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: res },
    ns: Object.keys(res),
    defaultNS: "common",
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return instance;
};

describe.each(SUPPORTED_LANGUAGES)("translate (%s) gives i18next's texts", (language) => {
  const res = resources[language];
  const reference = i18nextFor(language, res);
  const ours = createTranslator(language, res, "common");
  const placeholders = (text: string) => Object.fromEntries([...text.matchAll(/\{\{\s*-?\s*([^},]+?)\s*\}\}/g)].map((m) => [m[1], `<${m[1]}>`]));

  for (const ns of Object.keys(res)) {
    it(`every key of ${ns}`, () => {
      const keys = keysOf(res[ns]);
      expect(keys.length).toBeGreaterThan(0);
      const bare = [...new Set(keys.map((k) => k.replace(/_(zero|one|two|few|many|other)$/, "")))];
      for (const key of bare) {
        const full = `${ns}:${key}`;
        const text = keys.includes(key) ? String(reference.t(full)) : "";
        const values = { ...placeholders(text), ...placeholders(keys.filter((k) => k.startsWith(key)).map((k) => JSON.stringify(k)).join("")) };
        const filled = Object.fromEntries(keys.filter((k) => k === key || k.startsWith(`${key}_`)).flatMap((k) => Object.entries(placeholders(String(reference.t(`${ns}:${k}`))))));
        const cases: Record<string, unknown>[] = [{}, { ...values, ...filled }];
        for (const count of [0, 1, 2, 1_000_000]) cases.push({ ...filled, count });
        for (const options of cases) {
          expect(ours.t(full, options), `${full} ${JSON.stringify(options)}`).toBe(reference.t(full, options));
          expect(ours.getFixedT(ns)(key, options), `${key} in ${ns}`).toBe(reference.getFixedT(language, ns)(key, options));
        }
      }
    });
  }

  it("a missing key, a missing namespace and the ns option", () => {
    for (const key of ["common:no.such.key", "nope:thing", "no.such"]) expect(ours.t(key)).toBe(reference.t(key));
    expect(ours.t("title", { ns: "design" })).toBe(reference.t("title", { ns: "design" }));
  });

  it("a string count is not a plural; null fills with nothing; an unknown placeholder stays", () => {
    const extra = createTranslator(language, { common: { p_one: "one", p_other: "{{count}} other", s: "{{ a }}|{{-a}}|{{b.c}}|{{d}}" } }, "common");
    const ref = i18nextFor(language, { common: { p_one: "one", p_other: "{{count}} other", s: "{{ a }}|{{-a}}|{{b.c}}|{{d}}" } });
    for (const options of [{ count: "2" }, { count: 1 }, { count: 1.5 }]) expect(extra.t("p", options)).toBe(ref.t("p", options));
    expect(extra.t("s", { a: null, b: { c: "C" } })).toBe(ref.t("s", { a: null, b: { c: "C" } }));
  });
});
