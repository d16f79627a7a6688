// A local ViaCEP: GET /ws/<8 digits>/json/ answers like viacep.com.br does (a known CEP, an
// unknown one with { erro: "true" }, 400 for a malformed one). `delayMs` makes it slow.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export const VIACEP_FIXTURES: Record<string, Record<string, string>> = {
  '01310100': {
    cep: '01310-100',
    logradouro: 'Avenida Paulista',
    complemento: 'de 612 a 1510 - lado par',
    unidade: '',
    bairro: 'Bela Vista',
    localidade: 'São Paulo',
    uf: 'SP',
    estado: 'São Paulo',
    regiao: 'Sudeste',
    ibge: '3550308',
    gia: '1004',
    ddd: '11',
    siafi: '7107',
  },
  '22071000': {
    cep: '22071-000',
    logradouro: 'Avenida Atlântica',
    complemento: 'de 1662 a 2172 - lado par',
    unidade: '',
    bairro: 'Copacabana',
    localidade: 'Rio de Janeiro',
    uf: 'RJ',
    estado: 'Rio de Janeiro',
    regiao: 'Sudeste',
    ibge: '3304557',
    gia: '',
    ddd: '21',
    siafi: '6001',
  },
}

/** A CEP this server never answers, to play ViaCEP being down (the client times out). */
export const VIACEP_HANGING_CEP = '99999000'

export async function startMockViaCep(options: { delayMs?: number } = {}) {
  const requests: string[] = []
  const server = createServer(async (req, res) => {
    requests.push(req.url ?? '')
    if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs))
    const match = /^\/ws\/([^/]+)\/json\/?$/.exec(req.url ?? '')
    if (!match) {
      res.writeHead(404).end()
      return
    }
    if (!/^\d{8}$/.test(match[1]!)) {
      res.writeHead(400, { 'content-type': 'text/html' }).end('<h1>Http 400</h1>')
      return
    }
    if (match[1] === VIACEP_HANGING_CEP) return
    const body = VIACEP_FIXTURES[match[1]!] ?? { erro: 'true' }
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
    res.end(JSON.stringify(body, null, 2))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/ws`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
