// The address of database `name` on the Postgres server at `serverUrl` (same host, user and
// options): the test runs' own databases (Vitest's per file, the end-to-end server's).
export function databaseNamed(serverUrl: string, name: string): string {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}
