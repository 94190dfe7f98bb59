import { createContext, useContext, type ReactNode } from "react";

/**
 * The CSP nonce of this document. The server gets it from server.ts (per request); in the browser it is read
 * back from a script element (`script.nonce`, which browsers keep even though they hide the attribute), so
 * both renders agree on it.
 */
const NonceContext = createContext<string>("");

export function NonceProvider({ nonce, children }: { nonce: string; children: ReactNode }) {
  return <NonceContext.Provider value={nonce}>{children}</NonceContext.Provider>;
}

export function useNonce(): string {
  return useContext(NonceContext);
}
