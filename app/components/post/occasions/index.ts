// The occasion art a text slide is drawn on (ADR 248): each occasion's compositions, in order.
import { ART_COMPOSITIONS, type ArtTheme, type SlideArt } from '~/domain/occasion-art'
import type { SlideKit } from '../kit'
import { maesFlowers, maesHeart, paisPlaid, paisTie } from './family'
import { anoNovoClock, anoNovoFireworks, natalBaubles, natalWreath, pascoaBunny, pascoaEggs } from './holidays'
import { artCanvas, type ArtLayout, type Composition } from './shapes'
import { clienteBalloon, clienteStars, corretorDate, corretorKey, genericFrame, genericShapes } from './trade'

export type { ArtLayout } from './shapes'

export const OCCASION_COMPOSITIONS: Record<ArtTheme, Composition[]> = {
  natal: [natalWreath, natalBaubles],
  ano_novo: [anoNovoFireworks, anoNovoClock],
  pascoa: [pascoaEggs, pascoaBunny],
  dia_das_maes: [maesFlowers, maesHeart],
  dia_dos_pais: [paisTie, paisPlaid],
  dia_do_corretor: [corretorKey, corretorDate],
  dia_do_cliente: [clienteStars, clienteBalloon],
  generica: [genericShapes, genericFrame],
}

/** The art's layout on this canvas. */
export function occasionArt(kit: SlideKit, art: SlideArt): ArtLayout {
  const compositions = OCCASION_COMPOSITIONS[art.theme]
  const compose = compositions[art.composition % ART_COMPOSITIONS] ?? compositions[0]!
  return compose(kit, artCanvas(kit))
}
