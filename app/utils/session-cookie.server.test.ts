// The session is looked for only when the request carries the session's own cookie (its exact
// name, or one of its numbered chunks), not any cookie whose name contains it (issue 66).
import { expect, test } from 'vitest'
import { hasSessionCookie } from './auth.server'

const key = 'sb-127-auth-token'
const withCookie = (cookie: string) => new Request('http://localhost/imoveis', { headers: { cookie } })

test.each([
  [`${key}=base64-eyJ`, true],
  [`tema=claro; ${key}.0=base64-eyJ; ${key}.1=fim`, true],
  [`${key}.1=fim`, true],
  [`${key}-code-verifier=abc`, false],
  [`x${key}=abc`, false],
  [`${key}x=abc`, false],
  [`${key}.extra=abc`, false],
  [`tema=${key}`, false],
  [`utm=a${key}b`, false],
  ['', false],
])('%s → %s', (cookie, expected) => {
  expect(hasSessionCookie(withCookie(cookie), key)).toBe(expected)
})
