// Photos for the demo properties, drawn in code (SVG → sharp): rooms in perspective with a
// window, furniture and light, a façade, a pool deck, and a floor plan. Nothing is downloaded.
// Deterministic for a given seed, with surface texture so they weigh like real photos.
import sharp from 'sharp'

export type Scene = 'living' | 'kitchen' | 'bedroom' | 'bathroom' | 'facade' | 'pool' | 'balcony'

function rng(seed: number) {
  let s = (seed * 2654435761) >>> 0 || 1
  return () => {
    s ^= s << 13
    s ^= s >>> 17
    s ^= s << 5
    return (s >>> 0) / 4294967296
  }
}

const palettes = [
  { wall: '#efe8dd', floor: '#b88a5a', accent: '#2f5d62', sofa: '#8c9a9e', sky: ['#7fb3e0', '#e6f1fb'] },
  { wall: '#f4f1ec', floor: '#9c7b5b', accent: '#b5651d', sofa: '#d8cbb8', sky: ['#f5a26b', '#fde5c8'] },
  { wall: '#e9eef0', floor: '#c9b79c', accent: '#3d4f7d', sofa: '#5a6b7a', sky: ['#4f86c6', '#cfe2f5'] },
  { wall: '#f2ece4', floor: '#7d5a3c', accent: '#6b8f71', sofa: '#ece3d3', sky: ['#8fc1e8', '#f2f8fd'] },
]

const W = 1600
const H = 1200

/** The room box: back wall, floor and ceiling in one-point perspective. */
function room(p: (typeof palettes)[number]) {
  return `
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${p.sky[0]}"/><stop offset="1" stop-color="${p.sky[1]}"/>
    </linearGradient>
    <linearGradient id="light" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="1" stop-color="#000" stop-opacity="0.12"/>
    </linearGradient>
    <linearGradient id="floorShade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#000" stop-opacity="0.18"/><stop offset="1" stop-color="#000" stop-opacity="0"/>
    </linearGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="${p.wall}"/>
  <polygon points="0,0 ${W},0 1250,200 350,200" fill="#fbfaf7"/>
  <polygon points="0,0 350,200 350,850 0,${H}" fill="${p.wall}" opacity="0.85"/>
  <polygon points="${W},0 1250,200 1250,850 ${W},${H}" fill="#000" opacity="0.06"/>
  <polygon points="350,850 1250,850 ${W},${H} 0,${H}" fill="${p.floor}"/>
  <polygon points="350,850 1250,850 ${W},${H} 0,${H}" fill="url(#floorShade)"/>
  ${Array.from({ length: 9 }, (_, i) => {
    const x = 350 + i * 112.5
    const bx = i * 200
    return `<line x1="${x}" y1="850" x2="${bx}" y2="${H}" stroke="#000" stroke-opacity="0.08" stroke-width="3"/>`
  }).join('')}
  <rect x="350" y="200" width="900" height="650" fill="url(#light)" opacity="0.5"/>`
}

function windowOn(x: number, y: number, w: number, h: number) {
  return `
  <rect x="${x - 12}" y="${y - 12}" width="${w + 24}" height="${h + 24}" fill="#fff"/>
  <rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#sky)"/>
  <polygon points="${x},${y + h} ${x + w * 0.3},${y + h * 0.62} ${x + w * 0.55},${y + h * 0.75} ${x + w * 0.8},${y + h * 0.55} ${x + w},${y + h * 0.7} ${x + w},${y + h}" fill="#6c8a9e" opacity="0.55"/>
  <line x1="${x + w / 2}" y1="${y}" x2="${x + w / 2}" y2="${y + h}" stroke="#fff" stroke-width="10"/>
  <polygon points="${x},${y + h} ${x + w},${y + h} ${x + w + 160},${y + h + 260} ${x - 160},${y + h + 260}" fill="#fff" opacity="0.10"/>`
}

