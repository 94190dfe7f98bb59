import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts", "app/**/*.test.ts", "api/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        extends: true,
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          globalSetup: ["tests/api/global-setup.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file opens its own fresh database; two workers on a 2-core machine.
          pool: "forks",
          maxWorkers: 2,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // The fast tier: the built web server over plain HTTP, pages parsed with linkedom (tests/web/client.ts) —
          // route × role access, every no-JavaScript workflow as GET/POST/redirect, translations.
          name: "web",
          include: ["tests/web/**/*.test.ts"],
          globalSetup: ["tests/web/global-setup.ts"],
          environment: "node",
          testTimeout: 20_000,
          hookTimeout: 60_000,
          pool: "forks",
          maxWorkers: 2,
        },
      },
    ],
  },
});
