import { describe, expect, test } from 'vitest'
import {
  callToActionStart,
  spokenCallToAction,
  overlayCards,
  overlaySegments,
  photoClips,
  progressLabel,
  reelPreflight,
  renderConcurrency,
  subtitleCues,
  videoFileName,
  videoOptionsSchema,
  videoSeconds,
} from './video'

describe('timeline', () => {
  test('clips cover the whole video, each overlapping the next by the cross-fade', () => {
    const clips = photoClips(6, 30, 0.6)
    expect(clips).toHaveLength(6)
    const last = clips.at(-1)!
    expect(last.start + last.duration).toBeCloseTo(30, 2)
    for (let i = 1; i < clips.length; i++)
      expect(clips[i - 1]!.start + clips[i - 1]!.duration - clips[i]!.start).toBeCloseTo(0.6, 2)
  })

  test('subtitles follow the narration, in order, none longer than two short lines', () => {
    const text =
      'Procurando um apartamento em Itaim Bibi? São 142 m² com 3 suítes e 2 vagas de garagem. Agende sua visita!'
    const cues = subtitleCues(text, 0.5, 12)
    expect(cues[0]!.start).toBe(0.5)
    expect(cues.at(-1)!.end).toBeCloseTo(12.5, 1)
    expect(cues.map((cue) => cue.text).join(' ')).toBe(text)
    for (const cue of cues) expect(cue.text.length).toBeLessThanOrEqual(38)
    // A sentence is cut in pieces of about equal length, not a long line and a lone word.
    expect(cues.some((cue) => cue.text === 'garagem.')).toBe(false)
    for (let i = 1; i < cues.length; i++) expect(cues[i]!.start).toBeCloseTo(cues[i - 1]!.end, 2)
  })

  test('a price, an area, rooms and a CEP are never cut, and no sentence ends at a thousands dot', () => {
    const text =
      'Apartamento de 142 m² com 3 dorms e 2 vagas, CEP 04534-011. Tudo isso por R$ 1.250.000,00. Agende sua visita!'
    const cues = subtitleCues(text, 0.5, 12).map((cue) => cue.text)
    expect(cues).toContain('Tudo isso por R$ 1.250.000,00.')
    expect(cues.join(' ')).toBe(text)
    for (const whole of ['142 m²', '3 dorms', '2 vagas', 'CEP 04534-011'])
      expect(cues.some((cue) => cue.includes(whole))).toBe(true)
    expect(cues.some((cue) => /^\d/.test(cue))).toBe(false)
  })

  test('title first, 3–5 feature cards, the closing card at the end', () => {
    const cards = overlayCards(30, 5)
    expect(cards[0]).toMatchObject({ kind: 'title', start: 0 })
    expect(cards.filter((card) => card.kind === 'feature')).toHaveLength(5)
    expect(cards.at(-1)).toMatchObject({ kind: 'closing', end: 30 })
  })

  test('overlay segments tile the video without gaps and name the card and cue shown', () => {
    const cards = overlayCards(20, 3)
    const cues = subtitleCues('Um texto curto. Outro texto curto.', 0.5, 6)
    const segments = overlaySegments(cards, cues, 20)
    expect(segments[0]!.start).toBe(0)
    expect(segments.at(-1)!.end).toBe(20)
    for (let i = 1; i < segments.length; i++) expect(segments[i]!.start).toBe(segments[i - 1]!.end)
    expect(segments[0]!.card?.kind).toBe('title')
    expect(segments.find((s) => s.cue)?.cue?.text).toBe('Um texto curto.')
  })
})

describe('options and rules', () => {
  test('the form: duration 15–60, at least two photos, narration as a checkbox', () => {
    const schema = videoOptionsSchema(6)
    expect(schema.safeParse({ duration: '30', narration: 'on', photos: ['0', '2'] }).data).toEqual({
      duration: 30,
      narration: true,
      photos: [0, 2],
    })
    expect(schema.safeParse({ duration: '10', photos: ['0', '1'] }).error?.issues[0]?.message).toBe(
      'O vídeo tem no mínimo 15 segundos.',
    )
    expect(schema.safeParse({ duration: '30', photos: '1' }).error?.issues[0]?.message).toBe(
      'Escolha pelo menos 2 fotos.',
    )
    expect(schema.safeParse({ duration: '30', photos: ['0', '9'] }).success).toBe(false)
  })

  test('the video is lengthened to its narration, within 15–60 s', () => {
    expect(videoSeconds(15, 20_000)).toBe(22)
    expect(videoSeconds(30, 10_000)).toBe(30)
    expect(videoSeconds(30, 90_000)).toBe(60)
    expect(videoSeconds(15, null)).toBe(15)
  })

  test('file name, progress label, Reels pre-flight', () => {
    expect(videoFileName('reel', 12)).toBe('video-reel-12.mp4')
    expect(progressLabel(40)).toBe('Montando o vídeo… 40 %')
    expect(reelPreflight({ durationS: 30, width: 1080, height: 1920, bytes: 2e6 })).toEqual([])
    expect(reelPreflight({ durationS: 2, width: 1080, height: 1080, bytes: 2e6 })).toEqual([
      'O Reel precisa ter de 3 a 90 segundos (este tem 2 s).',
      'O Reel precisa ser vertical, na proporção 9:16.',
    ])
  })
})

test('renders at once: one per two cores, at least one', () => {
  expect([1, 2, 3, 4, 8].map(renderConcurrency)).toEqual([1, 1, 1, 2, 4])
})

test('the call to action is spoken over the closing card, after the narration, before the end', () => {
  // 30 s video, narration to 12 s: the closing card starts at 25.5 s.
  expect(callToActionStart(30, 12, 2.2)).toBe(25.8)
  // A narration into the closing card: the call follows it.
  expect(callToActionStart(20, 16, 2)).toBe(16.4)
  // No room left after a narration up to the end: no call.
  expect(callToActionStart(60, 59, 2.5)).toBeNull()
  expect(spokenCallToAction('Ana Souza')).toBe('Gostou? Agende sua visita com Ana Souza.')
  expect(spokenCallToAction(null)).toBe('Gostou? Agende sua visita.')
})