function plant(x: number, y: number, s = 1) {
  return `
  <rect x="${x - 28 * s}" y="${y - 70 * s}" width="${56 * s}" height="${70 * s}" rx="${8 * s}" fill="#d9d2c5"/>
  ${[0, 1, 2, 3, 4, 5]
    .map(
      (i) =>
        `<ellipse cx="${x + (i - 2.5) * 18 * s}" cy="${y - (120 + (i % 3) * 40) * s}" rx="${26 * s}" ry="${70 * s}" transform="rotate(${(i - 2.5) * 14} ${x} ${y - 70 * s})" fill="#3f7a4a" opacity="0.9"/>`,
    )
    .join('')}`
}

function living(p: (typeof palettes)[number], r: () => number) {
  const art = ['#c96f4a', '#e3b448', '#3d6b8e', '#8aa17a'][Math.floor(r() * 4)]
  return `${room(p)}
  ${windowOn(860, 260, 320, 420)}
  <rect x="470" y="330" width="240" height="170" fill="${art}"/><rect x="470" y="330" width="240" height="170" fill="none" stroke="#222" stroke-width="8"/>
  <ellipse cx="800" cy="1010" rx="520" ry="95" fill="${p.accent}" opacity="0.35"/>
  <rect x="380" y="700" width="600" height="150" rx="30" fill="${p.sofa}"/>
  <rect x="360" y="780" width="640" height="150" rx="26" fill="${p.sofa}"/>
  <rect x="360" y="780" width="640" height="150" rx="26" fill="#000" opacity="0.08"/>
  <rect x="420" y="720" width="150" height="110" rx="20" fill="${p.accent}"/>
  <rect x="780" y="720" width="150" height="110" rx="20" fill="#e8dcc7"/>
  <rect x="620" y="960" width="380" height="40" rx="8" fill="#5b4636"/>
  <rect x="650" y="1000" width="20" height="70" fill="#3b2d22"/><rect x="950" y="1000" width="20" height="70" fill="#3b2d22"/>
  <circle cx="720" cy="950" r="18" fill="#fff"/><rect x="820" y="935" width="90" height="25" fill="${art}"/>
  <line x1="1120" y1="560" x2="1120" y2="900" stroke="#333" stroke-width="8"/>
  <polygon points="1070,560 1170,560 1145,490 1095,490" fill="#f4e3b5"/>
  ${plant(260, 1000, 1.3)}`
}

function kitchen(p: (typeof palettes)[number]) {
  const cab = ['#ffffff', '#2f3e46', '#d6c7b0', '#6b705c'][Math.floor(p.floor.length % 4)]
  return `${room(p)}
  ${windowOn(700, 260, 260, 220)}
  <rect x="350" y="230" width="300" height="200" fill="${cab}"/><rect x="1000" y="230" width="250" height="200" fill="${cab}"/>
  ${[0, 1, 2].map((i) => `<line x1="${350 + i * 100}" y1="230" x2="${350 + i * 100}" y2="430" stroke="#000" stroke-opacity="0.15" stroke-width="4"/>`).join('')}
  <rect x="350" y="560" width="900" height="40" fill="#e9e6e1"/>
  <rect x="350" y="600" width="900" height="250" fill="${cab}"/>
  ${[0, 1, 2, 3, 4, 5].map((i) => `<rect x="${365 + i * 148}" y="620" width="130" height="210" fill="#000" opacity="0.05"/>`).join('')}
  <rect x="420" y="480" width="820" height="80" fill="#d7dde0"/>
  <rect x="500" y="860" width="600" height="60" fill="#f1efe9"/>
  <rect x="500" y="920" width="600" height="200" fill="${p.accent}"/>
  ${[0, 1, 2].map((i) => `<g transform="translate(${560 + i * 200} 760)"><rect x="0" y="0" width="16" height="260" fill="#222"/><ellipse cx="8" cy="0" rx="50" ry="14" fill="#333"/></g>`).join('')}
  ${[0, 1, 2].map((i) => `<g transform="translate(${620 + i * 180} 0)"><line x1="0" y1="0" x2="0" y2="520" stroke="#222" stroke-width="3"/><path d="M -40 560 Q 0 500 40 560 Z" fill="#e3b448"/></g>`).join('')}`
}

