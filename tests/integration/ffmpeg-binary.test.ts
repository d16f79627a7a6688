// The npm ffmpeg, when it may not run as shipped, is copied into a private folder: a file someone
// planted at a predictable path of the shared temporary folder never runs (issue 66, ADR 288).
import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, test, vi } from 'vitest'

const module = path.resolve('app/integrations/video/ffmpeg.server.ts')
// As root (CI) the check runs as `nobody`, who can neither run nor chmod the package's file.
const uid = process.getuid?.() === 0 ? 65534 : (process.getuid?.() ?? 0)

describe('the npm ffmpeg that is not executable', () => {
  const made: string[] = []
  afterEach(() => made.splice(0).forEach((file) => fs.rmSync(file, { recursive: true, force: true })))

  test('runs from a checked private copy, never from a file planted in the temporary folder', () => {
    const pkg = fs.mkdtempSync(path.join(os.tmpdir(), 'npm-ffmpeg-'))
    made.push(pkg)
    fs.chmodSync(pkg, 0o755)
    const shipped = path.join(pkg, 'ffmpeg')
    fs.writeFileSync(shipped, '#!/bin/sh\necho genuine\n', { mode: 0o644 })
    const marker = path.join(pkg, 'planted-ran')
    const planted = path.join(os.tmpdir(), `vitrine-ffmpeg-${uid}`)
    made.push(planted)
    fs.writeFileSync(planted, `#!/bin/sh\ntouch ${marker}\necho planted\n`, { mode: 0o777 })
    fs.chownSync(planted, uid, uid)

    const script = `const { executable } = await import(${JSON.stringify(module)});
      const file = executable(${JSON.stringify(shipped)});
      process.stdout.write(file + '\\n');`
    const found = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      uid,
      gid: uid,
      env: { PATH: process.env.PATH, HOME: os.tmpdir(), TSX_TSCONFIG_PATH: path.resolve('tsconfig.json') },
      encoding: 'utf8',
    }).trim()
    // Only the private folder the copy was made in (never the temporary folder itself).
    if (path.basename(path.dirname(found)).startsWith('vitrine-bin-')) made.push(path.dirname(found))

    expect(found).not.toBe(planted)
    expect(spawnSync(found, [], { encoding: 'utf8', uid, gid: uid }).stdout).toBe('genuine\n')
    expect(fs.existsSync(marker)).toBe(false)
    expect((fs.statSync(path.dirname(found)).mode & 0o777).toString(8)).toBe('700')
  })
})

describe('in production', () => {
  const saved = { ...process.env }
  afterEach(() => {
    process.env = { ...saved }
    vi.resetModules()
  })

  test('without FFMPEG_PATH nor an ffmpeg on PATH, start-up refuses and names FFMPEG_PATH', async () => {
    process.env.NODE_ENV = 'production'
    delete process.env.FFMPEG_PATH
    delete process.env.FFPROBE_PATH
    process.env.PATH = fs.mkdtempSync(path.join(os.tmpdir(), 'empty-path-'))
    vi.resetModules()
    const { checkEncoders } = await import('~/integrations/video/ffmpeg.server')
    expect(() => checkEncoders()).toThrow(/FFMPEG_PATH/)
  })

  test('the machine’s ffmpeg on PATH is taken, never the npm build', async () => {
    process.env.NODE_ENV = 'production'
    delete process.env.FFMPEG_PATH
    const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'system-bin-'))
    fs.writeFileSync(path.join(bin, 'ffmpeg'), '#!/bin/sh\n', { mode: 0o755 })
    fs.writeFileSync(path.join(bin, 'ffprobe'), '#!/bin/sh\n', { mode: 0o755 })
    process.env.PATH = bin
    vi.resetModules()
    const { ffmpegPath } = await import('~/integrations/video/ffmpeg.server')
    expect(ffmpegPath()).toBe(path.join(bin, 'ffmpeg'))
  })
})
