import { describe, expect, test } from 'vitest'
import { photoClips } from '~/domain/video'
import { audioFilter, ffmpegArgs, filterGraph, kenBurns, overlayConcatList, slideshowArgs } from './filter-graph'

const input = (count: number, audio: string | null = 'narracao.mp3') => ({
  photos: Array.from({ length: count }, (_, i) => `/tmp/x/foto-${i}.yuv`),
  clips: photoClips(count, 30),
  overlayList: 'camadas.txt',
  audio,
  audioDelay: 0.5,
  total: 30,
  output: '/tmp/x/video.mp4',
})

describe('the filter graph', () => {
  test('each photo moves (zoompan to 1080×1920 at 30 fps), alternating zoom in and out', () => {
    expect(kenBurns(0, 150, 30)).toMatch(/^zoompan=z='1\+[\d.]+\*on'.*d=1:s=1080x1920:fps=30$/)
    expect(kenBurns(1, 150, 30)).toMatch(/^zoompan=z='1\.1-[\d.]+\*on'/)
  })

  test('photos cross-fade: each head fades in over the previous tail, the pieces joined in order', () => {
    const graph = filterGraph(input(3))
    const chains = graph.split(';')
    expect(chains.filter((c) => c.includes('zoompan'))).toHaveLength(3)
    expect(graph).toContain('[h1]trim=end=0.6,setpts=PTS-STARTPTS,format=yuva420p,fade=t=in:st=0:d=0.6:alpha=1[head1]')
    expect(graph).toContain('[tail0][head1]overlay=eof_action=pass,format=yuv420p[x1]')
    expect(graph).toContain('[tail1][head2]overlay')
    expect(graph).toContain('[body0][x1][body1][x2][body2]concat=n=5:v=1:a=0[slides]')
    // The first photo has no head, the last no tail.
    expect(graph).not.toContain('[h0]')
    expect(graph).not.toContain('[t2]')
  })

  test('with xfade (an ffmpeg that has it), each photo fades in over the last from the clips so far less a fade per join', () => {
    const clips = [
      { index: 0, start: 0, duration: 2 },
      { index: 1, start: 1.4, duration: 2 },
      { index: 2, start: 2.8, duration: 2 },
    ]
    const graph = filterGraph({ ...input(3), clips, total: 4.8, crossfade: 'xfade' })
    expect(graph).toContain('[v0][v1]xfade=transition=fade:duration=0.6:offset=1.4[x1]')
    expect(graph).toContain('[x1][v2]xfade=transition=fade:duration=0.6:offset=2.8[slides]')
    expect(graph).not.toContain('alpha=1')
    expect(filterGraph({ ...input(1), crossfade: 'xfade' })).toContain('[v0]null[slides]')
  })

  test('the overlay PNGs are read by the graph and composited over the whole, cut to the duration', () => {
    const graph = filterGraph(input(2))
    expect(graph).toContain('movie=camadas.txt:f=concat,format=yuva420p')
    expect(graph).toMatch(/\[slides\]\[ov\]overlay=eof_action=repeat,format=yuv420p,trim=duration=30\[vout\]$/)
    expect(() => filterGraph({ ...input(2), overlayList: '/etc/x;rm' })).toThrow()
  })

  test('the command: raw stills looped for their clip, H.264 + AAC, faststart, the narration delayed', () => {
    const args = ffmpegArgs(input(2))
    expect(args.filter((a) => a === '-stream_loop')).toHaveLength(2)
    expect(args.join(' ')).toContain('-c:v libx264')
    expect(args.join(' ')).toContain('-c:a aac')
    expect(args.join(' ')).toContain('-pix_fmt yuv420p')
    expect(args.join(' ')).toContain('-movflags +faststart')
    expect(args.slice(args.indexOf('-map'), args.indexOf('-map') + 4)).toEqual(['-map', '[vout]', '-map', '2:a'])
    expect(audioFilter(input(2))).toBe('aresample=48000,adelay=500|500,apad')
    expect(args.at(-1)).toBe('/tmp/x/video.mp4')
  })

  test('without narration, a silent stereo track', () => {
    const args = ffmpegArgs(input(2, null))
    expect(args.join(' ')).toContain('-f lavfi -i anullsrc=channel_layout=stereo:sample_rate=48000')
    expect(args).not.toContain('-af')
  })

  test('the overlay list gives each PNG its segment, the last named twice', () => {
    const list = overlayConcatList(
      ['a.png', 'b.png'],
      [
        { start: 0, end: 2.5, card: null, cue: null },
        { start: 2.5, end: 30, card: null, cue: null },
      ],
    )
    expect(list).toBe("ffconcat version 1.0\nfile 'a.png'\nduration 2.5\nfile 'b.png'\nduration 27.5\nfile 'b.png'\n")
  })

  test('the floor: a bare slideshow of the same stills', () => {
    const args = slideshowArgs(['a.jpg', 'b.jpg'], 15, 'out.mp4')
    expect(args.join(' ')).toContain('concat=n=2:v=1:a=0')
  })
})
