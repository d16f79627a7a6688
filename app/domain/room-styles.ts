// /ambientes vocabulary: the enhancement options of a photo and the decoration styles of virtual
// staging, with the words shown to the agent and the instruction an image model receives.
import { z } from './validation'

export const ROOM_STYLES = ['moderno', 'escandinavo', 'industrial', 'classico', 'boho', 'minimalista'] as const
export type RoomStyle = (typeof ROOM_STYLES)[number]

export const ROOM_STYLE_LABELS: Record<RoomStyle, string> = {
  moderno: 'Moderno',
  escandinavo: 'Escandinavo',
  industrial: 'Industrial',
  classico: 'Clássico',
  boho: 'Boho',
  minimalista: 'Minimalista',
}

const STYLE_WORDS: Record<RoomStyle, string> = {
  moderno: 'modern style: clean lines, neutral palette with black accents, contemporary furniture',
  escandinavo: 'Scandinavian style: light wood, white and beige textiles, plants, cosy and bright',
  industrial: 'industrial style: exposed textures, leather, black metal, warm Edison lighting',
  classico: 'classic style: elegant upholstered furniture, mouldings, warm tones, rugs',
  boho: 'boho style: natural fibres, rattan, plants, earthy colours, layered textiles',
  minimalista: 'minimalist style: very few pieces, white and light grey, uncluttered surfaces',
}

/** What an image-edit model is asked to do: redecorate, keeping the room itself as it is. */
export function stagingPrompt(style: RoomStyle): string {
  return [
    `Virtually stage and redecorate this room in ${STYLE_WORDS[style]}.`,
    'Keep the architecture exactly as it is: walls, windows, doors, floor, ceiling, lighting direction and camera perspective.',
    'Photorealistic interior photography. Do not add text, logos or people.',
  ].join(' ')
}

/** The words burned into every AI-altered picture (spec: "imagem ilustrativa"). */
export const ILLUSTRATIVE_MARK = 'Imagem ilustrativa'

const checkbox = z
  .union([z.literal('on'), z.literal('true')])
  .optional()
  .transform((value) => value !== undefined)

export const EnhanceFormSchema = z.object({
  photo: z.string({ error: 'Escolha uma foto.' }).min(1, 'Escolha uma foto.').max(600),
  auto_level: checkbox,
  white_balance: checkbox,
  sharpen: checkbox,
  brightness: z.coerce.number().int().min(-30, 'Use entre -30 e 40.').max(40, 'Use entre -30 e 40.').default(0),
  straighten: z.coerce.number().min(-10, 'Use entre -10 e 10 graus.').max(10, 'Use entre -10 e 10 graus.').default(0),
})
export type EnhanceOptions = Omit<z.output<typeof EnhanceFormSchema>, 'photo'>

export const StageFormSchema = z.object({
  photo: z.string({ error: 'Escolha uma foto.' }).min(1, 'Escolha uma foto.').max(600),
  style: z.enum(ROOM_STYLES, { error: 'Escolha um estilo.' }),
})

/** The largest centred crop, same proportions, left inside a w×h picture turned by `degrees`. */
export function straightenCrop(width: number, height: number, degrees: number) {
  const angle = (Math.abs(degrees) * Math.PI) / 180
  const cos = Math.cos(angle)
  const sin = Math.sin(angle)
  const scale = Math.min(width / (width * cos + height * sin), height / (width * sin + height * cos))
  const rotatedWidth = Math.ceil(width * cos + height * sin)
  const rotatedHeight = Math.ceil(width * sin + height * cos)
  const cropWidth = Math.max(1, Math.floor(width * scale))
  const cropHeight = Math.max(1, Math.floor(height * scale))
  return {
    rotatedWidth,
    rotatedHeight,
    left: Math.max(0, Math.floor((rotatedWidth - cropWidth) / 2)),
    top: Math.max(0, Math.floor((rotatedHeight - cropHeight) / 2)),
    width: cropWidth,
    height: cropHeight,
  }
}
