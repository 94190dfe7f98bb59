import type { ResourceLanguage, TFunction } from "i18next";

/**
 * The translate function React renders with, on the server and in the browser alike (ARCHITECTURE §8 budget).
 * i18next stays the library of the server (remix-i18next: language detection, loaders, actions, mails); the
 * pages only look keys up in the resources the document carries, so the browser does not need i18next's
 * 16 KB (gzip) runtime for that. This implements exactly the part of i18next's `t` the app uses, with
 * i18next's results (tests/unit/translate.test.ts compares every key of every namespace in both languages
 * with i18next itself):
 *  - "ns:a.b.c" keys (namespace separator ":", key separator "."; a key may contain dots), the default
 *    namespace or `{ ns }`;
 *  - plurals for a numeric `count`: `key_zero` when count is 0 and it exists, else `key_<Intl plural rule>`,
 *    else the bare key — as i18next's JSON v4 format;
 *  - `{{name}}` / `{{- name}}` / `{{a.b}}` interpolation without escaping (React escapes); an undefined value
 *    leaves the placeholder, null gives "";
 *  - a key that is not there (or not a string) gives the key itself, without its namespace.
 */
type Options = Record<string, unknown> & { count?: unknown; ns?: string };

export type Translator = { language: string; t: TFunction; getFixedT: (ns?: string) => TFunction };

const PLACEHOLDER = /\{\{\s*-?\s*([^}]+?)\s*\}\}/g;

/** The value at a dotted path; a key may itself contain dots ("password.tooShort"), as i18next allows. */
function lookup(tree: unknown, path: string): unknown {
  const parts = path.split(".");
  const walk = (node: unknown, from: number): unknown => {
    if (from === parts.length) return node;
    if (node === null || typeof node !== "object") return undefined;
    for (let to = from + 1; to <= parts.length; to++) {
      const key = parts.slice(from, to).join(".");
      if (Object.hasOwn(node, key)) {
        const found = walk((node as Record<string, unknown>)[key], to);
        if (found !== undefined) return found;
      }
    }
    return undefined;
  };
  return walk(tree, 0);
}

function interpolate(text: string, options: Options | undefined): string {
  if (!options || !text.includes("{{")) return text;
  return text.replace(PLACEHOLDER, (match, name: string) => {
    const value = name in options ? options[name] : lookup(options, name);
    if (value === undefined) return match;
    return value === null ? "" : String(value);
  });
}

/**
 * One translator per (resources, language, default namespace): the server renders every page of a language from
 * the same resources object, so requests share it instead of building one each (and its per-namespace `t`s).
 */
const translators = new WeakMap<ResourceLanguage, Map<string, Translator>>();

export function createTranslator(language: string, resources: ResourceLanguage, defaultNs: string): Translator {
  let byKey = translators.get(resources);
  if (!byKey) translators.set(resources, (byKey = new Map()));
  const key = `${language}\u0000${defaultNs}`;
  let translator = byKey.get(key);
  if (!translator) byKey.set(key, (translator = buildTranslator(language, resources, defaultNs)));
  return translator;
}

function buildTranslator(language: string, resources: ResourceLanguage, defaultNs: string): Translator {
  const rules = new Intl.PluralRules(language);
  const translate = (fixedNs: string, key: string, options?: Options): string => {
    const at = key.indexOf(":");
    const ns = at > 0 ? key.slice(0, at) : (options?.ns ?? fixedNs);
    const path = at > 0 ? key.slice(at + 1) : key;
    const count = options?.count;
    const candidates = typeof count === "number" ? [...(count === 0 ? [`${path}_zero`] : []), `${path}_${rules.select(count)}`, path] : [path];
    for (const candidate of candidates) {
      const found = find(ns, candidate);
      if (found !== undefined) return interpolate(found, options);
    }
    return path;
  };
  // What each (namespace, key) resolves to, looked up once: the resources never change, and a page asks for the
  // same few hundred keys on every render (splitting and joining the key's parts was measurable, issue 11).
  const found = new Map<string, string | null>();
  const find = (ns: string, key: string): string | undefined => {
    const memoKey = `${ns}\u0000${key}`;
    let value = found.get(memoKey);
    if (value === undefined) {
      const result = lookup(resources[ns], key);
      value = typeof result === "string" ? result : null;
      // Keys come from the code (a few thousand); the bound only guards against keys built from data.
      if (found.size >= 20_000) found.clear();
      found.set(memoKey, value);
    }
    return value ?? undefined;
  };
  const cache = new Map<string, TFunction>();
  const getFixedT = (ns: string = defaultNs): TFunction => {
    let t = cache.get(ns);
    // Typed as i18next's TFunction so the typed keys of the components stay checked; the runtime is ours.
    if (!t) cache.set(ns, (t = ((key: string, options?: Options) => translate(ns, key, options)) as unknown as TFunction));
    return t;
  };
  return { language, t: getFixedT(defaultNs), getFixedT };
}