function bedroom(p: (typeof palettes)[number]) {
  return `${room(p)}
  ${windowOn(1030, 280, 200, 360)}
  <rect x="480" y="420" width="560" height="260" rx="20" fill="${p.accent}"/>
  <rect x="420" y="660" width="680" height="220" rx="24" fill="#f7f4ee"/>
  <rect x="420" y="760" width="680" height="180" rx="24" fill="${p.sofa}"/>
  <rect x="500" y="600" width="220" height="110" rx="30" fill="#fff"/><rect x="800" y="600" width="220" height="110" rx="30" fill="#fff"/>
  <rect x="300" y="730" width="110" height="130" fill="#8a6a4f"/><rect x="1110" y="730" width="110" height="130" fill="#8a6a4f"/>
  <polygon points="320,730 390,730 375,670 335,670" fill="#f4e3b5"/><polygon points="1130,730 1200,730 1185,670 1145,670" fill="#f4e3b5"/>
  <ellipse cx="760" cy="1060" rx="420" ry="70" fill="#000" opacity="0.08"/>`
}

function bathroom(p: (typeof palettes)[number]) {
  return `${room({ ...p, wall: '#f3f3f1', floor: '#bfbab2' })}
  ${Array.from({ length: 8 }, (_, i) => `<line x1="350" y1="${260 + i * 75}" x2="1250" y2="${260 + i * 75}" stroke="#000" stroke-opacity="0.06" stroke-width="3"/>`).join('')}
  <rect x="470" y="300" width="360" height="260" rx="14" fill="#c9dbe3" stroke="#fff" stroke-width="14"/>
  <rect x="430" y="600" width="440" height="40" fill="#e9e4dc"/>
  <rect x="430" y="640" width="440" height="210" fill="${p.floor}"/>
  <ellipse cx="650" cy="610" rx="110" ry="26" fill="#fff"/>
  <rect x="640" y="540" width="14" height="60" fill="#aaa"/>
  <rect x="950" y="250" width="300" height="600" fill="#dfe9ee" opacity="0.55" stroke="#c8d3d8" stroke-width="8"/>
  <circle cx="1100" cy="320" r="40" fill="#bbb"/>
  ${plant(400, 980, 0.8)}`
}

function facade(p: (typeof palettes)[number], r: () => number) {
  const floors = 8 + Math.floor(r() * 6)
  const fh = 900 / floors
  return `
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.sky[0]}"/><stop offset="1" stop-color="${p.sky[1]}"/></linearGradient></defs>
  <rect width="${W}" height="${H}" fill="url(#sky)"/>
  <ellipse cx="300" cy="200" rx="180" ry="50" fill="#fff" opacity="0.7"/><ellipse cx="1250" cy="150" rx="220" ry="60" fill="#fff" opacity="0.6"/>
  <rect x="450" y="${1050 - floors * fh}" width="700" height="${floors * fh}" fill="${p.wall}"/>
  <rect x="1150" y="${1050 - floors * fh + 40}" width="160" height="${floors * fh - 40}" fill="#000" opacity="0.18"/>
  ${Array.from({ length: floors }, (_, f) =>
    [0, 1, 2, 3]
      .map(
        (c) =>
          `<rect x="${490 + c * 165}" y="${1050 - (f + 1) * fh + fh * 0.2}" width="130" height="${fh * 0.55}" fill="#5c7d99" opacity="0.85"/><rect x="${480 + c * 165}" y="${1050 - (f + 1) * fh + fh * 0.75}" width="150" height="${fh * 0.12}" fill="#fff"/>`,
      )
      .join(''),
  ).join('')}
  <rect x="0" y="1050" width="${W}" height="150" fill="#8f8f8a"/>
  <rect x="0" y="1040" width="${W}" height="20" fill="#d5d2ca"/>
  ${[150, 1380].map((x) => `<rect x="${x - 12}" y="760" width="24" height="290" fill="#5a4636"/><circle cx="${x}" cy="720" r="130" fill="#4f7d3a"/><circle cx="${x + 60}" cy="780" r="90" fill="#5f8a3e"/>`).join('')}`
}

