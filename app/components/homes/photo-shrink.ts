// The resize itself, runnable on the page or in photo-resize.worker.ts (both have
// createImageBitmap and OffscreenCanvas; only the page has a <canvas> to fall back on). The same
// decode also gives the card its thumbnail: an <img> of the picked 12-megapixel original would
// hold ≈ 48 MB of pixels per photo in the page's memory, and ten of them crash a cheap phone's tab.

export const RESIZE = {
  maxSide: 2048,
  targetBytes: 320 * 1024,
  /** Tried in order until the JPEG fits `targetBytes`. */
  qualities: [0.8, 0.7, 0.6, 0.5] as const,
}

/** The pending card's picture: upright, small, cheap to decode. */
export const THUMBNAIL = { maxSide: 480, quality: 0.7 }

export type PreparedPhoto = {
  /** What to send. */
  file: File
  /** The card's picture while it travels; null when this browser cannot read the file. */
  thumbnail: Blob | null
}

// Photos from one phone compress alike: the next one starts at the quality that fitted the last,
// so a batch costs one or two encodes per photo, not four.
let lastFit = 0

type Canvas2D = {
  canvas: OffscreenCanvas | HTMLCanvasElement
  context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D
}

function makeCanvas(width: number, height: number): Canvas2D | null {
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(width, height)
    const context = canvas.getContext('2d')
    return context ? { canvas, context } : null
  }
  if (typeof document === 'undefined') return null
  const canvas = document.createElement('canvas')
  canvas.width = width
  canvas.height = height
  const context = canvas.getContext('2d')
  return context ? { canvas, context } : null
}

function encode(canvas: OffscreenCanvas | HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type, quality }).catch(() => null)
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality))
}

const renamed = (name: string, type: string) =>
  type === 'image/png'
    ? name.replace(/\.[^.]*$/, '') + '.png'
    : /\.jpe?g$/i.test(name)
      ? name
      : name.replace(/\.[^.]*$/, '') + '.jpg'

/**
 * The file to send: a smaller upright copy, or the file itself when it is already small, when
 * the copy would not be smaller, or when this browser cannot read it (then with no thumbnail).
 * Floor plans drawn as PNG stay PNG (sharp lines); everything else becomes JPEG.
 */
export async function preparePhoto(file: File, kind: 'photos' | 'plans'): Promise<PreparedPhoto> {
  if (typeof createImageBitmap !== 'function') return { file, thumbnail: null }
  let bitmap: ImageBitmap
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
  } catch {
    return { file, thumbnail: null }
  }
  try {
    return { file: await shrunk(bitmap, file, kind), thumbnail: await thumbnailOf(bitmap) }
  } finally {
    bitmap.close()
  }
}

/** `bitmap` drawn on a white canvas of `width` × `height`, or null without a 2D canvas. */
function draw(bitmap: ImageBitmap, width: number, height: number, opaque: boolean) {
  const drawing = makeCanvas(width, height)
  if (!drawing) return null
  const { canvas, context } = drawing
  if (opaque) {
    // A transparent PNG photo would turn black as JPEG.
    context.fillStyle = '#ffffff'
    context.fillRect(0, 0, width, height)
  }
  context.imageSmoothingEnabled = true
  context.imageSmoothingQuality = 'high'
  context.drawImage(bitmap, 0, 0, width, height)
  return canvas
}

const scaledTo = (bitmap: ImageBitmap, maxSide: number) => {
  const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height))
  return {
    scale,
    width: Math.max(1, Math.round(bitmap.width * scale)),
    height: Math.max(1, Math.round(bitmap.height * scale)),
  }
}

async function shrunk(bitmap: ImageBitmap, file: File, kind: 'photos' | 'plans'): Promise<File> {
  const { scale, width, height } = scaledTo(bitmap, RESIZE.maxSide)
  if (scale === 1 && file.size <= RESIZE.targetBytes) return file
  const type = kind === 'plans' && file.type === 'image/png' ? 'image/png' : 'image/jpeg'
  const canvas = draw(bitmap, width, height, type === 'image/jpeg')
  if (!canvas) return file
  let blob: Blob | null = null
  for (let i = type === 'image/png' ? 0 : lastFit; i < RESIZE.qualities.length; i++) {
    blob = await encode(canvas, type, RESIZE.qualities[i]!)
    if (!blob || type === 'image/png') break
    if (blob.size <= RESIZE.targetBytes) {
      lastFit = i
      break
    }
  }
  if (!blob || blob.size >= file.size) return file
  return new File([blob], renamed(file.name, type), { type, lastModified: file.lastModified })
}

async function thumbnailOf(bitmap: ImageBitmap): Promise<Blob | null> {
  const { width, height } = scaledTo(bitmap, THUMBNAIL.maxSide)
  const canvas = draw(bitmap, width, height, true)
  return canvas ? encode(canvas, 'image/jpeg', THUMBNAIL.quality) : null
}
