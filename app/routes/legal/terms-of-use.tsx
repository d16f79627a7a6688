// /termos-de-uso (guest layout): the terms of use.
import type { Route } from './+types/terms-of-use'
import { envContext } from '~/context'
import { legalFacts } from '~/domain/legal'
import { pageTitle } from '~/utils/meta'
import { LegalDocument } from '~/components/legal/legal-document'
import { termsSections } from '~/components/legal/terms-text'
import { SAME_FOR_EVERY_GUEST } from '~/utils/guest-page'

export function loader({ context }: Route.LoaderArgs) {
  return { legal: legalFacts(context.get(envContext)) }
}

export const handle = SAME_FOR_EVERY_GUEST

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Termos de uso', matches)

export default function TermsOfUse({ loaderData }: Route.ComponentProps) {
  const { legal } = loaderData
  return (
    <LegalDocument
      title="Termos de uso"
      updatedAt={legal.updatedAt}
      intro={
        <p>
          Estes são os termos de uso da {legal.appName}. Eles explicam o que o serviço oferece, o que esperamos de você
          e o que você pode esperar de nós.
        </p>
      }
      sections={termsSections(legal)}
    />
  )
}
