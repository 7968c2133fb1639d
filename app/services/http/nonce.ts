import { createContext, useContext } from "react";

/** The per-request CSP nonce; set by entry.server, empty in the browser (it is hidden from the DOM). */
export const NonceContext = createContext("");

export const useNonce = () => useContext(NonceContext);
