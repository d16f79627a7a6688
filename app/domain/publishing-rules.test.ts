import { describe, expect, test } from 'vitest'
import { classifyMetaError, metaErrorMessage, preflight } from './publishing-rules'

const now = new Date('2026-11-23T12:00:00Z')
const ok = {
  images: [
    { width: 1080, height: 1350, format: 'jpeg', bytes: 400_000 },
    { width: 1080, height: 1080, format: 'jpeg', bytes: 300_000 },
  ],
  caption: 'Legenda',
  altText: '',
  publishAt: new Date('2026-11-23T15:00:00Z'),
  now,
  account: {
    provider: 'instagram',
    reconnectReason: null,
    expiresAt: new Date('2027-01-01T00:00:00Z'),
    deleted: false,
  },
}

describe('pre-flight', () => {
  test('a valid carousel passes', () => {
    expect(preflight(ok)).toEqual({})
  })

  test('as Stories, 9:16 frames pass; the feed refuses them', () => {
    const frames = Array.from({ length: 6 }, () => ({ width: 1080, height: 1920, format: 'jpeg', bytes: 500_000 }))
    expect(preflight({ ...ok, images: frames, kind: 'story' })).toEqual({})
    expect(preflight({ ...ok, images: frames }).slides).toHaveLength(6)
  })

  test('a malformed collaborator, a fourth one and a 2,201-character first comment are refused in pt-BR', () => {
    const errors = preflight({
      ...ok,
      collaborators: ['joão!', 'a', 'b', 'c'],
      firstComment: 'x'.repeat(2201),
    })
    expect(errors.collaborators).toEqual([
      '“joão!” não é um usuário do Instagram válido.',
      'O Instagram aceita até 3 colaboradores por publicação.',
    ])
    expect(errors.first_comment).toEqual(['O primeiro comentário tem 2.201 caracteres; o Instagram aceita até 2.200.'])
  })

  test('a past time, 9:16 in the feed, a PNG, 9 MB and eleven items are refused in pt-BR', () => {
    const errors = preflight({
      ...ok,
      publishAt: new Date('2026-11-23T11:59:00Z'),
      images: [
        { width: 1080, height: 1920, format: 'jpeg', bytes: 1 },
        { width: 1080, height: 1080, format: 'png', bytes: 1 },
        { width: 1080, height: 1080, format: 'jpeg', bytes: 9 * 1024 * 1024 },
        ...Array.from({ length: 8 }, () => ({ width: 1080, height: 1080, format: 'jpeg', bytes: 1 })),
      ],
    })
    expect(errors.publish_at).toEqual(['Escolha um horário no futuro (pelo menos 1 minuto à frente).'])
    expect(errors.slides).toEqual([
      'Um carrossel leva no máximo 10 imagens.',
      'Imagem 1: o formato 9:16 é de story. Agende como Stories, ou escolha 4:5 ou 1:1 para o feed.',
      'Imagem 2: o Instagram só aceita JPEG.',
      'Imagem 3: 9,0 MB; o limite é 8 MB.',
    ])
  })

  test('ratios at the limits pass: 4:5 and 1.91:1; beyond them do not', () => {
    const at = (width: number, height: number) =>
      preflight({ ...ok, images: [{ width, height, format: 'jpeg', bytes: 1 }] }).slides
    expect(at(1080, 1350)).toBeUndefined()
    expect(at(1080, 566)).toBeUndefined()
    expect(at(1080, 1400)).toEqual(['Imagem 1: proporção fora do que o feed aceita (de 4:5 a 1,91:1).'])
    expect(at(1080, 500)).toEqual(['Imagem 1: proporção fora do que o feed aceita (de 4:5 a 1,91:1).'])
  })

  test('an account to reconnect, or whose token ends before the time, is refused', () => {
    expect(
      preflight({ ...ok, account: { ...ok.account, reconnectReason: 'O Instagram revogou o acesso desta conta.' } })
        .account,
    ).toEqual(['Conecte a conta de novo antes de agendar: O Instagram revogou o acesso desta conta.'])
    expect(
      preflight({ ...ok, account: { ...ok.account, expiresAt: new Date('2026-11-23T14:00:00Z') } }).account,
    ).toEqual(['O acesso a esta conta expira antes do horário escolhido. Conecte a conta de novo.'])
  })
})

describe("Meta's errors", () => {
  test('each kind of error is retried, refused, or asks for reconnection', () => {
    expect(classifyMetaError({ status: 400, code: 9007, subcode: 2207027 })).toBe('retry')
    expect(classifyMetaError({ status: 503 })).toBe('retry')
    expect(classifyMetaError({ status: 0 })).toBe('retry')
    expect(classifyMetaError({ status: 400, code: 190, subcode: 460 })).toBe('reconnect')
    expect(classifyMetaError({ status: 400, code: 36003, subcode: 2207009 })).toBe('reject')
    expect(classifyMetaError({ status: 400, code: 9, subcode: 2207042 })).toBe('limit')
  })

  test('the reason is pt-BR, with Meta’s code and words kept', () => {
    expect(
      metaErrorMessage({ status: 400, code: 36003, subcode: 2207009, message: 'The aspect ratio is not supported.' }),
    ).toBe(
      'O Instagram recusou a proporção da imagem (aceita de 4:5 a 1,91:1 no feed). (Meta 36003/2207009: The aspect ratio is not supported.)',
    )
  })
})
