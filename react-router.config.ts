import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  // BUILD_DIR lets two end-to-end runs (e.g. parallel work trees of one checkout) build side by side.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Pages are served with `Referrer-Policy: no-referrer` (search text sits in some URLs), and with that
  // policy browsers send `Origin: null` on a plain HTML form post — every form without JavaScript. React
  // Router's own origin check would refuse those, so "null" is allowed here, and the root middleware
  // (app/lib/csrf.server.ts, sameOriginWrites) refuses any write that fetch metadata says is cross-site.
  allowedActionOrigins: ["null"],
  future: {
    // Route middleware: the web session, the language, toasts and the access rule run once per request
    // in app/root.tsx before any loader or action (ARCHITECTURE §4: access rules in one place).
    v8_middleware: true,
  },
} satisfies Config;
