import { createContext, useContext } from 'react'

/** The CSP nonce of this response (server only; the browser never needs it after load). */
export const NonceContext = createContext('')
export const useNonce = () => useContext(NonceContext)
