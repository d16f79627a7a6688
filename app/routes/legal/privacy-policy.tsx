// /politica-de-privacidade (guest layout): the privacy policy (LGPD arts. 9, 18, 41) and the
// place where the visitor reviews or changes the cookie choice, with or without JavaScript.
import { useRouteLoaderData } from 'react-router'
import type { Route } from './+types/privacy-policy'
import { envContext } from '~/context'
import { legalFacts } from '~/domain/legal'
import { pageTitle } from '~/utils/meta'
import { ConsentPreferencesForm } from '~/components/consent/consent-form'
import { LegalDocument } from '~/components/legal/legal-document'
import { privacySections } from '~/components/legal/privacy-text'
import type { ConsentState } from '~/domain/consent'
import { SAME_FOR_EVERY_GUEST } from '~/utils/guest-page'

export function loader({ context }: Route.LoaderArgs) {
  return { legal: legalFacts(context.get(envContext)) }
}

export const handle = SAME_FOR_EVERY_GUEST

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Política de privacidade', matches)

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  const { legal } = loaderData
  const root = useRouteLoaderData('root') as { consent?: ConsentState } | undefined
  return (
    <LegalDocument
      title="Política de privacidade"
      updatedAt={legal.updatedAt}
      intro={
        <>
          <p>
            Esta política explica quais dados pessoais a {legal.appName} guarda quando você usa o aplicativo, para que
            servem, por quanto tempo ficam guardados, com quem são compartilhados e como você exerce os seus direitos
            previstos na Lei Geral de Proteção de Dados Pessoais (Lei nº 13.709/2018, a LGPD).
          </p>
          <p>
            Em resumo: usamos os seus dados para prestar o serviço que você contratou, não vendemos dados a ninguém, e
            só usamos cookies de análise e de marketing se você permitir.
          </p>
        </>
      }
      sections={privacySections(
        legal,
        <ConsentPreferencesForm consent={root?.consent ?? null} redirectTo="/politica-de-privacidade#cookies" />,
      )}
    />
  )
}
