// Virtual staging for /ambientes, behind one interface: an OpenAI-compatible image-edit API
// (POST {AI_BASE_URL}/images/edits through the `ai` SDK's generateImage) when AI_BASE_URL and
// AI_IMAGE_MODEL are set, otherwise the offline style simulation (colour grading per style).
// Whatever redecorates, the result gets the "Imagem ilustrativa" mark at the original's size.
import { aiSdk, deadlineSignal, vitrineProvider } from './provider.server'
import sharp from 'sharp'
import { stagingPrompt, type RoomStyle } from '~/domain/room-styles'
import { markIllustrative, simulateStyle, type EncodedImage } from '~/integrations/images/enhance.server'

export interface RoomStager {
  /** 'offline' (style simulation) or 'openai-compatible'. */
  readonly name: string
  /** The redecorated picture, marked, the size of `photo`. */
  stage(photo: Uint8Array, style: RoomStyle, options?: { signal?: AbortSignal }): Promise<EncodedImage>
}

export class StagingError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'StagingError'
  }
}

export const STAGING_MESSAGES = {
  unavailable: 'Não foi possível decorar a foto agora. Tente de novo em instantes.',
  timeout: 'A decoração demorou demais. Tente de novo.',
} as const

async function sizeOf(photo: Uint8Array) {
  const meta = await sharp(photo).autoOrient().metadata()
  return { width: meta.width ?? 0, height: meta.height ?? 0 }
}

export function createOfflineStager(): RoomStager {
  return {
    name: 'offline',
    async stage(photo, style) {
      return markIllustrative(await simulateStyle(photo, style), await sizeOf(photo))
    },
  }
}

export type ImageEditConfig = {
  baseURL: string
  model: string
  apiKey?: string
  timeoutMs?: number
  fetch?: typeof fetch
}

export function createOpenAICompatibleStager(config: ImageEditConfig): RoomStager {
  const timeoutMs = config.timeoutMs ?? 120_000
  return {
    name: 'openai-compatible',
    async stage(photo, style, options) {
      const { signal, deadline } = deadlineSignal(timeoutMs, options?.signal)
      const [{ generateImage }, provider] = await Promise.all([aiSdk(), vitrineProvider(config)])
      const model = provider.imageModel(config.model)
      // Models take PNG (or JPEG); send a PNG of the upright picture.
      const png = await sharp(photo).autoOrient().png().toBuffer()
      let edited: Uint8Array
      try {
        const { image } = await generateImage({
          model,
          prompt: { images: [new Uint8Array(png)], text: stagingPrompt(style) },
          n: 1,
          maxRetries: 0,
          abortSignal: signal,
        })
        edited = image.uint8Array
      } catch (error) {
        throw new StagingError(deadline.aborted ? STAGING_MESSAGES.timeout : STAGING_MESSAGES.unavailable, {
          cause: error,
        })
      }
      try {
        return await markIllustrative(edited, await sizeOf(photo))
      } catch (error) {
        throw new StagingError(STAGING_MESSAGES.unavailable, { cause: error })
      }
    },
  }
}

export type ImageEditSettings = { AI_BASE_URL?: string; AI_API_KEY?: string; AI_IMAGE_MODEL?: string }

export function createRoomStager(
  settings: ImageEditSettings,
  options: { timeoutMs?: number; fetch?: typeof fetch } = {},
): RoomStager {
  if (settings.AI_BASE_URL && settings.AI_IMAGE_MODEL)
    return createOpenAICompatibleStager({
      baseURL: settings.AI_BASE_URL,
      model: settings.AI_IMAGE_MODEL,
      apiKey: settings.AI_API_KEY,
      ...options,
    })
  return createOfflineStager()
}
