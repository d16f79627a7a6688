import { defineConfig, devices } from '@playwright/test'

// A port of its own per run (workers inherit it through the environment), so that runs on one
// machine do not collide.
// 3659 is on Chromium's list of unsafe ports (net::ERR_UNSAFE_PORT): skip it.
process.env.E2E_PORT ??= String(3100 + (process.pid % 800) === 3659 ? 3660 : 3100 + (process.pid % 800))
const PORT = Number(process.env.E2E_PORT)
const DATA_DIR = process.env.E2E_DATA_DIR ?? `.e2e-data/${PORT}`
export const baseURL = `http://127.0.0.1:${PORT}`
// The built-in auth API's signing key, shared with the tests (tests/e2e/fixtures.ts creates
// users through its admin API).
process.env.E2E_AUTH_JWT_SECRET ??= `e2e-auth-secret-${PORT}-${process.pid}`

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
}

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  // One worker by default: some specs still share the seeded demo account (its post history),
  // which races with two workers. E2E_WORKERS=2 runs them in parallel once every spec makes its
  // own user (issue 11).
  workers: Number(process.env.E2E_WORKERS ?? 1),
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: { baseURL, trace: 'retain-on-failure', locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' },
  projects: [
    { name: 'chromium', use: chromium },
    // Every form must work with JavaScript off: specs tagged @nojs run here too.
    { name: 'no-javascript', use: { ...chromium, javaScriptEnabled: false }, grep: /@nojs/ },
  ],
  webServer: {
    // A fresh embedded database (PGlite) with the demo data, served by the production build.
    command: `rm -rf ${DATA_DIR} && npm run seed --silent && node build/server.js`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      NODE_ENV: 'production',
      INSECURE_COOKIES: 'true',
      LOG_LEVEL: 'warn',
      APP_URL: baseURL,
      RATE_LIMIT_DISABLED: process.env.RATE_LIMIT_DISABLED ?? 'false',
      AUTH_JWT_SECRET: process.env.E2E_AUTH_JWT_SECRET,
      DEV_MAILBOX: 'true',
      // Installs the test template of the conditional-rule table (ADR 031).
      TEST_TEMPLATES: 'true',
    },
    stdout: 'pipe',
    stderr: 'pipe',
  },
})
