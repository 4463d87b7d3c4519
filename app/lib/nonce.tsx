import { createContext, useContext } from "react";

/** The CSP nonce of this response. Only set while rendering on the server. */
const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
