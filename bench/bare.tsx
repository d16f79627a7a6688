// The bare page bench/auth.ts measures the session's cost against: no data and no layout of its
// own. It exists only in a build made for the bench (`BENCH_ROUTES=true npm run build`, read by
// app/routes.ts); the product's build has no such route.
export default function BareBenchPage() {
  return <p>Vitrine</p>
}
