// The npm registry reachable from our machines serves only the platform packages of this
// platform, so `npm install` leaves the other platforms' optional packages (rollup, tailwind's
// oxide) out of package-lock.json and `npm ci` then refuses the lock. This adds them back as
// optional entries with their os/cpu/libc, which npm ci skips on a platform they do not fit
// (ADR 003). Run after any `npm install`: node scripts/lockfile-platforms.mjs
import fs from 'node:fs'

const file = new URL('../package-lock.json', import.meta.url)
const lock = JSON.parse(fs.readFileSync(file, 'utf8'))
const packages = lock.packages

function platformOf(name) {
  const id = name.split('/').pop()
  const os = [
    'android',
    'darwin',
    'freebsd',
    'linux',
    'openbsd',
    'openharmony',
    'win32',
    'sunos',
    'netbsd',
    'aix',
  ].find((o) => id.includes(`-${o}-`))
  const cpuMatch = id.match(/-(arm64|arm|x64|ia32|loong64|ppc64|riscv64|s390x|wasm32|mips64el)(?:-|$)/)
  const libc = /musl/.test(id) ? ['musl'] : os === 'linux' && /gnu/.test(id) ? ['glibc'] : undefined
  if (!cpuMatch) return null
  return { os: os ? [os] : undefined, cpu: [cpuMatch[1]], libc }
}

let added = 0
for (const [path, entry] of Object.entries(packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = path ? `${path}/node_modules/` : 'node_modules/'
    if (packages[`${base}${dep}`] || packages[`node_modules/${dep}`]) continue
    const platform = platformOf(dep)
    if (!platform) continue
    packages[`node_modules/${dep}`] = { version, ...platform, optional: true, license: entry.license }
    added++
  }
}
const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
)
lock.packages = sorted
fs.writeFileSync(file, JSON.stringify(lock, null, 2) + '\n')
console.log(`lockfile: ${added} platform package entries added`)
