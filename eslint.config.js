import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", "build-*/", ".react-router/", "node_modules/", "data/", ".tmp/", "test-results/", "playwright-report/", "coverage/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
      "@typescript-eslint/no-explicit-any": "error",
    },
  },
  {
    // Route actions parse forms with app/lib/parse-form.server.ts, which keeps each message's values ({max}).
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/lib/parse-form.server.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["@conform-to/zod", "@conform-to/zod/*"], message: "Use parseWithZod from ~/lib/parse-form.server (it keeps the messages' values)." }] },
      ],
    },
  },
);