function pool(p: (typeof palettes)[number]) {
  return `
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.sky[0]}"/><stop offset="1" stop-color="${p.sky[1]}"/></linearGradient>
    <linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5ec4dd"/><stop offset="1" stop-color="#1f8fb3"/></linearGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#sky)"/>
  <rect x="0" y="420" width="${W}" height="240" fill="#e9e2d4"/>
  ${Array.from({ length: 12 }, (_, i) => `<rect x="${i * 140}" y="440" width="110" height="90" fill="#6c8aa0" opacity="0.5"/>`).join('')}
  <rect x="0" y="600" width="${W}" height="600" fill="#d8cdb9"/>
  <polygon points="250,700 1350,700 1550,1120 50,1120" fill="url(#water)"/>
  ${Array.from({ length: 7 }, (_, i) => `<path d="M ${200 + i * 30} ${760 + i * 50} q 150 -20 300 0 t 300 0 t 300 0 t 300 0" stroke="#fff" stroke-opacity="0.35" stroke-width="6" fill="none"/>`).join('')}
  ${[0, 1, 2].map((i) => `<g transform="translate(${120 + i * 220} 640)"><rect width="170" height="26" rx="10" fill="#fff"/><rect x="120" y="-40" width="50" height="50" rx="8" fill="#fff"/></g>`).join('')}
  <circle cx="1400" cy="520" r="120" fill="#4f7d3a"/><rect x="1390" y="560" width="20" height="90" fill="#5a4636"/>`
}

function balcony(p: (typeof palettes)[number]) {
  return `
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.sky[0]}"/><stop offset="1" stop-color="${p.sky[1]}"/></linearGradient></defs>
  <rect width="${W}" height="${H}" fill="url(#sky)"/>
  ${Array.from({ length: 14 }, (_, i) => {
    const h = 150 + ((i * 97) % 260)
    return `<rect x="${i * 120}" y="${700 - h}" width="100" height="${h}" fill="#7d8fa0" opacity="${0.45 + (i % 3) * 0.12}"/>`
  }).join('')}
  <rect x="0" y="700" width="${W}" height="500" fill="${p.floor}"/>
  <rect x="0" y="640" width="${W}" height="14" fill="#ddd"/>
  ${Array.from({ length: 17 }, (_, i) => `<rect x="${i * 100}" y="640" width="8" height="120" fill="#ccc" opacity="0.8"/>`).join('')}
  <rect x="0" y="655" width="${W}" height="100" fill="#bfe0f0" opacity="0.25"/>
  <rect x="420" y="820" width="560" height="40" rx="6" fill="#5b4636"/>
  <rect x="450" y="860" width="20" height="200" fill="#3b2d22"/><rect x="930" y="860" width="20" height="200" fill="#3b2d22"/>
  ${[0, 1, 2].map((i) => `<rect x="${440 + i * 190}" y="760" width="130" height="170" rx="16" fill="${p.sofa}"/>`).join('')}
  <rect x="1120" y="560" width="360" height="300" fill="#444"/><rect x="1140" y="580" width="320" height="120" fill="#222"/>
  ${plant(220, 1000, 1.2)}`
}

const scenes = { living, kitchen, bedroom, bathroom, facade, pool, balcony }

/**
 * Gaussian noise around mid-grey from our seeded generator (Box–Muller), so that a sample photo
 * is the same in every process: libvips' own noise is random per call, and a cover's measured
 * contrast then changed from run to run.
 */
function gaussianNoise(length: number, sigma: number): Buffer {
  const random = rng(length + sigma)
  const values = new Uint8ClampedArray(length)
  for (let i = 0; i < length; i += 2) {
    const radius = Math.sqrt(-2 * Math.log(1 - random()))
    const angle = 2 * Math.PI * random()
    values[i] = 128 + sigma * radius * Math.cos(angle)
    if (i + 1 < length) values[i + 1] = 128 + sigma * radius * Math.sin(angle)
  }
  return Buffer.from(values.buffer)
}

const grainLayers = new Map<string, Promise<Buffer>>()

