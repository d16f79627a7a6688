// QR codes of the listing page's address for the media kit (the flyer draws its modules as
// vectors; the kit's qrcode.svg is the same code). qrcode (MIT, no install scripts) is already
// the two-step enrolment's; it is loaded here with the first kit file that needs it.
import QRCode from 'qrcode'

export type QrMatrix = { size: number; dark: (row: number, col: number) => boolean }

/** The code's modules (error correction M: a printed flyer may be folded or smudged), or null. */
export function qrMatrix(text: string): QrMatrix | null {
  try {
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' })
    return { size: modules.size, dark: (row, col) => Boolean(modules.get(row, col)) }
  } catch {
    return null
  }
}

/** The code as an SVG document (dark on white, a quiet zone of 4 modules). */
export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 })
}
