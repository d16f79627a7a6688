// A property video on this machine (goal ≤ 60 s; ADR 220): 8 photos of 4000×3000 drawn in code (the seed's
// rooms, with grain), a 30 s Reel with the offline narration (eSpeak NG), the overlay PNGs by
// Takumi, Ken Burns and cross-fades by ffmpeg: wall time to the finished MP4 (narration, photo preparation, overlays,
// encode, cover), CPU time (this process + ffmpeg), peak RSS (this process; ffmpeg's own), file
// size; then the floor: the same prepared stills encoded by a bare ffmpeg slideshow (plain cuts,
// no overlays, no audio). Also the soundtrack: 48 kHz, its level while the narration speaks and over
// the closing card (the spoken call to action, the music); VIDEO_OUT=file keeps the MP4. Run: npx tsx bench/video.ts [--seconds 30] [--photos 8] [--preset superfast] [--xfade]
// (--xfade: the cross-fades by ffmpeg's `xfade`, which the npm build lacks: FFMPEG_PATH=/usr/bin/ffmpeg; ADR 282)
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { DEMO_HOME } from '../app/domain/demo-home'
import { answerOffline } from '../app/domain/copywriter/assistant'
import { homeContent, initialsOf } from '../app/domain/post-content'
import { DEFAULT_POST_THEME } from '../app/domain/post-theme'
import { callToActionStart, spokenCallToAction, subtitleCues, videoSeconds } from '../app/domain/video'
import { MUSIC_TRACKS } from '../app/domain/music-bed'
import { OFFLINE_VOICES } from '../app/domain/narration'
import { roomPhoto, type Scene } from '../app/integrations/images/sample-photos.server'
import { createEspeakSpeech } from '../app/integrations/speech/espeak.server'
import { audioLevel, runFfmpeg } from '../app/integrations/video/ffmpeg.server'
import { slideshowArgs } from '../app/integrations/video/filter-graph'
import { preparePhoto, renderReel } from '../app/integrations/video/reel.server'

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? Number(process.argv[i + 1]) : fallback
}
const SECONDS = arg('seconds', 30)
const PHOTOS = arg('photos', 8)
const presetAt = process.argv.indexOf('--preset')
const PRESET = presetAt > 0 ? process.argv[presetAt + 1] : undefined
const CROSSFADE = process.argv.includes('--xfade') ? 'xfade' : 'overlay'

const SCENES: Scene[] = ['living', 'kitchen', 'bedroom', 'bathroom', 'facade', 'pool', 'balcony', 'living']

/** A 4000×3000 room drawn like the seed's, with the fine detail of a real photo (its grain). */
function photo(i: number): Promise<Buffer> {
  return roomPhoto(SCENES[i % SCENES.length]!, i + 1, { width: 4000, height: 3000 })
}