/**
 * One texture layer per size, made once (noise costs more than drawing a room). The noise is
 * drawn at a quarter of the size and scaled up, so it reads as surface texture that survives
 * downscaling, like the detail of a real photograph, rather than pixel grain that averages out.
 */
function grainLayer(width: number, height: number, sigma: number) {
  const key = `${width}x${height}x${sigma}`
  let layer = grainLayers.get(key)
  if (!layer) {
    const w = Math.max(1, Math.round(width / 4))
    const h = Math.max(1, Math.round(height / 4))
    layer = sharp(gaussianNoise(w * h * 3, sigma), { raw: { width: w, height: h, channels: 3 } })
      .resize(width, height, { kernel: 'cubic' })
      .png({ compressionLevel: 1 })
      .toBuffer()
    grainLayers.set(key, layer)
  }
  return layer
}

/** A JPEG of a scene, 1600×1200 unless told otherwise. */
export async function roomPhoto(
  scene: Scene,
  seed: number,
  options: { width?: number; height?: number; grain?: number } = {},
): Promise<Buffer> {
  const r = rng(seed)
  const palette = palettes[seed % palettes.length]!
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${scenes[scene](palette, r)}</svg>`
  const width = options.width ?? W
  const height = options.height ?? H
  const base = sharp(Buffer.from(svg)).resize(width, height, { fit: 'cover' })
  const grain = options.grain ?? 45
  if (!grain) return base.jpeg({ quality: 88 }).toBuffer()
  const noise = await grainLayer(width, height, grain)
  return base
    .composite([{ input: noise, blend: 'soft-light' }])
    .jpeg({ quality: 88 })
    .toBuffer()
}

/** A floor plan: walls, doors and furniture outlines on white, as PNG. */
export async function floorPlan(seed: number): Promise<Buffer> {
  const r = rng(seed + 99)
  const w = 1400
  const h = 1000
  const split1 = 520 + Math.floor(r() * 120)
  const split2 = 380 + Math.floor(r() * 80)
  const wall = (x1: number, y1: number, x2: number, y2: number) =>
    `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="#1f2937" stroke-width="14" stroke-linecap="square"/>`
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
    <rect width="${w}" height="${h}" fill="#ffffff"/>
    <rect x="100" y="100" width="${split1 - 100}" height="${h - 200}" fill="#fdf6e9"/>
    <rect x="${split1}" y="100" width="${w - 100 - split1}" height="${split2}" fill="#eef6fb"/>
    <rect x="${split1}" y="${100 + split2}" width="${w - 100 - split1}" height="${h - 200 - split2}" fill="#f1f7ee"/>
    ${wall(100, 100, w - 100, 100)}${wall(w - 100, 100, w - 100, h - 100)}${wall(w - 100, h - 100, 100, h - 100)}${wall(100, h - 100, 100, 100)}
    ${wall(split1, 100, split1, 100 + split2 - 120)}${wall(split1, 100 + split2, w - 100, 100 + split2)}${wall(split1, 100 + split2 + 110, split1, h - 100)}
    <path d="M ${split1} ${100 + split2 - 120} a 110 110 0 0 1 110 110" stroke="#6b7280" stroke-width="4" fill="none"/>
    <rect x="${split1 + 80}" y="160" width="300" height="220" rx="10" fill="none" stroke="#6b7280" stroke-width="5"/>
    <rect x="160" y="${h - 360}" width="320" height="140" rx="24" fill="none" stroke="#6b7280" stroke-width="5"/>
    <circle cx="320" cy="${h - 520}" r="90" fill="none" stroke="#6b7280" stroke-width="5"/>
    <rect x="${split1 + 60}" y="${h - 260}" width="200" height="120" fill="none" stroke="#6b7280" stroke-width="5"/>
    <rect x="${w - 300}" y="${h - 300}" width="140" height="140" rx="70" fill="none" stroke="#6b7280" stroke-width="5"/>
    <line x1="100" y1="${h - 60}" x2="${w - 100}" y2="${h - 60}" stroke="#9ca3af" stroke-width="3"/>
  </svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}
