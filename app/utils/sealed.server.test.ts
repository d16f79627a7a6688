import { describe, expect, it } from 'vitest'
import { SealedTextError, seal, unseal } from './sealed.server'

describe('sealed credentials', () => {
  it('opens with the same secret and hides the plaintext', () => {
    const sealed = seal('segredo', 'token-EAAB ç ✓')
    expect(sealed).not.toContain('token')
    expect(unseal('segredo', sealed)).toBe('token-EAAB ç ✓')
  })

  it('refuses another key and a changed byte', () => {
    const sealed = seal('segredo', 'chave-da-api')
    expect(() => unseal('outro', sealed)).toThrow(SealedTextError)
    const [version, iv, tag, body] = sealed.split('.')
    const changed = Buffer.from(body!, 'base64url')
    changed[0] = changed[0]! ^ 1
    expect(() => unseal('segredo', [version, iv, tag, changed.toString('base64url')].join('.'))).toThrow(
      SealedTextError,
    )
  })
})
