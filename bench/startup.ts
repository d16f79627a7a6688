// How long `npm start` takes to answer /healthz 200: on a fresh DATA_DIR (the database image is
// restored) and on a restart of the same data (goal: ≤ 3 s fresh). Each run spawns the
// production build like `npm start` does, polls /healthz every 10 ms, and prints when each
// start-up stage logged its line, counted from the spawn.
// BUSY=n keeps n other processes spinning on the CPU meanwhile (goal: ≤ 3 s with another
// process busy, load ≈ 2 on the 2-core machine); the default is 1.
// Run: npm run build && npx tsx bench/startup.ts [runs]  (BUSY=0: a quiet machine)
import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { freePort, median } from './lib'

const runs = Number(process.argv[2] ?? 5)
const busy = Number(process.env.BUSY ?? 1)
// Other work on the machine: a process that never sleeps, at the same priority as the server.
const spinners = Array.from({ length: busy }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }))
await new Promise((r) => setTimeout(r, 1000))

type Run = { healthz: number; cpu: number; stages: Map<string, number> }

async function start(dataDir: string): Promise<Run> {
  const port = await freePort()
  const began = performance.now()
  const startedAt = Date.now()
  const child = spawn('node', ['build/server.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      DEV_MAILBOX: 'true',
      APP_URL: `http://localhost:${port}`,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const stages = new Map<string, number>()
  let buffered = ''
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8')
    const lines = buffered.split('\n')
    buffered = lines.pop() ?? ''
    for (const line of lines) {
      if (!line.startsWith('{')) continue
      const entry = JSON.parse(line) as { time: string; msg: string }
      if (!stages.has(entry.msg)) stages.set(entry.msg, Date.parse(entry.time) - startedAt)
    }
  })
  let healthz = NaN
  while (performance.now() - began < 60_000) {
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) {
      healthz = performance.now() - began
      break
    }
    await new Promise((r) => setTimeout(r, 10))
  }
  // The CPU the start took (every thread of the process): steadier than the wall time on a busy host.
  const fields = (await fs.readFile(`/proc/${child.pid}/stat`, 'utf8')).split(') ')[1]!.split(' ')
  const cpu = (Number(fields[11]) + Number(fields[12])) * 10
  child.kill('SIGTERM')
  await new Promise((r) => child.once('exit', r))
  return { healthz, cpu, stages }
}

const fresh: Run[] = []
const restart: Run[] = []
// The data dirs are removed after the last run: ext4 (mounted with `discard` here) keeps freeing a
// removed 42 MB database while the next start writes its own, which slowed that start by up to 1 s.
const dataDirs: string[] = []
for (let i = 0; i < runs; i++) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrine-startup-'))
  dataDirs.push(dataDir)
  fresh.push(await start(dataDir))
  restart.push(await start(dataDir))
}
const load = os.loadavg()
for (const spinner of spinners) spinner.kill('SIGKILL')
await Promise.all(dataDirs.map((dir) => fs.rm(dir, { recursive: true, force: true })))

console.log(
  `${busy} other busy process(es); load average ${load.map((l) => l.toFixed(1)).join(' ')}, ${runs} runs each`,
)
for (const [name, list] of [
  ['fresh DATA_DIR', fresh],
  ['restart', restart],
] as const) {
  const times = list.map((run) => run.healthz)
  console.log(
    `\n${name}: /healthz 200 after ${times.map((t) => `${(t / 1000).toFixed(2)} s`).join(', ')}; median ${(median(times) / 1000).toFixed(2)} s; CPU median ${(median(list.map((run) => run.cpu)) / 1000).toFixed(2)} s`,
  )
  const names = [...new Set(list.flatMap((run) => [...run.stages.keys()]))]
  for (const stage of names) {
    const at = list.map((run) => run.stages.get(stage)).filter((t): t is number => t !== undefined)
    console.log(`  ${String(median(at)).padStart(5)} ms  ${stage}`)
  }
}
