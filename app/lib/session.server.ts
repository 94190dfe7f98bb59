import { randomBytes } from "node:crypto";
import { createContext, createCookieSessionStorage, type Cookie, type RouterContextProvider, type Session, type SessionStorage } from "react-router";
import type { UserRole } from "../../api/contract/roles.ts";
import { webConfig } from "./config.server.ts";
import { createSignedCookie } from "./signed-cookie.server.ts";

/**
 * The web's own session: an httpOnly, SameSite=Lax, signed cookie (stateless, so any web instance can
 * serve any request). It holds what the web needs to act for the user upstream:
 *  - the upstream cookies (th_session signed-in token, th_guest nonce, th_mfa TOTP challenge, th_device
 *    known-device mark), forwarded as a Cookie header on every upstream call and updated from every
 *    upstream Set-Cookie;
 *  - the upstream CSRF token (session-info / login `csrfTokenValue`), sent as X-CSRF-Token;
 *  - who signed in (id, role), for the access rule before any upstream call;
 *  - a form token for the web's own resource-route forms (logout, language), for browsers without
 *    SameSite cookies or Origin headers.
 * The browser never sees the upstream token in a readable form (httpOnly) and never talks to the upstream.
 */
export const UPSTREAM_COOKIES = ["th_session", "th_guest", "th_mfa", "th_device"] as const;
export type UpstreamCookieName = (typeof UPSTREAM_COOKIES)[number];
/**
 * Upstream cookies that belong to the browser rather than to a signed-in user, kept when the web session
 * signs out: th_guest (the CSRF binding before sign-in) and th_device (set by the upstream at sign-in; a
 * known device is exempt from the per-account sign-in limits, so an attacker's burst cannot lock the real
 * user out — api/domain/ratelimit.ts).
 */
const DEVICE_COOKIES = ["th_guest", "th_device"] as const satisfies readonly UpstreamCookieName[];

type SessionData = {
  upstream: Partial<Record<UpstreamCookieName, string>>;
  csrf: string;
  userId: number;
  role: UserRole;
  formToken: string;
  /** The login name of the last password-reset request, shown once on /reset-link (flash). */
  resetLoginName: string;
  /** Why the upstream session ended, told once on the sign-in page (flash). */
  signedOutReason: SignedOutReason;
};

/** "inactivity": the upstream session timed out; "revoked": it was ended elsewhere (sign-out, password reset). */
export type SignedOutReason = "inactivity" | "revoked";

/** What to tell the user for the upstream's `sessionEnded` ("expired" → inactivity), or null when it says nothing. */
export function signedOutReasonOf(sessionEnded: unknown): SignedOutReason | null {
  return sessionEnded === "expired" ? "inactivity" : sessionEnded === "revoked" ? "revoked" : null;
}

let storage: SessionStorage<SessionData> | undefined;
function sessionStorage(): SessionStorage<SessionData> {
  if (!storage) {
    const { production, cookieSecret } = webConfig();
    storage = createCookieSessionStorage<SessionData>({
      // __Host- binds the cookie to this exact origin (needs Secure, so production only).
      cookie: createSignedCookie(production ? "__Host-th_web" : "th_web", {
        httpOnly: true,
        sameSite: "lax",
        secure: production,
        path: "/",
        secrets: [cookieSecret],
      }),
    });
  }
  return storage;
}

/**
 * Whether the request carries a valid (signed) web session cookie. The cookie is SameSite=Lax, so a browser sends
 * it on a POST only from one of our own pages: app/lib/csrf.server.ts uses it to tell an old browser's own form
 * post (no fetch metadata, `Origin: null` under our no-referrer policy) from a cross-site or sandboxed one.
 */
export async function hasWebSessionCookie(request: Request): Promise<boolean> {
  const cookie = request.headers.get("cookie");
  if (!cookie) return false;
  const session = await sessionStorage().getSession(cookie);
  return typeof session.get("formToken") === "string";
}

/**
 * The known-device mark outlives the browser session: the web session cookie ends when the browser closes,
 * but the upstream's th_device mark is meant to last (API: 180 days), so the real user stays exempt from the
 * per-account sign-in limits after a restart. It is kept in its own signed, httpOnly cookie with that lifetime
 * and holds nothing else (no user id, no token that grants access).
 */
const DEVICE_MAX_AGE_S = 180 * 24 * 60 * 60;
let deviceCookie: Cookie | undefined;
function deviceMarkCookie(): Cookie {
  if (!deviceCookie) {
    const { production, cookieSecret } = webConfig();
    deviceCookie = createSignedCookie(production ? "__Host-th_web_device" : "th_web_device", {
      httpOnly: true,
      sameSite: "lax",
      secure: production,
      path: "/",
      maxAge: DEVICE_MAX_AGE_S,
      secrets: [cookieSecret],
    });
  }
  return deviceCookie;
}

/** One request's view of the web session; changes are written back once by the root middleware. */
export class WebSession {
  private dirty = false;
  private destroyed = false;
  constructor(
    private readonly session: Session<SessionData>,
    /** The device mark as the browser sent it in its own long-lived cookie (null when absent). */
    private readonly deviceMark: string | null = null,
  ) {
    // A new browser session (the web cookie is gone) still knows this device.
    if (deviceMark && !this.upstreamCookies.th_device) this.session.set("upstream", { ...this.upstreamCookies, th_device: deviceMark });
  }

