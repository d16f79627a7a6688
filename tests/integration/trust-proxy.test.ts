// TRUST_PROXY as Express's `trust proxy` takes it (issue 66, ADR 287): the client's address is the
// one the trusted proxy saw, never the leftmost X-Forwarded-For entry the client wrote; the
// forwarded host counts only from a proxy that is trusted.
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, expect, test } from 'vitest'
import { parseEnv } from '../../app/env.server'
import { originOf } from '../../server/http-boundary'

const servers: ReturnType<express.Express['listen']>[] = []
afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))))

/** A server set as server.ts sets it, answering the client's address and origin as the app reads them. */
async function serverWith(TRUST_PROXY: string) {
  const setting = parseEnv({ TRUST_PROXY }).TRUST_PROXY
  const app = express()
  if (setting !== false) app.set('trust proxy', setting)
  app.get('/', (req, res) => void res.json({ ip: req.ip, origin: originOf(req) }))
  const server = app.listen(0, '127.0.0.1')
  servers.push(server)
  await new Promise((resolve) => server.once('listening', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
  return (headers: Record<string, string>) =>
    fetch(url, { headers }).then((response) => response.json() as Promise<{ ip: string; origin: string }>)
}

const forwarded = {
  'X-Forwarded-For': '198.51.100.1, 198.51.100.2, 203.0.113.9',
  'X-Forwarded-Host': 'vitrine.example:8443',
  'X-Forwarded-Proto': 'https',
}

test.each(['true', '1'])('TRUST_PROXY=%s is one hop: the address the proxy appended', async (value) => {
  const ask = await serverWith(value)
  expect(await ask(forwarded)).toEqual({ ip: '203.0.113.9', origin: 'https://vitrine.example:8443' })
})

test('TRUST_PROXY=2 reads one entry further back', async () => {
  expect((await (await serverWith('2'))(forwarded)).ip).toBe('198.51.100.2')
})

test('a proxy list trusts those addresses only: from anywhere else the headers are ignored', async () => {
  const trusted = await serverWith('loopback, 10.0.0.0/8')
  expect(await trusted(forwarded)).toEqual({ ip: '203.0.113.9', origin: 'https://vitrine.example:8443' })
  const elsewhere = await serverWith('10.0.0.1')
  const port = (await elsewhere({})).origin.split(':').pop()
  expect(await elsewhere(forwarded)).toEqual({ ip: '127.0.0.1', origin: `http://127.0.0.1:${port}` })
})

test('unset, false or 0 trusts no proxy', async () => {
  for (const value of ['', 'false', '0']) expect((await (await serverWith(value))(forwarded)).ip).toBe('127.0.0.1')
})

test('a value that is neither a count nor addresses stops start-up naming TRUST_PROXY', () => {
  for (const value of ['yes', '10.0.0.1/99', 'proxy.example', '10.0.0.1,'])
    expect(() => parseEnv({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY: a hop count/)
})
