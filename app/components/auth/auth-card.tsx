// The frame of the auth pages (sign in, registration, passwords, second step).
import type { ReactNode } from 'react'
import { Card } from '~/components/ui/card'

export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <Card padding="lg" className="mx-auto w-full max-w-md">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {intro ? <div className="mt-2 text-sm text-slate-600">{intro}</div> : null}
      <div className="mt-6">{children}</div>
    </Card>
  )
}
