import { defineConfig, devices } from '@playwright/test'
import { databaseNamed } from './tests/support/database-url'

// A port of its own per run (workers inherit it through the environment), so that runs on one
// machine do not collide.
// 3659 is on Chromium's list of unsafe ports (net::ERR_UNSAFE_PORT): skip it.
process.env.E2E_PORT ??= String(3100 + (process.pid % 800) === 3659 ? 3660 : 3100 + (process.pid % 800))
const PORT = Number(process.env.E2E_PORT)
const DATA_DIR = process.env.E2E_DATA_DIR ?? `.e2e-data/${PORT}`
export const baseURL = `http://127.0.0.1:${PORT}`
// With a Postgres server on the machine (TEST_DATABASE_URL: CI and the developers' machines), the
// shared server runs on a database of its own there: the production backend, and the suite's
// queries native instead of in WASM on the server's one thread (ADR 204). Without one, PGlite. The
// second servers (support/app-server.ts) keep the embedded default either way.
const DATABASE_URL = process.env.TEST_DATABASE_URL
  ? databaseNamed(process.env.TEST_DATABASE_URL, `vitrine_e2e_${PORT}`)
  : undefined
// The shared server's log (ADR 146): the auto fixture in tests/e2e/fixtures.ts fails a test on
// an error line the test did not expect.
process.env.E2E_SERVER_LOG ??= `${process.cwd()}/.e2e-data/server-${PORT}.log`
// The built-in auth API's signing key, shared with the tests (tests/e2e/fixtures.ts creates
// users through its admin API).
process.env.E2E_AUTH_JWT_SECRET ??= `e2e-auth-secret-${PORT}-${process.pid}`

// A failed test keeps its trace (every action with its timing, the console, the network) and a
// screenshot of how the page ended. Neither DOM snapshots after every step nor a screencast: on
// every passing test they cost 7 % and more of the suite's time (ADR 195, 200).
// E2E_TRACE_SNAPSHOTS=1 and E2E_TRACE_SCREENSHOTS=1 record them while a failure is chased.
const trace = {
  mode: 'retain-on-failure',
  snapshots: !!process.env.E2E_TRACE_SNAPSHOTS,
  screenshots: !!process.env.E2E_TRACE_SCREENSHOTS,
} as const

// Debian's old headless shell (package chromium-headless-shell): the same Blink and V8 without the
// browser's UI and compositor: the same tests in about 40 % less time than the full browser (ADR 198).
// CHROMIUM_PATH runs the tests in another Chromium (the full one: /usr/bin/chromium).
const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // A test's page lives seconds and runs its code a few times: V8's optimising compilers
      // (Maglev, TurboFan) spent the renderers' CPU on code that was gone before it paid off. The
      // baseline compiler only: 10–15 % less renderer CPU on the same tests (ADR 205).
      '--js-flags=--max-opt=1',
    ],
  },
}

export default defineConfig({
  testDir: 'tests/e2e',
  // Tests, not files, are shared out: every test makes its own user (tests/e2e/fixtures.ts), so
  // they share nothing but the server, and a long file no longer keeps one worker busy at the end
  // while the other waits (ADR 200). Two workers by default (two cores); E2E_WORKERS overrides.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  // No service worker but in the specs of the installed app (pwa.spec.ts): a worker kept from one
  // test to the next would answer requests that later tests route or count themselves.
  use: {
    baseURL,
    trace,
    screenshot: 'only-on-failure',
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    serviceWorkers: 'block',
  },
  projects: [
    // Specs tagged @nojs-only are about JavaScript being off (or make one costly thing, like a
    // video, once per run): they run in the no-JavaScript project alone.
    { name: 'chromium', use: chromium, grepInvert: /@nojs-only/ },
    // Every form must work with JavaScript off: specs tagged @nojs run here too.
    { name: 'no-javascript', use: { ...chromium, javaScriptEnabled: false }, grep: /@nojs/ },
  ],
  webServer: {
    // A fresh database (PGlite, or Postgres when the machine has one) with the seed's accounts and
    // template library, served by the production build. No test uses the demo properties (each
    // makes its own agent and property), so the seed leaves them out (ADR 205).
    command: `rm -rf ${DATA_DIR} && mkdir -p .e2e-data && : > ${process.env.E2E_SERVER_LOG} && ${DATABASE_URL ? `node tests/e2e/support/fresh-database.mjs ${DATABASE_URL} && ` : ''}npm run seed --silent -- --without-demo-homes && ${process.env.E2E_NODE ?? 'node'} build/server.js 2>&1 | tee -a ${process.env.E2E_SERVER_LOG}`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      // A hosted database keeps no key beside the data: the environment gives them (ADR 305).
      ...(DATABASE_URL
        ? {
            DATABASE_URL,
            SESSION_SECRET: `e2e-session-secret-${PORT}-${process.pid}`,
            TOKEN_ENCRYPTION_KEY: `e2e-sealing-key-${PORT}-${process.pid}`,
          }
        : {}),
      NODE_ENV: 'production',
      INSECURE_COOKIES: 'true',
      LOG_LEVEL: 'warn',
      APP_URL: baseURL,
      RATE_LIMIT_DISABLED: process.env.RATE_LIMIT_DISABLED ?? 'false',
      // bcrypt at its minimum cost: every test makes an account and signs in (ADR 204).
      AUTH_PASSWORD_HASH_COST: '4',
      AUTH_JWT_SECRET: process.env.E2E_AUTH_JWT_SECRET,
      DEV_MAILBOX: 'true',
      // The seed refuses the README's admin password in production unless it is given by name.
      SEED_ADMIN_PASSWORD: 'vitrine-admin',
      // Installs the test template of the conditional-rule table (ADR 031).
      TEST_TEMPLATES: 'true',
      // No test reaches the internet: a CEP lookup outside tests/e2e/homes-services.spec.ts (which
      // starts its own ViaCEP) is refused at once, and the agent types the address.
      VIACEP_URL: 'http://127.0.0.1:9/ws',
    },
    stdout: 'pipe',
    stderr: 'pipe',
  },
})
