// A malformed form body becomes a pt-BR 400 (thrown as route data), not a TypeError (a 500).
import { isRouteErrorResponse } from 'react-router'
import { expect, test } from 'vitest'
import { guardFormBodies, UNREADABLE_FORM } from './form-body.server'

guardFormBodies()

const post = (body: string, type: string) => new Request('http://localhost/x', { method: 'POST', body, headers: { 'content-type': type } })

test('a truncated multipart body is a 400 with a pt-BR message', async () => {
  const error = await post('--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nsem fim', 'multipart/form-data; boundary=xyz')
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
