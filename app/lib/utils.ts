import { type ClassValue, clsx } from "clsx";

/**
 * Join class names (clsx: strings, conditionals, arrays). It does not resolve conflicting Tailwind utilities, as
 * tailwind-merge did (9 KB of JavaScript on every page): a component and its callers give one class per property
 * and state — a variant, a prop, or a className that replaces a default —, checked on every page by the web
 * route sweep and on the components' states by tests/unit/class-conflicts.test.ts (tests/support/class-conflicts.ts).
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
