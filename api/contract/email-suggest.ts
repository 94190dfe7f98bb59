/**
 * "Did you mean {email}?" (spec §5): a suggestion for common typos in the domain of an email address.
 * A pure function, shared by the API and the web (no Node-only imports): it returns the corrected address,
 * or null when the domain looks fine or nothing close enough is known. The web shows the suggestion with
 * the warning "This email address is probably not real" (keys below, in locales/<lng>/validation.json).
 */

/** validation.emailSuggestion: "Did you mean {{email}}?" */
export const EMAIL_SUGGESTION_KEY = "validation.emailSuggestion";
/** validation.emailProbablyNotReal: "This email address is probably not real" */
export const EMAIL_NOT_REAL_KEY = "validation.emailProbablyNotReal";

/** Widely used mailbox providers (US and Spanish-speaking users). An exact match is never corrected. */
export const KNOWN_DOMAINS = [
  "gmail.com",
  "googlemail.com",
  "yahoo.com",
  "yahoo.es",
  "yahoo.com.mx",
  "ymail.com",
  "rocketmail.com",
  "hotmail.com",
  "hotmail.es",
  "outlook.com",
  "outlook.es",
  "live.com",
  "msn.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "aol.com",
  "comcast.net",
  "att.net",
  "sbcglobal.net",
  "bellsouth.net",
  "verizon.net",
  "cox.net",
  "charter.net",
  "earthlink.net",
  "protonmail.com",
  "proton.me",
  "gmx.com",
  "mail.com",
  "email.com",
  "zoho.com",
  "yandex.com",
  "fastmail.com",
  "hey.com",
] as const;

/** Typos seen often enough to correct even where the distance rule would hesitate. */
const KNOWN_TYPOS: Record<string, string> = {
  "gmial.com": "gmail.com",
  "gamil.com": "gmail.com",
  "gmal.com": "gmail.com",
  "gmai.com": "gmail.com",
  "gmaill.com": "gmail.com",
  "gnail.com": "gmail.com",
  "gmail.co": "gmail.com",
  "gmail.cm": "gmail.com",
  "gmail.om": "gmail.com",
  "gmail.con": "gmail.com",
  "gmail.cmo": "gmail.com",
  "gmail.comm": "gmail.com",
  "hotmial.com": "hotmail.com",
  "hotmal.com": "hotmail.com",
  "hotmai.com": "hotmail.com",
  "hotmil.com": "hotmail.com",
  "hotnail.com": "hotmail.com",
  "hotmail.co": "hotmail.com",
  "hotmail.con": "hotmail.com",
  "yaho.com": "yahoo.com",
  "yahooo.com": "yahoo.com",
  "yhoo.com": "yahoo.com",
  "yahoo.co": "yahoo.com",
  "yahoo.con": "yahoo.com",
  "outlok.com": "outlook.com",
  "outlookk.com": "outlook.com",
  "outloo.com": "outlook.com",
  "otulook.com": "outlook.com",
  "outlook.co": "outlook.com",
  "icloud.co": "icloud.com",
  "icloud.con": "icloud.com",
  "iclod.com": "icloud.com",
  "icoud.com": "icloud.com",
  "icluod.com": "icloud.com",
  "aol.co": "aol.com",
  "aol.con": "aol.com",
};

/** Top-level domain typos: the name part is right, the ending is not. */
const TLD_TYPOS: Record<string, string> = {
  co: "com",
  con: "com",
  cmo: "com",
  ocm: "com",
  cm: "com",
  om: "com",
  comm: "com",
  vom: "com",
  xom: "com",
  cpm: "com",
  net: "net",
  nte: "net",
  ner: "net",
  nett: "net",
  ne: "net",
};

/** Optimal string alignment distance (Levenshtein with adjacent transpositions), capped for speed. */
export function editDistance(a: string, b: string, cap = 3): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push(new Array<number>(b.length + 1).fill(0));
    rows[i][0] = i;
  }
  for (let j = 0; j <= b.length; j++) rows[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2][j - 2] + 1);
      rows[i][j] = d;
    }
  }
  return rows[a.length][b.length];
}

const KNOWN = new Set<string>(KNOWN_DOMAINS);

function correctDomain(domain: string): string | null {
  if (KNOWN.has(domain)) return null;
  const typo = KNOWN_TYPOS[domain];
  if (typo) return typo;

  const dot = domain.lastIndexOf(".");
  if (dot <= 0) return null;
  const name = domain.slice(0, dot);
  const tld = domain.slice(dot + 1);

  // Right name, wrong ending: "gmail.cmo", "comcast.nte".
  const fixedTld = TLD_TYPOS[tld];
  if (fixedTld && fixedTld !== tld && KNOWN.has(`${name}.${fixedTld}`)) return `${name}.${fixedTld}`;

  // Same ending, and a name close to exactly one known provider's name ("hotmial" → "hotmail"): one edit
  // for names of 5–6 letters, two for longer ones. Short names (me, aol, att, msn…) are left alone, since
  // many real domains sit one letter away from them.
  if (name.length < 4) return null;
  let best: string | null = null;
  let bestDistance = Infinity;
  let tie = false;
  for (const known of KNOWN_DOMAINS) {
    const knownDot = known.lastIndexOf(".");
    const knownName = known.slice(0, knownDot);
    if (known.slice(knownDot + 1) !== tld || knownName.length < 5) continue;
    const allowed = knownName.length >= 7 ? 2 : 1;
    const d = editDistance(name, knownName, 2);
    if (d > allowed) continue;
    if (d < bestDistance) {
      best = known;
      bestDistance = d;
      tie = false;
    } else if (d === bestDistance) {
      tie = true;
    }
  }
  return best && !tie ? best : null;
}

/**
 * The corrected address when the domain of `email` looks like a typo of a common provider, else null.
 * The local part is kept as typed; the domain is compared and returned in lower case.
 *   suggestEmail("ana@gmial.com") === "ana@gmail.com";  suggestEmail("ana@gmail.com") === null
 */
export function suggestEmail(email: string): string | null {
  const value = email.trim();
  const at = value.lastIndexOf("@");
  if (at <= 0 || at === value.length - 1) return null;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1).toLowerCase().replace(/\.+$/, "");
  if (!/^[a-z0-9.-]+$/.test(domain) || !domain.includes(".")) return null;
  const fixed = correctDomain(domain);
  return fixed ? `${local}@${fixed}` : null;
}
