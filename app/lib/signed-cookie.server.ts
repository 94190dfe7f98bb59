import { createHmac, timingSafeEqual } from "node:crypto";
import { parse, serialize, type SerializeOptions } from "cookie";
import type { Cookie, CookieOptions } from "react-router";

/**
 * React Router's signed cookie (createCookie with `secrets`), the same bytes on the wire, made synchronously
 * with node:crypto. React Router's own signs and verifies through WebCrypto (importKey + sign/verify: two
 * thread-pool jobs per cookie) and re-encodes the value a character at a time; the web session and the device
 * mark are read on every request, and that was a visible part of each page's CPU (issue 11). Format: base64 of
 * the value's JSON (UTF-8), then "." and the unpadded base64 HMAC-SHA256 of that text with the first secret;
 * any secret verifies. tests/unit/signed-cookie.test.ts checks both ways against React Router's createCookie.
 */
export function createSignedCookie(name: string, cookieOptions: CookieOptions & { secrets: string[] }): Cookie {
  const { secrets, ...options } = { path: "/", sameSite: "lax" as const, ...cookieOptions };
  if (secrets.length === 0) throw new Error(`createSignedCookie(${name}): a secret is required`);
  return {
    get name() {
      return name;
    },
    get isSigned() {
      return true;
    },
    get expires() {
      return typeof options.maxAge !== "undefined" ? new Date(Date.now() + options.maxAge * 1e3) : options.expires;
    },
    async parse(cookieHeader) {
      if (!cookieHeader) return null;
      const cookies = parse(cookieHeader);
      if (!(name in cookies)) return null;
      const value = cookies[name];
      if (typeof value !== "string" || value === "") return "";
      for (const secret of secrets) {
        const unsigned = unsign(value, secret);
        if (unsigned !== null) return decode(unsigned);
      }
      return null;
    },
    async serialize(value, serializeOptions) {
      const encoded = value === "" ? "" : sign(encode(value), secrets[0]);
      return serialize(name, encoded, { ...(options as SerializeOptions), ...(serializeOptions as SerializeOptions) });
    },
  };
}

const mac = (value: string, secret: string) => createHmac("sha256", secret).update(value).digest("base64").replace(/=+$/, "");

function sign(value: string, secret: string): string {
  return `${value}.${mac(value, secret)}`;
}

function unsign(cookie: string, secret: string): string | null {
  const at = cookie.lastIndexOf(".");
  if (at < 0) return null;
  const value = cookie.slice(0, at);
  const given = Buffer.from(cookie.slice(at + 1));
  const expected = Buffer.from(mac(value, secret));
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}

function encode(value: unknown): string {
  return Buffer.from(JSON.stringify(value), "utf8").toString("base64");
}

function decode(value: string): unknown {
  try {
    return JSON.parse(Buffer.from(value, "base64").toString("utf8"));
  } catch {
    return {};
  }
}
