// Declared page states of the account-security pages for the axe sweep (see ./types.ts): the sign-in steps,
// the reset forms and the security panel showing their errors — every post fails validation on the server,
// before anything is sent upstream, so nothing changes and no rate limit counts. The sign-in form with its
// errors is declared in ./shell.ts.
import type { DeclaredState } from "./types";

const SECURITY = "/patient/account/security";

/**
 * A two-factor setup as the confirm form carries it back (hidden fields): a well-formed key, its otpauth URI
 * and a small SVG image in place of the upstream's QR code. Posted with an empty code, it shows the setup
 * (QR image, key, code field) with the field's error, without asking the upstream for a secret.
 */
const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const QR_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 21 21"><rect width="21" height="21" fill="#fff"/><path d="M0 0h7v7H0zM14 0h7v7h-7zM0 14h7v7H0z"/></svg>';
const TOTP_SETUP = {
  intent: "totp-confirm",
  setupSecret: SECRET,
  setupUri: `otpauth://totp/Telehealth:a11y%40demo.test?secret=${SECRET}&issuer=Telehealth`,
  setupQr: `data:image/svg+xml;base64,${Buffer.from(QR_SVG, "utf8").toString("base64")}`,
  code: "",
};

export const STATES: DeclaredState[] = [
  // Sign-in: the two-factor steps with their errors (the action answers with the step it was posted from).
  { label: "sign-in two-factor step with errors", role: "guest", path: "/login", post: { intent: "totp", code: "" }, expect: "#sign-in-code [aria-invalid=true]" },
  {
    label: "sign-in recovery-code step with errors",
    role: "guest",
    path: "/login",
    post: { intent: "recovery", recoveryCode: "" },
    expect: "#sign-in-recovery [aria-invalid=true]",
  },
  // Password reset: the request form and the new-password form (every rule failing, and a mismatch).
  { label: "forgot-password with errors", role: "guest", path: "/forgot-password", post: { loginName: "not-an-email" }, expect: "#forgot-password [aria-invalid=true]" },
  {
    label: "set-password with errors",
    role: "guest",
    path: "/set-password?code=a11y-state&id=1",
    post: { code: "a11y-state", id: "1", newPassword: "abc def", passwordConfirm: "abc" },
    expect: "#set-password [aria-invalid=true]",
  },
  // An email-change link opened: the page that asks for the button (no code posted).
  { label: "confirm-email with a link", role: "guest", path: "/confirm-email?code=a11y-state", expect: "#confirm-email button[type=submit]" },
  // The security panel (patient page; the staff and manager profiles nest the same panel a level lower).
  {
    label: "change-password with errors",
    role: "patient",
    path: SECURITY,
    post: { intent: "change-password", currentPassword: "", newPassword: "abc def", passwordConfirm: "abc" },
    expect: "#change-password [aria-invalid=true]",
  },
  {
    label: "change-password with errors (staff profile)",
    role: "provider",
    path: "/staff/profile",
    post: { intent: "change-password", currentPassword: "", newPassword: "", passwordConfirm: "" },
    expect: "#security #change-password [aria-invalid=true]",
  },
  { label: "change-email with errors", role: "patient", path: SECURITY, post: { intent: "change-email", email: "not-an-email" }, expect: "#change-email [aria-invalid=true]" },
  // "Did you mean…?": the server's question before a link goes to a likely typo (nothing is sent).
  { label: "change-email 'Did you mean…?'", role: "patient", path: SECURITY, post: { intent: "change-email", email: "a11y.state@gmial.com" }, expect: "[data-testid=email-suggestion]" },
  { label: "two-factor setup with errors", role: "patient", path: SECURITY, post: TOTP_SETUP, expect: "[data-testid=totp-setup] [aria-invalid=true]" },
];
