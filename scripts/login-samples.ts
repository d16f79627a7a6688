// The three sample posts /login shows a first visitor (ADR 182), drawn by the app's
// own renderer from photos drawn in code (app/integrations/images/sample-photos.server.ts): nothing from the web.
// Writes public/amostras/post-{1,2,3}.webp (360 px, a few KB each). Run after a renderer or
// layout change:  npx tsx scripts/login-samples.ts
import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import type { Home, Slide } from '../db/schema'
import { roomPhoto } from '../app/integrations/images/sample-photos.server'
import { buildPostContent } from '../app/domain/post-content'
import { makeSlide } from '../app/domain/slides'
import { storeHomeImage } from '../app/integrations/images/images.server'
import { renderSlide, storageImageLoader } from '../app/integrations/render/render.server'
import { createDiskStorage } from '../app/integrations/storage/storage.server'

const out = path.resolve('public/amostras')
await fs.mkdir(out, { recursive: true })
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrine-samples-'))
const storage = createDiskStorage(dir)
const ownerId = randomUUID()
const facade = await storeHomeImage(
  storage,
  ownerId,
  { name: 'fachada.jpg', bytes: await roomPhoto('facade', 0) },
  { featured: true },
)
const living = await storeHomeImage(storage, ownerId, { name: 'sala.jpg', bytes: await roomPhoto('living', 1) })
const pool = await storeHomeImage(storage, ownerId, { name: 'piscina.jpg', bytes: await roomPhoto('pool', 2) })
const load = storageImageLoader({ storage, ownerId, media: [facade, living, pool] })

function home(rent: boolean, theme: Home['theme']): Home {
  return {
    name: rent ? 'Studio mobiliado na Vila Madalena' : 'Apartamento 3 suítes com varanda gourmet no Itaim Bibi',
    status: rent ? 'rent' : 'sale',
    category: 'apartment',
    price: rent ? null : 245000000,
    rental_price: rent ? 390000 : null,
    condominium_price: 80000,
    area: rent ? 38 : 142,
    bedrooms: rent ? 1 : 3,
    suites: rent ? 1 : 3,
    bathrooms: rent ? 1 : 4,
    parking_spaces: rent ? 0 : 2,
    features: ['gourmet_balcony', 'air_conditioning'],
    amenities: ['pool', 'gym'],
    neighborhood: rent ? 'Vila Madalena' : 'Itaim Bibi',
    city: 'São Paulo',
    state: 'SP',
    gallery: [facade, living, pool],
    floor_plans: [],
    theme,
  } as unknown as Home
}

const owner = {
  full_name: 'Ana Souza',
  phone: '(11) 98765-4321',
  theme: { creci: 'CRECI 12345-F', instagram: 'anasouza.imoveis' },
}
const samples: { slide: Slide; home: Home }[] = [
  {
    slide: makeSlide('a', 'cover', {
      image: facade.url,
      title: 'Apartamento 3 suítes no Itaim Bibi',
      caption: 'À venda',
    }),
    home: home(false, null),
  },
  {
    slide: makeSlide('b', 'cover', { image: living.url, title: 'Studio mobiliado', caption: 'Para alugar' }),
    home: home(true, { primary_color: '#7A1F3D', secondary_color: '#E9C46A', font: 'Playfair Display' }),
  },
  {
    slide: makeSlide('c', 'features', {}),
    home: home(false, { primary_color: '#1D3557', secondary_color: '#F4A261', font: 'Montserrat' }),
  },
]
for (const [i, { slide, home: h }] of samples.entries()) {
  const content = buildPostContent({
    post: { id: i + 1, template: 'amostra', format: 'feed', meta: { slides: [slide] }, media: null },
    home: h,
    owner,
  })
  const png = await renderSlide(content, slide, load, { format: 'png' })
  const file = path.join(out, `post-${i + 1}.webp`)
  await sharp(png).resize(360, 360).webp({ quality: 72 }).toFile(file)
  console.log(`${file}: ${((await fs.stat(file)).size / 1024).toFixed(1)} KB`)
}
await fs.rm(dir, { recursive: true, force: true })
