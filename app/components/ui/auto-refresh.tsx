// For a page whose data is still being made in the background (a post generating, a feed's
// photos downloading): with JavaScript the loaders run again every `everyMs`; without it the page
// asks again by itself (a meta refresh every `seconds`, inside <noscript> so that a page with
// JavaScript is not reloaded as well). Render it only while the work goes on.
import { useEffect } from 'react'
import { useRevalidator } from 'react-router'

export function AutoRefresh({ everyMs = 2000, seconds = 3 }: { everyMs?: number; seconds?: number }) {
  const revalidator = useRevalidator()
  useEffect(() => {
    const timer = setInterval(() => revalidator.revalidate(), everyMs)
    return () => clearInterval(timer)
  }, [revalidator, everyMs])
  return (
    <noscript>
      <meta httpEquiv="refresh" content={String(seconds)} />
    </noscript>
  )
}
