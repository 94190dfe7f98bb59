/**
 * Security headers of every web response (ARCHITECTURE §6), set by server.ts before React Router runs.
 * Pages that show signed-in data add `Cache-Control: no-store` themselves (app/root.tsx middleware).
 */
export type SecurityHeaderOptions = {
  nonce: string;
  production: boolean;
  /** Vite dev server: its client injects <style> elements and talks to the HMR websocket. */
  development: boolean;
};

export function contentSecurityPolicy({ nonce, development }: SecurityHeaderOptions): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    // Scripts: our own files plus the inline bootstrap scripts that carry this request's nonce.
    "script-src": ["'self'", `'nonce-${nonce}'`],
    // Tailwind's stylesheet is a <link> to a file of ours; dev mode adds Vite's injected <style> tags.
    "style-src": development ? ["'self'", "'unsafe-inline'"] : ["'self'", `'nonce-${nonce}'`],
    "img-src": ["'self'", "data:", "blob:"],
    "font-src": ["'self'"],
    "connect-src": development ? ["'self'", "ws:", "wss:"] : ["'self'"],
    "manifest-src": ["'self'"],
    "media-src": ["'self'"],
    "worker-src": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
    "frame-src": ["'none'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": contentSecurityPolicy(options),
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
  };
  if (options.production) {
    // Two years, as the HSTS preload list asks (the requirement is at least one year).
    headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains";
  }
  return headers;
}
