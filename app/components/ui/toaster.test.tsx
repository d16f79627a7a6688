import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import { ToastSchema } from '~/utils/toast.server'
import { Toaster } from './toaster'

test('an error toast shows its title, its text and a close button', () => {
  const html = renderToStaticMarkup(
    <Toaster
      toast={{ id: 't1', type: 'error', title: 'Erro no pagamento', description: 'Não foi possível buscar os preços.' }}
    />,
  )
  expect(html).toMatch(/role="alert"[^]*Erro no pagamento[^]*Não foi possível buscar os preços\./)
  expect(html).toContain('aria-label="Fechar notificação"')
})

test('an info toast is a status with its own colours', () => {
  const html = renderToStaticMarkup(
    <Toaster toast={{ id: 't2', type: 'info', title: 'Post duplicado', description: 'A cópia está no topo.' }} />,
  )
  expect(html).toMatch(/role="status"[^]*border-sky-600/)
})

test('a toast without a type or a text is refused (spec §8: type, title, text)', () => {
  expect(ToastSchema.safeParse({ title: 'Só título' }).success).toBe(false)
  expect(ToastSchema.safeParse({ type: 'error', title: 'Só título' }).success).toBe(false)
  expect(ToastSchema.safeParse({ type: 'error', title: 'Erro', description: '' }).success).toBe(false)
  expect(ToastSchema.safeParse({ type: 'info', title: 'Oi', description: 'Texto' }).success).toBe(true)
})
