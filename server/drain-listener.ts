// compression() forwards `res.on('drain', …)` to its zlib stream but not `res.off`/`once`'s own
// removal (expressjs/compression#135): each `res.once('drain')` that React Router's stream
// writer waits on (`waitForDrain` in @react-router/node) stayed on the zlib stream until the
// response ended. A long streamed response under backpressure piled them up ("11 drain
// listeners added to [Gzip]"). One listener per response instead, that hands each drain to
// whoever is waiting, and whose waiters `off` can remove. Mounted right after compression().
import type { NextFunction, Request, Response } from 'express'

type Listener = (...args: unknown[]) => void

export function oneDrainListener(_request: Request, response: Response, next: NextFunction) {
  const waiting = new Set<Listener>()
  let listening = false
  const once = response.once
  const removeListener = response.removeListener

  response.once = function (event: string | symbol, listener: Listener) {
    if (event !== 'drain') return once.call(response, event, listener)
    if (!listening) {
      listening = true
      response.on('drain', () => {
        const now = [...waiting]
        waiting.clear()
        for (const waiter of now) waiter()
      })
    }
    waiting.add(listener)
    return response
  } as Response['once']
  response.removeListener = response.off = function (event: string | symbol, listener: Listener) {
    if (event === 'drain' && waiting.delete(listener)) return response
    return removeListener.call(response, event, listener)
  } as Response['removeListener']
  next()
}
