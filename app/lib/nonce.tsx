import { createContext, useContext } from "react";

/** The CSP nonce reaches inline scripts through this context (empty in the browser). */
const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
