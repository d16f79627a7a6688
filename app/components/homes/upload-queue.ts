// The uploads of the property form, shared by its photo and floor-plan editors (JavaScript only,
// ADR 171): each file goes to /imoveis/fotos by XMLHttpRequest (upload progress), at most two at
// a time; a submit while any is still on its way waits for them and then submits itself (the
// button says "Aguardando as fotos…"), and a submit with a failed one stops at the retry; leaving
// the page with uploads in flight asks first. The form never saves a property without its photos.
import { useEffect, useSyncExternalStore, type RefObject } from 'react'
import type { MediaRow } from './media-item'

export type UploadResult =
  | { ok: true; item: MediaRow }
  /** `retry`: the network or the server failed (try again); otherwise the file was refused. */
  | { ok: false; retry: boolean; error: string }

type Attempt = UploadResult | { ok: false; retry: true; error: string; network: true }

/** One try at sending the file; `network`: the connection failed, not the server. */
function sendOnce(kind: 'photos' | 'plans', file: File, onProgress: (fraction: number) => void): Promise<Attempt> {
  const body = new FormData()
  body.set('kind', kind)
  body.set('file', file)
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', '/imoveis/fotos')
    xhr.responseType = 'json'
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total)
    }
    xhr.onload = () => {
      const json = (xhr.response ?? {}) as { item?: MediaRow; error?: string }
      if (xhr.status === 200 && json.item) resolve({ ok: true, item: { ...json.item, caption: null, featured: false } })
      else if ((xhr.status === 400 || xhr.status === 413) && json.error)
        resolve({ ok: false, retry: false, error: json.error })
      else resolve({ ok: false, retry: true, error: `Não foi possível enviar "${file.name}".` })
    }
    xhr.onerror = xhr.ontimeout = () =>
      resolve({
        ok: false,
        retry: true,
        network: true,
        error: `Não foi possível enviar "${file.name}". Verifique a conexão.`,
      })
    xhr.send(body)
  })
}

/** Resolves when the browser says the connection is back. */
const online = () => new Promise<void>((resolve) => window.addEventListener('online', () => resolve(), { once: true }))

/**
 * Sends one file; `onProgress` gets 0–1 as its bytes leave. When the phone loses its connection
 * on the way (the browser goes offline), the file waits for it and is sent again from its start:
 * the agent's choice is not lost, and the form's save still waits for it (ADR 256). A failure
 * while the browser says it is online is answered at once: "Tentar de novo" is the agent's.
 */
export async function sendFile(
  kind: 'photos' | 'plans',
  file: File,
  onProgress: (fraction: number) => void,
): Promise<UploadResult> {
  for (;;) {
    const result = await sendOnce(kind, file, onProgress)
    if (!('network' in result)) return result
    if (navigator.onLine) return { ok: false, retry: true, error: result.error }
    await online()
    onProgress(0)
  }
}

/** Runs at most `size` tasks at once, the others in the order they came. */
export function limiter(size: number) {
  let running = 0
  const queue: (() => void)[] = []
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    while (running >= size) await new Promise<void>((resolve) => queue.push(resolve))
    running++
    try {
      return await task()
    } finally {
      running--
      queue.shift()?.()
    }
  }
}

// The store: what each editor has in flight or failed, and a submit waiting for them.
type State = { active: number; failed: number; waiting: boolean; blocked: boolean }
const editors = new Map<string, { active: number; failed: number }>()
let state: State = { active: 0, failed: 0, waiting: false, blocked: false }
let held: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null
const listeners = new Set<() => void>()

function set(next: Partial<State>) {
  // Nothing changed (an editor reporting its empty queue on mount): no new snapshot, so the form
  // is not drawn again right after hydration.
  if ((Object.keys(next) as (keyof State)[]).every((key) => state[key] === next[key])) return
  state = { ...state, ...next }
  for (const listener of listeners) listener()
}

function settle() {
  if (state.active > 0 || !held) return
  const { form, submitter } = held
  held = null
  if (state.failed > 0) return set({ waiting: false, blocked: true })
  set({ waiting: false })
  const button =
    submitter instanceof HTMLButtonElement && submitter.isConnected && submitter.form === form ? submitter : undefined
  queueMicrotask(() => form.requestSubmit(button))
}

/** An editor's counts changed. */
export function reportUploads(editor: string, counts: { active: number; failed: number } | null) {
  if (counts) editors.set(editor, counts)
  else editors.delete(editor)
  let active = 0
  let failed = 0
  for (const c of editors.values()) {
    active += c.active
    failed += c.failed
  }
  set({ active, failed, blocked: state.blocked && failed > 0 })
  settle()
}

function onSubmit(event: SubmitEvent) {
  if (state.active === 0 && state.failed === 0) return
  // Before Conform and the page's own handler see it: nothing leaves without the photos.
  event.preventDefault()
  event.stopImmediatePropagation()
  const form = event.currentTarget as HTMLFormElement
  if (state.active > 0) {
    held = { form, submitter: event.submitter }
    set({ waiting: true, blocked: false })
  } else set({ blocked: true })
}

function onBeforeUnload(event: BeforeUnloadEvent) {
  if (state.active === 0) return
  event.preventDefault()
  event.returnValue = ''
}

const guarded = new Map<HTMLFormElement, number>()

/** Installs the submit guard on the editor's form and the leave-page question (once each). */
export function useUploadGuard(root: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const form = root.current?.closest('form')
    if (!form) return
    // The same listener added twice is one listener; the count keeps it while any editor stays.
    guarded.set(form, (guarded.get(form) ?? 0) + 1)
    form.addEventListener('submit', onSubmit)
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => {
      const left = (guarded.get(form) ?? 1) - 1
      if (left > 0) return void guarded.set(form, left)
      guarded.delete(form)
      form.removeEventListener('submit', onSubmit)
      window.removeEventListener('beforeunload', onBeforeUnload)
    }
  }, [root])
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
const serverState: State = { active: 0, failed: 0, waiting: false, blocked: false }

/** The uploads of the page: in flight, failed, a submit waiting for them, a submit refused. */
export function useUploads(): State {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => serverState,
  )
}
