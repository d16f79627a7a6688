// The bottom-right notification stack. Closing works without JavaScript (a checkbox and CSS);
// with JavaScript, success and info toasts also leave on their own.
import { useEffect, useState } from 'react'

export type ToastView = {
  id: string
  type: 'success' | 'error' | 'info'
  title: string
  description: string
}

const tone = {
  success: 'border-emerald-600 bg-emerald-50 text-emerald-950',
  error: 'border-red-600 bg-red-50 text-red-950',
  info: 'border-sky-600 bg-sky-50 text-sky-950',
} as const

export function Toaster({ toast }: { toast: ToastView | null }) {
  const [dismissed, setDismissed] = useState<string | null>(null)
  useEffect(() => {
    if (!toast || toast.type === 'error') return
    const timer = setTimeout(() => setDismissed(toast.id), 6000)
    return () => clearTimeout(timer)
  }, [toast])
  const visible = toast && dismissed !== toast.id
  return (
    <section
      aria-label="Notificações"
      className="pointer-events-none fixed right-4 bottom-4 z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2"
    >
      {visible ? (
        <div key={toast.id} className="pointer-events-auto">
          <input type="checkbox" id={`toast-${toast.id}`} className="peer sr-only" />
          <div
            role={toast.type === 'error' ? 'alert' : 'status'}
            className={`flex items-start gap-3 rounded-lg border-l-4 p-4 shadow-lg peer-checked:hidden ${tone[toast.type]}`}
          >
            <div className="flex-1">
              <p className="font-semibold">{toast.title}</p>
              <p className="mt-1 text-sm">{toast.description}</p>
            </div>
            <label
              htmlFor={`toast-${toast.id}`}
              className="-my-2.5 -mr-2.5 grid size-11 shrink-0 cursor-pointer place-items-center rounded-lg text-xl leading-none opacity-70 hover:opacity-100"
              aria-label="Fechar notificação"
              onClick={(event) => {
                event.preventDefault()
                setDismissed(toast.id)
              }}
            >
              ×
            </label>
          </div>
        </div>
      ) : null}
    </section>
  )
}
