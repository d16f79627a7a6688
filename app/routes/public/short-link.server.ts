// The answer of /r/{code} and /l/{code}: a redirect no cache keeps, which sends no referrer on
// (the code would name the post or kit that carried it).
export const shortLinkRedirect = (location: string) =>
  new Response(null, {
    status: 302,
    headers: { Location: location, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' },
  })
