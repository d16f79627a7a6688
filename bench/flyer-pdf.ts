// The media kit's A4 flyer (pdf-lib): CPU time and size, photos as agents upload them (3000×2250
// JPEG). Prints figures; asserts nothing. Run: npx tsx bench/flyer-pdf.ts [runs]
import { flyerPdf } from '../app/integrations/render/flyer-pdf.server'
import { homeContent } from '../app/domain/post-content'
import { resolvePostTheme } from '../app/domain/post-theme'
import { roomPhoto } from '../app/integrations/images/sample-photos.server'

const runs = Number(process.argv[2] ?? 8)
const photos = await Promise.all(
  (['facade', 'living', 'kitchen', 'bedroom'] as const).map((s, i) => roomPhoto(s, i, { width: 3000, height: 2250 })),
)
const home = homeContent({
  status: 'sale',
  category: 'apartment',
  name: 'Apartamento com varanda gourmet nos Jardins',
  price: 189000000,
  condominium_price: 150000,
  area: 120,
  bedrooms: 3,
  suites: 1,
  bathrooms: 2,
  parking_spaces: 2,
  features: ['gourmet_balcony', 'air_conditioning'],
  amenities: ['pool', 'gym'],
  neighborhood: 'Jardins',
  city: 'São Paulo',
  state: 'SP',
  gallery: [],
  floor_plans: [],
} as never)
const input = {
  theme: resolvePostTheme(null, null),
  home,
  title: 'Apartamento em Jardins',
  body: 'Com 120 m², 3 quartos (1 suíte) e 2 vagas de garagem, o apartamento fica em Jardins, São Paulo: espaço de sobra para a sua família.\n\nApartamento reformado, sol da manhã, a duas quadras do metrô.',
  contact: { name: 'Ana Souza', phone: '(11) 98765-4321', creci: null, initials: 'AS' },
  hero: photos[0]!,
  strip: photos.slice(1),
}
const textOnly = process.argv[3] === 'sem-fotos'
if (textOnly) Object.assign(input, { hero: null, strip: [] })
const times: number[] = []
let size = 0
for (let i = 0; i < runs; i++) {
  const cpu = process.cpuUsage()
  const bytes = await flyerPdf(input)
  const used = process.cpuUsage(cpu)
  times.push((used.user + used.system) / 1000)
  size = bytes.length
}
times.sort((a, b) => a - b)
console.log(
  `pdf-lib flyer${textOnly ? ' (no photos)' : ''}: ${(size / 1024).toFixed(0)} KB; CPU p50 ${times[Math.floor(runs / 2)]!.toFixed(0)} ms (first ${times.at(-1)!.toFixed(0)} ms worst, ${runs} runs)`,
)
