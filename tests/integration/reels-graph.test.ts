// A video scheduled as a Reel (ADR 222) goes out through the real Graph client to a local Graph
// API: one container with media_type=REELS, the MP4 by video_url and the cover by cover_url (the
// mock fetches both, as Meta does), polled until FINISHED, then published once.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createGraphClient } from '../../app/integrations/meta/graph.server'
import { publishReelToInstagram } from '../../app/integrations/meta/instagram-publisher.server'
import { startMockMetaGraph } from '../mocks/meta-graph'

const TOKEN = 'token-reels'
let graph: Awaited<ReturnType<typeof startMockMetaGraph>>
let files: ReturnType<typeof createServer>
let base = ''

beforeAll(async () => {
  graph = await startMockMetaGraph({ token: TOKEN })
  // A stand-in MP4 (an ISO BMFF header) and a JPEG cover, where Meta would fetch them.
  const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom'), Buffer.alloc(1000)])
  const jpeg = await sharp({ create: { width: 1080, height: 1920, channels: 3, background: '#14213D' } })
    .jpeg()
    .toBuffer()
  files = createServer((req, res) => {
    if (req.url === '/video.mp4') res.writeHead(200, { 'content-type': 'video/mp4' }).end(mp4)
    else if (req.url === '/capa.jpg') res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg)
    else res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(files.address() as AddressInfo).port}`
})

afterAll(async () => {
  await graph.close()
  await new Promise((resolve) => files.close(resolve))
})

test('a Reel: media_type=REELS with the video and its cover, published once', async () => {
  const client = createGraphClient({ baseUrl: graph.graphUrl })
  const outcome = await publishReelToInstagram(
    client,
    { accountId: 'ig-user-1', token: TOKEN },
    { videoUrl: `${base}/video.mp4`, coverUrl: `${base}/capa.jpg`, caption: 'Apartamento no Itaim #imoveis' },
    { intervalMs: 0, sleep: async () => {} },
  )
  const containers = [...graph.state.containers.values()]
  expect(containers).toHaveLength(1)
  expect(containers[0]).toMatchObject({
    mediaType: 'REELS',
    videoUrl: `${base}/video.mp4`,
    coverUrl: `${base}/capa.jpg`,
    caption: 'Apartamento no Itaim #imoveis',
    status: 'PUBLISHED',
  })
  expect(graph.state.media).toHaveLength(1)
  expect(outcome).toEqual({ externalId: graph.state.media[0]!.id, permalink: graph.state.media[0]!.permalink })
})

test('a video Meta cannot fetch is refused with its reason', async () => {
  const client = createGraphClient({ baseUrl: graph.graphUrl })
  await expect(
    publishReelToInstagram(
      client,
      { accountId: 'ig-user-1', token: TOKEN },
      { videoUrl: `${base}/nao-existe.mp4`, coverUrl: `${base}/capa.jpg`, caption: '' },
      { intervalMs: 0, sleep: async () => {} },
    ),
  ).rejects.toMatchObject({ subcode: 2207026 })
})
