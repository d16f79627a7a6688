import { redirect } from 'react-router'

/** /minha-conta: the profile is the first section. */
export function loader() {
  return redirect('/minha-conta/perfil')
}
