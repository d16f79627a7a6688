// What the HTTP boundary refuses before React Router runs (ADR 311), as Express middleware in
// front of @react-router/express:
// - A browser's post from another site: the pt-BR 403 page (React Router's own check answers an
//   English 400, and does not cover resource routes; ADR 210).
// - A body whose declared Content-Length passes its route's limit (server/body-limits.ts): the
//   pt-BR 413 page before a byte is read. A body without a declared length is counted by the
//   route's own reader (readForm, readLimitedFormData, readBodyBytes) and refused the same way.
import type { NextFunction, Request, Response } from 'express'
import { refusedAsCrossOrigin } from '~/middleware/same-origin.server'
import { bodyLimit } from './body-limits'
import { refusalPage, type Refusal } from './refusal-pages'

/** A declared body past this is answered and its connection closed rather than read to the end. */
const DISCARD_AT_MOST = 128 * 1024 * 1024

/**
 * The origin the client asked for: Express's req.host and req.protocol, which take
 * X-Forwarded-Host and -Proto only from a proxy TRUST_PROXY trusts (the socket's peer), as they
 * take the client's address (req.ip); never those headers on their own word.
 */
export function originOf(req: Request): string {
  const host = req.host ?? ''
  const hostname = req.hostname ?? ''
  const port = Number.parseInt(host.slice(hostname.length + 1), 10)
  const name = hostname.split(/[\\/?#@]/)[0] || 'localhost'
  return `${req.protocol}://${name}${Number.isSafeInteger(port) ? `:${port}` : ''}`
}

export function refuseCrossOrigin(req: Request, res: Response, next: NextFunction) {
  const crossed = refusedAsCrossOrigin({
    method: req.method,
    pathname: req.path,
    ownOrigin: originOf(req),
    origin: req.get('Origin') ?? null,
    fetchSite: req.get('Sec-Fetch-Site') ?? null,
  })
  if (crossed) return refuse(req, res, 403)
  next()
}

export function limitBodies(req: Request, res: Response, next: NextFunction) {
  const declared = Number(req.headers['content-length'])
  if (declared > bodyLimit(req.path, req.headers['content-type'])) return refuse(req, res, 413)
  next()
}

function refuse(req: Request, res: Response, status: Refusal) {
  const back = req.path.replace(/\.data$/, '').replace(/^\/_root$/, '/')
  const page = refusalPage(status, req.get('accept') ?? '', back.startsWith('//') ? '/' : back)
  if (Number(req.headers['content-length']) > DISCARD_AT_MOST) res.set('Connection', 'close')
  res.status(status).set({ 'Cache-Control': 'no-store', 'Content-Type': page.type }).send(page.body)
}
