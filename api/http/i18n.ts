import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Translate } from "../contract/validation.ts";

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../locales");
const cache = new Map<string, Record<string, string>>();

function namespace(lng: string, ns: string): Record<string, string> {
  const key = `${lng}/${ns}`;
  let table = cache.get(key);
  if (!table) {
    table = JSON.parse(readFileSync(path.join(localesDir, lng, `${ns}.json`), "utf8")) as Record<string, string>;
    cache.set(key, table);
  }
  return table;
}

/** The API answers in English (en-US, the fallback locale); the web translates for the user. */
export const translateEn: Translate = (key, params) => {
  const [ns, ...rest] = key.split(".");
  const text = namespace("en-US", ns)[rest.join(".")] ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params?.[name] ?? ""));
};
