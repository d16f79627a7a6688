// /minha-conta/{slug}: the sections of the account under one navigation (the signed-in check is
// the app layout's). Each section is its own route module; an unknown slug is a 404.
import { Outlet } from 'react-router'
import { AccountNav } from '~/components/account/account-nav'

export default function AccountLayout() {
  return (
    <div className="pb-8">
      <div className="mx-auto max-w-3xl px-4 pt-6">
        <p className="text-sm font-semibold text-slate-500">Minha conta</p>
        <AccountNav />
      </div>
      <Outlet />
    </div>
  )
}