/** This process's children's CPU (utime + stime of waited-for children), in ms. */
function childrenCpuMs(): number {
  const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ')
  const ticks = Number(fields[13]) + Number(fields[14])
  return (ticks * 1000) / 100
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`

const photos = await Promise.all(Array.from({ length: PHOTOS }, (_, i) => photo(i)))
console.log(
  `video: ${PHOTOS} photos 4000×3000 (${mb(photos.reduce((n, p) => n + p.length, 0))} of JPEG), ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(2)}`,
)

const cpu0 = process.cpuUsage()
const child0 = childrenCpuMs()
const t0 = performance.now()
const speech = createEspeakSpeech({ voices: OFFLINE_VOICES })
const home = homeContent(DEMO_HOME)
const text = answerOffline({ task: 'narracao', home: DEMO_HOME, agent: null, message: '', history: [] })
const audio = await speech.synthesize({ text, voice: OFFLINE_VOICES[0]!.id, speed: 'rapida', format: 'mp3' })
// The spoken call to action over the closing card, as the video job adds it.
const ctaText = spokenCallToAction('Ana Souza')
const cta = await speech.synthesize({ text: ctaText, voice: OFFLINE_VOICES[0]!.id, speed: 'rapida', format: 'mp3' })
const tSpeech = performance.now()
const total = videoSeconds(SECONDS, audio.durationMs + cta.durationMs + 700)
const speechS = Math.min(audio.durationMs / 1000, total - 0.8)
const ctaAt = callToActionStart(total, 0.5 + speechS, cta.durationMs / 1000)
const result = await renderReel({
  photos,
  home,
  brand: {
    name: 'Ana Souza',
    phone: '(11) 98765-4321',
    initials: initialsOf('Ana Souza'),
    logo: null,
    creci: 'CRECI 12345-F',
    instagram: '@anasouza.imoveis',
  },
  theme: DEFAULT_POST_THEME,
  total,
  cues: [
    ...subtitleCues(text, 0.5, speechS),
    ...(ctaAt === null ? [] : subtitleCues(ctaText, ctaAt, cta.durationMs / 1000)),
  ],
  audio: { bytes: audio.bytes, ext: audio.format },
  audioDelay: 0.5,
  callToAction: ctaAt === null ? null : { bytes: cta.bytes, ext: cta.format, start: ctaAt },
  music: MUSIC_TRACKS[0],
  preset: PRESET,
  crossfade: CROSSFADE,
})
const tReady = performance.now()
const cpu = process.cpuUsage(cpu0)
const ownCpuMs = (cpu.user + cpu.system) / 1000
const ffmpegCpuMs = childrenCpuMs() - child0
const size = fs.statSync(result.file).size
const rss = process.resourceUsage().maxRSS

console.log(`narration: ${s(tSpeech - t0)} (${(audio.durationMs / 1000).toFixed(1)} s of speech)`)
console.log(
  `ready ${total} s video: wall ${s(tReady - t0)}; CPU ${s(ownCpuMs + ffmpegCpuMs)} (node ${s(ownCpuMs)}, ffmpeg ${s(ffmpegCpuMs)})`,
)
console.log(
  `peak RSS: node ${mb(rss * 1024)}, ffmpeg ${mb(result.stats.peakRssKb * 1024)}; ${result.stats.overlays} overlay PNGs`,
)
console.log(
  `file: ${mb(size)}, ${result.facts.video?.codec} ${result.facts.video?.width}×${result.facts.video?.height} ${result.facts.video?.fps} fps + ${result.facts.audio?.codec} ${result.facts.audio?.sampleRate} Hz, ${result.facts.durationS.toFixed(1)} s`,
)
const speaking = await audioLevel(result.file, 1, Math.min(4, speechS - 1))
const end = await audioLevel(result.file, total - 3, 2.5)
console.log(
  `audio: mean ${speaking.meanDb} dB while the narration speaks; ${end.meanDb} dB over the closing card (call to action at ${ctaAt ?? '—'} s, music ${MUSIC_TRACKS[0]!.name})`,
)
if (process.env.VIDEO_OUT) fs.copyFileSync(result.file, process.env.VIDEO_OUT)

// The floor: the same stills, prepared the same way, cut together by a bare slideshow command.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-floor-'))
const stills = await Promise.all(
  photos.map(async (bytes, i) => {
    const file = path.join(dir, `${i}.jpg`)
    fs.writeFileSync(file, await preparePhoto(bytes))
    return file
  }),
)
const floorChild0 = childrenCpuMs()
const f0 = performance.now()
await runFfmpeg(slideshowArgs(stills, total / stills.length, path.join(dir, 'floor.mp4')))
const floorMs = performance.now() - f0
console.log(
  `floor (bare ffmpeg slideshow of the prepared stills): wall ${s(floorMs)}, CPU ${s(childrenCpuMs() - floorChild0)}, ${mb(fs.statSync(path.join(dir, 'floor.mp4')).size)}`,
)
console.log(`ratio: encode of the Reel ${((tReady - t0) / floorMs).toFixed(2)}× the floor (whole pipeline)`)
fs.rmSync(dir, { recursive: true, force: true })
await result.dispose()
process.exit(0)
