import { describe, expect, test } from 'vitest'
import {
  editPiece,
  flyerBody,
  kitFileByName,
  kitFiles,
  kitZipName,
  piecesWithoutPhone,
  planKit,
  whatsappMessage,
  withoutPhone,
} from './media-kit'
import { seededRandom } from './post-plan'

const photo = (n: number, featured = false) => ({
  name: `f${n}.jpg`,
  url: `/uploads/users/u/homes/photos/${n}/original.jpg`,
  featured,
})
const home = { gallery: [photo(1), photo(2), photo(3, true), photo(4), photo(5), photo(6)], floor_plans: [photo(9)] }

describe('a new kit', () => {
  test('every piece, featured photo first, carousel cover + photos + features + plan + contact', () => {
    const pieces = planKit(home, seededRandom(1))
    expect(pieces.map((p) => `${p.key}:${p.format}`)).toEqual([
      'feed:feed',
      'story:story',
      'carousel:portrait',
      'flyer:a4',
      'whatsapp:feed',
    ])
    expect(pieces[0]!.slides[0]!.image).toBe(photo(3).url)
    expect(pieces[1]!.slides[0]!.image).not.toBe(photo(3).url)
    expect(pieces[2]!.slides.map((s) => s.type)).toEqual([
      'cover',
      'photo',
      'photo',
      'photo',
      'photo',
      'photo',
      'features',
      'floor-plan',
      'closing',
    ])
    expect(pieces[3]!.slides).toHaveLength(4)
  })

  test('files and names', () => {
    const names = kitFiles(planKit(home, seededRandom(1))).map((f) => f.name)
    expect(names.at(0)).toBe('feed.png')
    expect(names).toContain('carrossel/slide-9.png')
    expect(names.slice(-3)).toEqual(['flyer.pdf', 'whatsapp.jpg', 'textos.txt'])
    expect(kitFileByName(planKit(home, seededRandom(1)), 'carrossel-2.png')?.slide).toBe(1)
    expect(kitZipName('Casa de praia em Ubatuba!')).toBe('media-kit-casa-de-praia-em-ubatuba.zip')
  })
})

describe('the phone, when the agent hides it', () => {
  test('is taken out of every text, however it was written', () => {
    for (const written of ['(11) 98765-4321', '11 98765-4321', '+55 11 98765 4321', '11987654321'])
      expect(withoutPhone(`Ana Souza · ${written}\nChame no WhatsApp ${written} e agende!`, '(11) 98765-4321')).toBe(
        'Ana Souza\nChame no WhatsApp e agende!',
      )
    const [piece] = piecesWithoutPhone(
      planKit(home, seededRandom(1)).map((p) => ({ ...p, text: 'Fale: 11 98765-4321' })),
      '11987654321',
    )
    expect(piece!.text).toBe('Fale:')
  })
})

test('flyer body and WhatsApp message keep prose only', () => {
  const caption =
    '✨ Casa à venda!\n\nCasa ampla com quintal e churrasqueira, perto da praia e do centro.\n\n✅ 3 quartos\n✅ 2 vagas\n\n💰 Valor: R$ 900.000,00\n\n#casa #praia'
  expect(flyerBody(caption)).toBe('Casa ampla com quintal e churrasqueira, perto da praia e do centro.')
  expect(whatsappMessage(caption)).not.toContain('#casa')
  expect(whatsappMessage(caption)).not.toContain('3 quartos')
})

test('an edit changes the first slide and the text, and bumps the version', () => {
  const [feed] = planKit(home, seededRandom(1))
  const edited = editPiece(feed!, { piece: 'feed', title: 'Oportunidade', text: '', photo: photo(5).url })
  expect(edited.slides[0]).toMatchObject({ title: 'Oportunidade', image: photo(5).url })
  expect(edited.text).toBeNull()
  expect(edited.version).toBe(feed!.version + 1)
})
