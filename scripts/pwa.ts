// `npm run build`, after the client build: the installed app's icons and its service worker
// (ADR 255, 256).
// - Icons: drawn as SVG in app/domain/app-install.ts, rasterised here with sharp (192, 512, their
//   maskable versions and the iPhone's 180 px one) into build/client/icones/.
// - Service worker: Workbox's generateSW writes build/client/sw.js. It precaches the built
//   scripts and styles, the offline page and the icon; keeps the site's images as they are seen;
//   and answers a page the network cannot reach with the pt-BR offline page. Pages themselves are
//   never stored: they go to the network every time (a signed-in page is the agent's data), nor
//   is any private file (an account's own photos); sign-out clears what was kept (logout.ts).
import fs from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { generateSW } from 'workbox-build'
import { APP_ICONS, APPLE_TOUCH_ICON, appIconSvg } from '../app/domain/app-install'

const client = path.resolve(process.argv[2] ?? 'build/client')

async function writeIcons() {
  await fs.mkdir(path.join(client, 'icones'), { recursive: true })
  const icons = [
    ...APP_ICONS.map((icon) => ({
      src: icon.src,
      size: Number(icon.sizes.split('x')[0]),
      maskable: icon.purpose === 'maskable',
    })),
    // iOS draws its own rounded corners over a full square.
    { src: APPLE_TOUCH_ICON, size: 180, maskable: true },
  ]
  await Promise.all(
    icons.map(({ src, size, maskable }) =>
      sharp(Buffer.from(appIconSvg({ maskable })))
        .resize(size, size)
        .png({ compressionLevel: 9, palette: true })
        .toFile(path.join(client, src)),
    ),
  )
}

async function writeServiceWorker() {
  const { count, size, warnings } = await generateSW({
    globDirectory: client,
    globPatterns: ['assets/**/*.{js,css}', 'offline.html', 'favicon.svg', 'icones/app-192.png'],
    swDest: path.join(client, 'sw.js'),
    // One file: the page's CSP (a nonce, 'strict-dynamic') would refuse a second script imported
    // by the worker.
    inlineWorkboxRuntime: true,
    sourcemap: false,
    mode: 'production',
    // Hashed names change with their content: no revision needed.
    dontCacheBustURLsMatching: /^assets\//,
    // A new version takes over at once, with no reload: an open form keeps what was typed, and the
    // next page the agent opens is the new version's.
    skipWaiting: true,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    navigationPreload: true,
    runtimeCaching: [
      {
        // Pages: always the network (never kept); without one, the offline page.
        urlPattern: ({ request }) => request.mode === 'navigate',
        handler: 'NetworkOnly',
        options: { precacheFallback: { fallbackURL: 'offline.html' } },
      },
      {
        // The site's images (photos, posts, covers): shown from the phone at once, refreshed
        // behind. Addresses with a query (the brand's live preview) change as they are edited.
        urlPattern: ({ request, url, sameOrigin }) => sameOrigin && request.destination === 'image' && !url.search,
        handler: 'StaleWhileRevalidate',
        options: {
          cacheName: 'imagens',
          expiration: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true },
          cacheableResponse: { statuses: [200] },
          plugins: [
            {
              // An account's own files (Cache-Control: private, the property's photos before they
              // are public) stay out: the phone may be someone else's after sign-out (issue 66).
              cacheWillUpdate: async ({ response }: { response: Response }) =>
                /\b(private|no-store)\b/.test(response.headers.get('Cache-Control') ?? '') ? null : response,
            },
          ],
        },
      },
    ],
  })
  for (const warning of warnings) console.warn(warning)
  console.log(`service worker: ${count} files precached, ${(size / 1024).toFixed(0)} KB`)
}

await writeIcons()
await writeServiceWorker()
