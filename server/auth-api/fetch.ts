// Routes supabase-js's requests for `${baseUrl}/auth/v1/...` to the in-process handler (no
// socket, no HTTP round trip); anything else goes to the real fetch.
export type Handler = (request: Request) => Promise<Response>

export function createInProcessFetch(baseUrl: string, handler: Handler, fallback: typeof fetch = fetch): typeof fetch {
  const prefix = `${baseUrl.replace(/\/$/, '')}/auth/v1`
  return async (input, init) => {
    const request = new Request(input, init)
    if (request.url === prefix || request.url.startsWith(`${prefix}/`) || request.url.startsWith(`${prefix}?`))
      return handler(request)
    return fallback(request)
  }
}
