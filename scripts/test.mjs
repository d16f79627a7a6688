// `npm test`: the three checks that each keep one core busy (types, lint, the production build)
// side by side on the machine's two cores, then the unit and integration tests, then the
// end-to-end tests on that build, then that build's smoke journey on Node 22 (the Docker image's
// Node). It stops at the first stage that fails and prints each stage's time at the end (ADR 200).
import { spawn } from 'node:child_process'

/** `npm run <script>`; its output shown as it comes, or kept and shown once it is done. */
function npmRun(script, { keepOutput = false } = {}) {
  const started = performance.now()
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], { stdio: keepOutput ? ['ignore', 'pipe', 'pipe'] : 'inherit' })
    const output = []
    child.stdout?.on('data', (chunk) => output.push(chunk))
    child.stderr?.on('data', (chunk) => output.push(chunk))
    child.on('close', (code, signal) => {
      if (keepOutput) process.stdout.write(Buffer.concat(output))
      resolve({ script, ok: code === 0, seconds: (performance.now() - started) / 1000, failure: signal ?? code })
    })
  })
}

const stages = [['typecheck', 'lint', 'build'], ['test:unit'], ['test:e2e'], ['test:node22']]
const started = performance.now()
const times = []
let failed = null

for (const stage of stages) {
  const stageStarted = performance.now()
  const results = await Promise.all(stage.map((script) => npmRun(script, { keepOutput: stage.length > 1 })))
  const parts = results.map((r) => `${r.script} ${r.seconds.toFixed(0)} s`).join(', ')
  times.push(
    stage.length > 1 ? `${parts} (side by side: ${((performance.now() - stageStarted) / 1000).toFixed(0)} s)` : parts,
  )
  failed = results.find((r) => !r.ok)
  if (failed) break
}

console.log(`\nnpm test: ${times.join(' · ')} · in all ${((performance.now() - started) / 60_000).toFixed(1)} min`)
if (failed) {
  console.error(`npm test: ${failed.script} failed (${failed.failure})`)
  process.exit(1)
}
