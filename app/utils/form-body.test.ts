// A malformed form body becomes a pt-BR 400 (thrown as route data), not a TypeError (a 500).
import { isRouteErrorResponse } from 'react-router'
import { expect, test } from 'vitest'
import { BODY_TOO_LARGE, guardFormBodies, TEXT_BODY_BYTES, UNREADABLE_FORM, withoutNul } from './form-body.server'

guardFormBodies()

const post = (body: string, type: string) =>
  new Request('http://localhost/x', { method: 'POST', body, headers: { 'content-type': type } })

test('a truncated multipart body is a 400 with a pt-BR message', async () => {
  const error = await post(
    '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nsem fim',
    'multipart/form-data; boundary=xyz',
  )
    .formData()
    .catch((e: unknown) => e)
  expect(error).toMatchObject({ init: { status: 400 }, data: UNREADABLE_FORM })
  expect(isRouteErrorResponse(error)).toBe(false)
})

test('a good form still reads, and a body read twice is still our own error', async () => {
  const request = post('nome=Ana&cidade=S%C3%A3o+Paulo', 'application/x-www-form-urlencoded')
  expect((await request.formData()).get('cidade')).toBe('São Paulo')
  await expect(request.formData()).rejects.toBeInstanceOf(TypeError)
})

test('a NUL (which Postgres refuses in text) is dropped from every text value, the rest kept', async () => {
  const form = await post(
    'legenda=Casa%00+com+piscina&nome=Ana%00%00&cidade=Recife',
    'application/x-www-form-urlencoded',
  ).formData()
  expect([...form]).toEqual([
    ['legenda', 'Casa com piscina'],
    ['nome', 'Ana'],
    ['cidade', 'Recife'],
  ])
})

test('a multipart form keeps its files as sent while its text loses the NUL', async () => {
  const sent = new FormData()
  sent.append('legenda', 'Sala\u0000 ampla')
  sent.append('foto', new File([new Uint8Array([0, 1, 2])], 'sala.jpg', { type: 'image/jpeg' }))
  const form = withoutNul(sent)
  expect(form.get('legenda')).toBe('Sala ampla')
  const photo = form.get('foto') as File
  expect(photo.name).toBe('sala.jpg')
  expect([...new Uint8Array(await photo.arrayBuffer())]).toEqual([0, 1, 2])
})

test('a form without a NUL is handed on untouched', () => {
  const sent = new FormData()
  sent.append('nome', 'Ana')
  expect(withoutNul(sent)).toBe(sent)
})

/** A chunked body (no Content-Length) of `chunks` × 64 KiB, counting what the reader pulled. */
function chunkedPost(path: string, chunks: number, type = 'application/x-www-form-urlencoded') {
  const sent = { bytes: 0 }
  let left = chunks
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (left-- <= 0) return controller.close()
      const chunk = new Uint8Array(64 * 1024).fill(0x61)
      sent.bytes += chunk.byteLength
      controller.enqueue(chunk)
    },
  })
  const request = new Request(`http://localhost${path}`, {
    method: 'POST',
    body,
    headers: { 'content-type': type },
    duplex: 'half',
  } as RequestInit)
  return { request, sent }
}

const status = (error: unknown) => (error instanceof Response ? error.status : error)

test('a chunked body past the route limit is a 413 from every reader, read as it streams (issue 43)', async () => {
  const webhook = chunkedPost('/api/stripe/webhook', 32) // 2 MB against 1 MB
  expect(status(await webhook.request.text().catch((e: unknown) => e))).toBe(413)
  for (const read of ['formData', 'json', 'arrayBuffer', 'blob'] as const) {
    const { request } = chunkedPost('/consentimento', 32)
    expect(status(await request[read]().catch((e: unknown) => e))).toBe(413)
  }
})

test('the answer does not wait for a huge body: the rest is thrown away, never held', async () => {
  const { request, sent } = chunkedPost('/api/stripe/webhook', 16 * 50) // 50 MB
  let pulledByTheAnswer = 0
  const error = await request.text().catch((e: unknown) => {
    pulledByTheAnswer = sent.bytes
    return e
  })
  expect(status(error)).toBe(413)
  expect(await (error as Response).text()).toBe(BODY_TOO_LARGE)
  expect(pulledByTheAnswer).toBeLessThan(2 * 1024 * 1024)
})

test('a declared Content-Length past the limit is refused before reading', async () => {
  const request = new Request('http://localhost/login', {
    method: 'POST',
    body: 'a'.repeat(TEXT_BODY_BYTES + 1),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(TEXT_BODY_BYTES + 1) },
  })
  expect(status(await request.formData().catch((e: unknown) => e))).toBe(413)
})

test('within the limits, bodies read as before: text, JSON, a multipart form with a file', async () => {
  expect(await chunkedPost('/api/stripe/webhook', 8).request.text()).toHaveLength(8 * 64 * 1024)
  const json = new Request('http://localhost/auth/v1/token', { method: 'POST', body: '{"email":"a@b.c"}' })
  expect(await json.json()).toEqual({ email: 'a@b.c' })
  const sent = new FormData()
  sent.append('foto', new File([new Uint8Array(3 * 1024 * 1024)], 'sala.jpg', { type: 'image/jpeg' }))
  const multipart = await new Request('http://localhost/modelos/1', { method: 'POST', body: sent }).formData()
  expect((multipart.get('foto') as File).size).toBe(3 * 1024 * 1024)
})
