// A local photo host for sample feeds: GET /fotos/<anything>.jpg answers a JPEG of a house drawn
// in code (sharp from SVG), its colours picked by the name; /fotos/sumiu.jpg is a 404 and
// /fotos/quebrada.jpg is not an image. Also serves any files given (a feed at /feed.xml).
import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { createServer, type Server, type ServerResponse } from 'node:http'
import { join } from 'node:path'
import type { AddressInfo } from 'node:net'
import sharp from 'sharp'

const SKIES = ['#87b5d9', '#9cc7e8', '#f3c98b', '#b8d4e3', '#d9a07a']
const WALLS = ['#e8d9c0', '#f4f1ea', '#d7a86e', '#c9d6c3', '#e3c4c4', '#b9c4d0']
const ROOFS = ['#b5523b', '#7a4b3a', '#5d6b7a', '#a0522d']

/** A 800×600 JPEG of a house; the same variant number draws the same picture. */
export async function drawHousePhoto(variant: number, width = 800, height = 600): Promise<Buffer> {
  const sky = SKIES[variant % SKIES.length]
  const wall = WALLS[Math.floor(variant / SKIES.length) % WALLS.length]
  const roof = ROOFS[variant % ROOFS.length]
  const w = width
  const h = height
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
<rect width="100%" height="100%" fill="${sky}"/><circle cx="${w * 0.85}" cy="${h * 0.15}" r="${h * 0.07}" fill="#fff4c2"/>
<rect y="${h * 0.68}" width="100%" height="${h * 0.32}" fill="#6a8f4e"/>
<rect x="${w * 0.22}" y="${h * 0.36}" width="${w * 0.56}" height="${h * 0.4}" fill="${wall}"/>
<polygon points="${w * 0.17},${h * 0.38} ${w * 0.5},${h * 0.12} ${w * 0.83},${h * 0.38}" fill="${roof}"/>
<rect x="${w * 0.45}" y="${h * 0.55}" width="${w * 0.1}" height="${h * 0.21}" fill="#6b4a2f"/>
<rect x="${w * 0.28}" y="${h * 0.45}" width="${w * 0.1}" height="${h * 0.1}" fill="#cfe8f7"/>
<rect x="${w * 0.62}" y="${h * 0.45}" width="${w * 0.1}" height="${h * 0.1}" fill="#cfe8f7"/>
</svg>`
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer()
}

export type PhotoServer = {
  url: string
  requests: () => number
  /** Photo requests after the first `after` are left unanswered (a download in flight)… */
  hold: (after: number) => void
  /** …until this: they are cut and the next ones answered. */
  release: () => void
  close: () => Promise<void>
  files: Map<string, { body: Buffer | string; type: string }>
}

export async function startPhotoServer(variants = 24, filesDir?: string): Promise<PhotoServer> {
  const cache = new Map<number, Buffer>()
  const files = new Map<string, { body: Buffer | string; type: string }>()
  let requests = 0
  let holdAfter = Number.POSITIVE_INFINITY
  const held = new Set<ServerResponse>()
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    const file = files.get(path)
    if (file) return void res.writeHead(200, { 'content-type': file.type }).end(file.body)
    if (filesDir && /^\/[\w.-]+\.xml$/.test(path))
      return void createReadStream(join(filesDir, path.slice(1)))
        .on('error', () => res.writeHead(404).end())
        .once('open', () => res.writeHead(200, { 'content-type': 'application/xml' }))
        .pipe(res)
    if (!path.startsWith('/fotos/')) return void res.writeHead(404).end()
    requests++
    if (requests > holdAfter) return void held.add(res)
    if (path === '/fotos/sumiu.jpg') return void res.writeHead(404).end('não encontrado')
    if (path === '/fotos/quebrada.jpg')
      return void res.writeHead(200, { 'content-type': 'image/jpeg' }).end('isto não é uma foto')
    const variant = createHash('sha1').update(path).digest().readUInt32BE(0) % variants
    const cached = cache.get(variant)
    const send = (bytes: Buffer) =>
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': bytes.length }).end(bytes)
    if (cached) return void send(cached)
    drawHousePhoto(variant).then(
      (bytes) => (cache.set(variant, bytes), send(bytes)),
      () => res.writeHead(500).end(),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => requests,
    hold: (after) => void (holdAfter = after),
    release: () => {
      holdAfter = Number.POSITIVE_INFINITY
      for (const res of held) res.destroy()
      held.clear()
    },
    files,
    close: () =>
      new Promise((resolve) => {
        for (const res of held) res.destroy()
        server.close(() => resolve())
      }),
  }
}

// As a process of its own (the bench keeps the drawing out of the importer's memory):
// `tsx scripts/feeds/photo-server.ts <dir>` serves <dir>/*.xml and the photos, prints its address.
if (process.argv[1]?.endsWith('photo-server.ts') && process.argv[2]) {
  void startPhotoServer(24, process.argv[2]).then((server) => console.log(server.url))
}