  static async fromRequest(request: Request): Promise<WebSession> {
    return WebSession.fromCookieHeader(request.headers.get("Cookie"));
  }

  static async fromCookieHeader(header: string | null): Promise<WebSession> {
    const mark: unknown = header ? await deviceMarkCookie().parse(header) : null;
    return new WebSession(await sessionStorage().getSession(header), typeof mark === "string" && mark ? mark : null);
  }

  /**
   * The Cookie header of a web session that holds only `formToken`: the guest page cache renders its templates with
   * it (app/lib/guest-page-cache.server.ts), a marker in place of a visitor's token. It signs in no one.
   */
  static async templateCookieHeader(formToken: string): Promise<string> {
    const session = await sessionStorage().getSession(null);
    session.set("formToken", formToken);
    const setCookie = await sessionStorage().commitSession(session);
    return setCookie.slice(0, setCookie.indexOf(";"));
  }

  /**
   * A visitor who is no one yet, with nothing to be told: not signed in, no sign-in waiting for its second step, no
   * flash message (why a session ended, a reset request's login name). Every such visitor sees the same public page,
   * but for the form token (the guest page cache, app/lib/guest-page-cache.server.ts).
   */
  get isPlainGuest(): boolean {
    return !this.user && !this.hasUpstreamSession && !this.hasPendingTwoFactor && !this.session.has("signedOutReason") && !this.session.has("resetLoginName");
  }

  get upstreamCookies(): Partial<Record<UpstreamCookieName, string>> {
    return this.session.get("upstream") ?? {};
  }
  setUpstreamCookie(name: UpstreamCookieName, value: string | null) {
    const next = { ...this.upstreamCookies };
    if (value === null) {
      if (!(name in next)) return;
      delete next[name];
    } else {
      if (next[name] === value) return;
      next[name] = value;
    }
    this.session.set("upstream", next);
    this.dirty = true;
  }

  get csrf(): string | undefined {
    return this.session.get("csrf");
  }
  set csrf(value: string | undefined) {
    if (this.session.get("csrf") === value) return;
    if (value === undefined) this.session.unset("csrf");
    else this.session.set("csrf", value);
    this.dirty = true;
  }

  /** True while the upstream session cookie is held (the user signed in and has not signed out). */
  get hasUpstreamSession(): boolean {
    return Boolean(this.upstreamCookies.th_session);
  }
  get user(): { id: number; role: UserRole } | null {
    const id = this.session.get("userId");
    const role = this.session.get("role");
    return id !== undefined && role ? { id, role } : null;
  }
  setUser(user: { id: number; role: UserRole }) {
    this.session.set("userId", user.id);
    this.session.set("role", user.role);
    this.dirty = true;
  }

  /** A new form token (at sign-in and sign-out: a token seen by one visitor is not valid for the next). */
  rotateFormToken() {
    this.session.set("formToken", randomBytes(18).toString("base64url"));
    this.dirty = true;
  }

  /** Forget everything about the signed-in user (the upstream session is gone or was ended). */
  signOut() {
    for (const key of ["userId", "role", "csrf"] as const) this.session.unset(key);
    const kept: Partial<Record<UpstreamCookieName, string>> = {};
    for (const name of DEVICE_COOKIES) {
      const value = this.upstreamCookies[name];
      if (value) kept[name] = value;
    }
    this.session.set("upstream", kept);
    this.rotateFormToken();
  }

  /** Token for the web's own state-changing forms (double-checked against the session on submit). */
  get formToken(): string {
    let token = this.session.get("formToken");
    if (!token) {
      token = randomBytes(18).toString("base64url");
      this.session.set("formToken", token);
      this.dirty = true;
    }
    return token;
  }

  /** Spec §4: a successful reset request stores the login name for the ResetPasswordLink page. */
  flashResetLoginName(loginName: string) {
    this.session.flash("resetLoginName", loginName);
    this.dirty = true;
  }
  takeResetLoginName(): string | null {
    const value = this.session.get("resetLoginName");
    if (value !== undefined) this.dirty = true; // reading a flash value removes it
    return value ?? null;
  }

  /** The upstream session ended without the user signing out: the sign-in page says why, once. */
  flashSignedOut(reason: SignedOutReason) {
    this.session.flash("signedOutReason", reason);
    this.dirty = true;
  }
  takeSignedOut(): SignedOutReason | null {
    const value = this.session.get("signedOutReason");
    if (value !== undefined) this.dirty = true; // reading a flash value removes it
    return value ?? null;
  }

  /** True while a password sign-in waits for its two-factor step (the upstream's th_mfa cookie is held). */
  get hasPendingTwoFactor(): boolean {
    return Boolean(this.upstreamCookies.th_mfa);
  }

  destroy() {
    this.destroyed = true;
  }

  /** The Set-Cookie values to send (none when nothing changed). */
  async commit(): Promise<string[]> {
    const out: string[] = [];
    const mark = this.upstreamCookies.th_device ?? null;
    if (mark && mark !== this.deviceMark) out.push(await deviceMarkCookie().serialize(mark));
    if (this.destroyed) out.push(await sessionStorage().destroySession(this.session));
    else if (this.dirty) out.push(await sessionStorage().commitSession(this.session));
    return out;
  }
}

export const webSessionContext = createContext<WebSession>();

export function getWebSession(context: Readonly<RouterContextProvider>): WebSession {
  return context.get(webSessionContext);
}
