import { useDocumentInfo } from "./document.tsx";
import type { Theme } from "./theme.ts";

/** The theme of this document (brand, logo, favicon). */
export function useTheme(): Theme {
  return useDocumentInfo().theme;
}
