// compression() forwards `res.on('drain', …)` to its zlib stream but not `res.off`/`once`'s own
// removal (expressjs/compression#135): each `res.once('drain')` that React Router's stream
// writer waits on (`waitForDrain` in @react-router/node) stayed on the zlib stream until the
// response ended. A long streamed response under backpressure piled them up ("11 drain
// listeners added to [Gzip]"). One listener per response instead, that hands each drain to
// whoever is waiting, and whose waiters `off` can remove. Mounted right after compression().
//
// The methods are set once on the app's response prototype, not on each response: three own
// properties and closures added to every response cost ≈ 1 % of a rendered page's CPU (issue 42),
// and only a response under backpressure ever waits for 'drain'.
import type { NextFunction, Request, Response } from 'express'

type Listener = (...args: unknown[]) => void

/** A response's drain waiters, set on the first wait. */
const WAITERS = Symbol('drainWaiters')
type Waiting = Response & { [WAITERS]?: Set<Listener> }

const installed = new WeakSet<object>()

function install(prototype: Response) {
  const once = prototype.once
  const removeListener = prototype.removeListener
  prototype.once = function (this: Waiting, event: string | symbol, listener: Listener) {
    if (event !== 'drain') return once.call(this, event, listener)
    let waiting = this[WAITERS]
    if (!waiting) {
      const waiters = (waiting = this[WAITERS] = new Set())
      this.on('drain', () => {
        const now = [...waiters]
        waiters.clear()
        for (const waiter of now) waiter()
      })
    }
    waiting.add(listener)
    return this
  } as Response['once']
  prototype.removeListener = prototype.off = function (this: Waiting, event: string | symbol, listener: Listener) {
    if (event === 'drain' && this[WAITERS]?.delete(listener)) return this
    return removeListener.call(this, event, listener)
  } as Response['removeListener']
  installed.add(prototype)
}

export function oneDrainListener(_request: Request, response: Response, next: NextFunction) {
  const prototype = Object.getPrototypeOf(response) as Response
  if (!installed.has(prototype)) install(prototype)
  next()
}
