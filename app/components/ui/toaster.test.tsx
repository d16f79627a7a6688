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

// Leaving on its own and the × without JavaScript are browser behaviour: tests/e2e/toasts.spec.ts.
test('an info toast is read out as a status, not an alert, with its title and its text', () => {
  const html = renderToStaticMarkup(
    <Toaster toast={{ id: 't2', type: 'info', title: 'Post duplicado', description: 'A cópia está no topo.' }} />,
  )
  expect(html).toMatch(/role="status"[^]*Post duplicado[^]*A cópia está no topo\./)
  expect(html).not.toContain('role="alert"')
})

test('a toast without a type or a text is refused (every toast has a type, a title and a text)', () => {
  expect(ToastSchema.safeParse({ title: 'Só título' }).success).toBe(false)
  expect(ToastSchema.safeParse({ type: 'error', title: 'Só título' }).success).toBe(false)
  expect(ToastSchema.safeParse({ type: 'error', title: 'Erro', description: '' }).success).toBe(false)
  expect(ToastSchema.safeParse({ type: 'info', title: 'Oi', description: 'Texto' }).success).toBe(true)
})
