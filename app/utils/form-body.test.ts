// The forms routes read themselves (the photo forms): limited as they stream in, a malformed body a
// pt-BR 400 (not a TypeError, a 500), NULs dropped from text values, files kept as sent.
import { isRouteErrorResponse } from 'react-router'
import { expect, test } from 'vitest'
import {
  BODY_TOO_LARGE,
  FORM_BYTES,
  formFrom,
  readBodyBytes,
  readForm,
  UNREADABLE_FORM,
  withoutNul,
} from './form-body.server'

const encode = (text: string) => new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>

test('a truncated multipart body is a 400 with a pt-BR message', async () => {
  const bytes = encode('--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nsem fim')
  const error = await formFrom(bytes, 'multipart/form-data; boundary=xyz').catch((e: unknown) => e)
  expect(error).toMatchObject({ init: { status: 400 }, data: UNREADABLE_FORM })
  expect(isRouteErrorResponse(error)).toBe(false)
})

test('a NUL (which Postgres refuses in text) is dropped from every text value, the rest kept', async () => {
  const form = await formFrom(
    encode('legenda=Casa%00+com+piscina&nome=Ana%00%00&cidade=Recife'),
    'application/x-www-form-urlencoded',
  )
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

test('a body past its limit is refused as it streams in, the rest never held', async () => {
  let sent = 0
  let left = 16 * 50 // 50 MB in 64 KiB chunks
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (left-- <= 0) return controller.close()
      sent += 64 * 1024
      controller.enqueue(new Uint8Array(64 * 1024).fill(0x61))
    },
  })
  const request = new Request('http://localhost/imoveis/fotos', { method: 'POST', body, duplex: 'half' } as RequestInit)
  expect(await readBodyBytes(request, 1024 * 1024)).toBeNull()
  expect(sent).toBeLessThan(2 * 1024 * 1024)
  const small = new Request('http://localhost/imoveis/fotos', { method: 'POST', body: 'abc' })
  expect(new TextDecoder().decode((await readBodyBytes(small, 1024 * 1024))!)).toBe('abc')
})

/** A POST whose body streams in chunks of 64 KB with no declared length (chunked). */
function chunkedPost(bytes: Uint8Array, contentType: string) {
  let offset = 0
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.byteLength) return controller.close()
      controller.enqueue(bytes.subarray(offset, (offset += 64 * 1024)))
    },
  })
  const init: RequestInit & { duplex: 'half' } = {
    method: 'POST',
    body,
    headers: { 'content-type': contentType },
    duplex: 'half',
  }
  return new Request('http://localhost/login', init)
}

test("an action's form past a megabyte without a declared length is the pt-BR 413, counted as it streams", async () => {
  const big = encode(`email=${'a'.repeat(FORM_BYTES)}`)
  const error = await readForm(chunkedPost(big, 'application/x-www-form-urlencoded')).catch((e: unknown) => e)
  expect(error).toMatchObject({ init: { status: 413 }, data: BODY_TOO_LARGE })
  const form = await readForm(chunkedPost(encode('email=ana%00%40imob.com.br'), 'application/x-www-form-urlencoded'))
  expect(form.get('email')).toBe('ana@imob.com.br')
})

test('an action reading JSON as a form gets the pt-BR 400; nothing sent is an empty form', async () => {
  const error = await readForm(chunkedPost(encode('{"email":"ana@imob.com.br"}'), 'application/json')).catch(
    (e: unknown) => e,
  )
  expect(error).toMatchObject({ init: { status: 400 }, data: UNREADABLE_FORM })
  expect([...(await readForm(new Request('http://localhost/logout', { method: 'POST' })))]).toEqual([])
})
