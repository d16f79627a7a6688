// A local Vista CRM REST server: GET /imoveis/listar?key=…&pesquisa={fields,paginacao} answers
// like Vista (an object keyed by code, plus total, paginas, pagina, quantidade), 401 for a wrong
// key, pages of at most 50. `records` can be changed between syncs.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export type VistaServer = {
  url: string
  records: Record<string, unknown>[]
  calls: string[]
  close: () => Promise<void>
}

export async function startVistaServer(key: string, records: Record<string, unknown>[]): Promise<VistaServer> {
  const state: VistaServer = { url: '', records, calls: [], close: async () => {} }
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    state.calls.push(url.pathname)
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    if (url.pathname !== '/imoveis/listar') return json(404, { message: 'Recurso não encontrado' })
    if (req.headers.accept !== 'application/json')
      return json(400, { message: 'Envie o cabeçalho Accept: application/json' })
    if (url.searchParams.get('key') !== key)
      return json(401, { status: 401, message: 'A chave informada não é válida' })
    const pesquisa = JSON.parse(url.searchParams.get('pesquisa') ?? '{}') as {
      paginacao?: { pagina?: number; quantidade?: number }
    }
    const size = Math.min(50, pesquisa.paginacao?.quantidade ?? 20)
    const page = pesquisa.paginacao?.pagina ?? 1
    const slice = state.records.slice((page - 1) * size, page * size)
    const body: Record<string, unknown> = Object.fromEntries(slice.map((r) => [String(r.Codigo), r]))
    Object.assign(body, {
      total: String(state.records.length),
      paginas: Math.max(1, Math.ceil(state.records.length / size)),
      pagina: page,
      quantidade: size,
    })
    json(200, body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  state.close = () => new Promise((resolve) => server.close(() => resolve()))
  return state
}
