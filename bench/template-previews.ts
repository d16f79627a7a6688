// The pictures of /modelos (ADR 173): each library template's preview drawn from the sample
// property, cold (first render in the process) — bytes and wall time each, and the total.
//   npx tsx bench/template-previews.ts
import { LIBRARY_TEMPLATES } from '../app/domain/template-library'
import { templatePreview } from '../app/workflows/template-previews.server'

const storage = { get: async () => null } as never
const owner = { full_name: 'Ana Souza', phone: '(11) 98765-4321', theme: null, updated_at: new Date(0) }
let bytes = 0
const times: number[] = []
const started = performance.now()
for (const [i, t] of LIBRARY_TEMPLATES.entries()) {
  const start = performance.now()
  const body = await templatePreview({
    template: { ...t, id: i + 1, updated_at: new Date(0) } as never,
    home: null,
    owner,
    storage,
    userId: 'bench',
  })
  const ms = performance.now() - start
  times.push(ms)
  bytes += body.byteLength
  console.log(
    `${t.slug.padEnd(32)} ${t.format.padEnd(9)} ${(body.byteLength / 1024).toFixed(1).padStart(5)} KB ${ms.toFixed(0).padStart(4)} ms`,
  )
}
const sorted = [...times].sort((a, b) => a - b)
console.log(
  `${times.length} pictures: ${(bytes / 1024).toFixed(0)} KB in all, ${(bytes / 1024 / times.length).toFixed(1)} KB each on average; ` +
    `p50 ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms (first includes fonts and sample photos); ` +
    `${((performance.now() - started) / 1000).toFixed(1)} s in all, one at a time`,
)
