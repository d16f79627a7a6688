// A malformed form body becomes a pt-BR 400 (thrown as route data), not a TypeError (a 500).
import { isRouteErrorResponse } from 'react-router'
import { expect, test } from 'vitest'
import { guardFormBodies, UNREADABLE_FORM, withoutNul } from './form-body.server'

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
