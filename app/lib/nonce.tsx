import { createContext, useContext, type ReactNode } from "react";

/**
 * The Content-Security-Policy nonce of the response being rendered. The server generates one per
 * request (app/lib/security-headers.server.ts), passes it in the load context, and entry.server
 * provides it here; every inline `<script>` the app renders carries it. In the browser it is "":
 * browsers hide nonce attributes from the DOM, and hydration never re-runs inline scripts.
 */
const NonceContext = createContext("");

export function NonceProvider({ value, children }: { value: string; children: ReactNode }) {
  return <NonceContext.Provider value={value}>{children}</NonceContext.Provider>;
}

/** The nonce for an inline script (empty in the browser). */
export function useNonce(): string {
  return useContext(NonceContext);
}
