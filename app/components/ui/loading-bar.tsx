// Top loading bar, with the product's timings: 2000 ms towards the end, shown only after a 200 ms throttle,
// hidden 500 ms after the navigation ends and reset 400 ms later; 3 px high. CSS does the motion.
import { useEffect, useState } from 'react'
import { useNavigation } from 'react-router'

export const LOADING_BAR = {
  duration: 2000,
  throttle: 200,
  hideDelay: 500,
  resetDelay: 400,
  height: 3,
} as const

type Phase = 'idle' | 'loading' | 'done' | 'hidden'

export function LoadingBar() {
  const busy = useNavigation().state !== 'idle'
  const [phase, setPhase] = useState<Phase>('idle')

  useEffect(() => {
    if (busy) {
      const timer = setTimeout(() => setPhase('loading'), LOADING_BAR.throttle)
      return () => clearTimeout(timer)
    }
    setPhase((current) => (current === 'loading' ? 'done' : current))
  }, [busy])

  useEffect(() => {
    if (phase === 'done') {
      const timer = setTimeout(() => setPhase('hidden'), LOADING_BAR.hideDelay)
      return () => clearTimeout(timer)
    }
    if (phase === 'hidden') {
      const timer = setTimeout(() => setPhase('idle'), LOADING_BAR.resetDelay)
      return () => clearTimeout(timer)
    }
  }, [phase])

  const width = { idle: '0%', loading: '90%', done: '100%', hidden: '100%' }[phase]
  const transition =
    phase === 'loading'
      ? `width ${LOADING_BAR.duration}ms cubic-bezier(0.1, 0.6, 0.3, 1)`
      : phase === 'idle'
        ? 'none'
        : `width 200ms ease-out, opacity ${LOADING_BAR.hideDelay}ms ease-in`
  return (
    <div
      aria-hidden
      data-phase={phase}
      className="fixed inset-x-0 top-0 z-50 bg-brand-600"
      style={{
        height: LOADING_BAR.height,
        width,
        transition,
        opacity: phase === 'hidden' || phase === 'idle' ? 0 : 1,
      }}
    />
  )
}
