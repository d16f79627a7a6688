import { Outlet } from 'react-router'

/** Guest layout: pages anyone may open (sign-in, registration, legal pages, shared posts). */
export default function GuestLayout() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8">
      <Outlet />
    </div>
  )
}
