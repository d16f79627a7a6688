// The JavaScript each public route loads up front, gzip-compressed.
// Run: npm run build && npx tsx bench/js-size.ts
import { kb, pageJavaScript, startServer } from './lib'

const routes = ['/login', '/registrar', '/esqueci-a-senha', '/termos-de-uso', '/politica-de-privacidade']
const server = await startServer()
try {
  for (const route of routes) {
    const js = await pageJavaScript(server.url + route)
    console.log(
      `${route.padEnd(28)} ${String(js.files).padStart(2)} files  ${kb(js.raw).padStart(9)} raw  ${kb(js.gzip).padStart(9)} gzip`,
    )
  }
} finally {
  await server.stop()
}
