// The hashed scripts and stylesheets as the build compressed them (scripts/precompress.mjs):
// brotli where the browser takes it, else gzip, else the file itself (ADR 203). compression()
// leaves a response that already has a Content-Encoding alone, so nothing is compressed twice.
import fs from 'node:fs'
import path from 'node:path'
import type { RequestHandler } from 'express'

/** The encodings an Accept-Encoding header allows: `gzip, br;q=0` → {gzip}. */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>()
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part
      .toLowerCase()
      .split(';')
      .map((piece) => piece.trim())
    const quality = params.find((param) => param.startsWith('q='))
    if (name && !(quality && Number(quality.slice(2)) === 0)) accepted.add(name)
  }
  return accepted
}

const COPIES = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const

/** Serves `<file>.br` or `<file>.gz` from `dir` in place of `<file>`; mount it before express.static(dir). */
export function precompressed(dir: string): RequestHandler {
  const copies = new Set(fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => /\.(br|gz)$/.test(name)) : [])
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || copies.size === 0) return next()
    const name = req.path.slice(1)
    const accepted = acceptedEncodings(req.headers['accept-encoding'])
    const copy = COPIES.find(
      ({ encoding, suffix }) => (accepted.has(encoding) || accepted.has('*')) && copies.has(name + suffix),
    )
    res.vary('Accept-Encoding')
    if (!copy) return next()
    res.setHeader('Content-Encoding', copy.encoding)
    res.type(path.extname(name))
    req.url = `/${name}${copy.suffix}`
    next()
  }
}
