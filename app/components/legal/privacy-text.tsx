// The privacy policy's text. Facts that depend on configuration (who the encarregado is, where
// analytics and AI requests go) arrive in `legal`; everything else describes what the code does.
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { LegalFacts } from '~/domain/legal'
import { CONSENT_CATEGORY_LABELS, CONSENT_COOKIE_NAME } from '~/domain/consent'
import { LegalTable, type LegalSectionEntry } from './legal-document'

function DpoContact({ legal }: { legal: LegalFacts }) {
  return (
    <p>
      Encarregado pelo tratamento de dados pessoais (DPO): <strong>{legal.dpo.name}</strong>, e-mail{' '}
      <a href={`mailto:${legal.dpo.email}`} className="font-medium text-brand-700 underline">
        {legal.dpo.email}
      </a>
      .
    </p>
  )
}

export function privacySections(legal: LegalFacts, cookieForm: ReactNode): LegalSectionEntry[] {
  const app = legal.appName
  return [
    {
      id: 'quem-somos',
      title: 'Quem trata os seus dados e como falar conosco',
      body: (
        <>
          <p>
            A {app} é a controladora dos dados pessoais tratados no aplicativo: é ela quem decide como e para que eles
            são usados. Quando você cadastra no aplicativo dados de outras pessoas (por exemplo, o proprietário de um
            imóvel), você é o controlador desses dados e a {app} os trata em seu nome, apenas para prestar o serviço.
          </p>
          <DpoContact legal={legal} />
          <p>
            Use esse e-mail para qualquer pedido ou dúvida sobre privacidade, inclusive para exercer os direitos
            descritos na seção{' '}
            <a href="#direitos" className="text-brand-700 underline">
              Seus direitos
            </a>
            .
          </p>
        </>
      ),
    },
    {
      id: 'dados',
      title: 'Quais dados guardamos, para quê e por quanto tempo',
      body: (
        <>
          <p>
            Guardamos apenas o necessário para o aplicativo funcionar. A tabela mostra cada grupo de dados, a
            finalidade, a base legal da LGPD (art. 7º) e o prazo de guarda.
          </p>
          <LegalTable
            head={['Dados', 'O que inclui', 'Para quê (base legal)', 'Por quanto tempo']}
            rows={[
              [
                'Conta',
                'Nome completo, e-mail, telefone, senha (guardada só como resumo criptográfico bcrypt, nunca em texto), papel (usuário ou administrador), fatores de verificação em duas etapas e, no login com Google, o nome e o e-mail que o Google nos envia.',
                'Criar e manter a sua conta, confirmar que é você ao entrar e enviar avisos sobre a conta (execução de contrato, art. 7º, V).',
                'Enquanto a conta existir. Após a exclusão, apagados em até 30 dias, inclusive das cópias de segurança.',
              ],
              [
                'Imóveis',
                'O que você cadastra: endereço, CEP, coordenadas, preço, características, descrição e demais campos do imóvel.',
                'Mostrar os seus imóveis e gerar posts a partir deles (execução de contrato, art. 7º, V).',
                'Até você apagar o imóvel ou a conta; depois, em até 30 dias.',
              ],
              [
                'Fotos',
                'As imagens e plantas que você envia. Ao receber, removemos os metadados gravados pela câmera (como o local da foto) e guardamos a imagem em tamanho reduzido e em versões menores para as páginas.',
                'Montar os posts, carrosséis e media kits (execução de contrato, art. 7º, V).',
                'Até você apagar a foto, o imóvel ou a conta; depois, em até 30 dias.',
              ],
              [
                'Posts gerados',
                'Imagens, carrosséis, legendas, textos pedidos à inteligência artificial, modelos usados e agendamentos de publicação.',
                'Guardar o seu histórico, permitir baixar, editar e publicar os posts (execução de contrato, art. 7º, V).',
                'Até você apagar o post ou a conta; depois, em até 30 dias.',
              ],
              [
                'Integrações',
                'Identificadores e chaves de acesso das contas do Instagram e do Facebook que você conectar.',
                'Publicar, na data que você escolher, os posts que você agendar (execução de contrato, art. 7º, V).',
                'Até você desconectar a integração ou apagar a conta.',
              ],
              [
                'Pagamento e dados fiscais',
                'Plano, situação e período da assinatura, valores cobrados, identificadores de cliente e de assinatura no Stripe e os dados fiscais que você informar (CPF ou CNPJ, nome e endereço). Os dados do cartão são digitados na página do Stripe e ficam só com o Stripe: a ' +
                  app +
                  ' nunca os recebe.',
                'Cobrar a assinatura e emitir documentos fiscais (execução de contrato, art. 7º, V; obrigação legal, art. 7º, II).',
                'Enquanto a assinatura existir e, depois, pelo prazo da legislação tributária (5 anos).',
              ],
              [
                'Contatos recebidos (leads)',
                'Quando alguém pede contato pela página pública de um imóvel: nome, telefone, mensagem, o imóvel, a data do consentimento e o status e a observação que o corretor anota. Nas páginas públicas contamos visitas e cliques nos botões de WhatsApp e telefone sem guardar quem clicou (nem IP, nem cookie).',
                'Levar o pedido de contato ao corretor responsável pelo imóvel (consentimento de quem envia, art. 7º, I). O corretor é o controlador desses dados; a ' +
                  app +
                  ' os trata em nome dele. Nunca são mostrados a outra imobiliária.',
                'Até o corretor apagar a conta; depois, em até 30 dias. Entram na exportação dos dados da conta.',
              ],
              [
                'Registros de acesso',
                'Endereço IP, navegador, data e hora de cada entrada na conta e de cada renovação da sessão.',
                'Cumprir o Marco Civil da Internet (Lei nº 12.965/2014, art. 15) e proteger as contas contra abusos (obrigação legal, art. 7º, II; legítimo interesse, art. 7º, IX).',
                '6 meses, ou mais se uma autoridade pedir formalmente.',
              ],
              [
                'Uso do aplicativo',
                'Só com a sua permissão: páginas visitadas, recursos usados, tipo de aparelho e, se você estiver conectado, o seu identificador e e-mail. Não gravamos o que você digita nem as mensagens do console.',
                'Entender como o aplicativo é usado para melhorá-lo (consentimento, art. 7º, I).',
                'Até 12 meses, ou até você retirar a permissão.',
              ],
            ]}
          />
          <p>
            Não usamos os seus dados para decisões tomadas unicamente por máquinas que afetem os seus interesses. A
            inteligência artificial só escreve sugestões de texto para os seus posts, que você revisa antes de publicar.
          </p>
        </>
      ),
    },
    {
      id: 'compartilhamento',
      title: 'Com quem compartilhamos',
      body: (
        <>
          <p>
            Não vendemos nem alugamos dados pessoais. Para o aplicativo funcionar, alguns fornecedores (operadores, na
            LGPD) tratam dados em nosso nome, só para as finalidades abaixo e sob contrato que os obriga a protegê-los:
          </p>
          <LegalTable
            head={['Fornecedor', 'O que faz', 'Dados que recebe']}
            rows={[
              [
                'Supabase',
                'Autenticação, banco de dados e armazenamento de arquivos.',
                'Dados da conta, imóveis, fotos, posts, integrações e assinatura.',
              ],
              [
                'Stripe',
                'Pagamentos: página de pagamento, cobrança recorrente e portal de assinatura.',
                'Nome, e-mail, dados do cartão (digitados direto no Stripe), plano e valores.',
              ],
              [
                'PostHog',
                `Análise de uso, só se você permitir (servidores em ${legal.analyticsHost}).`,
                'Páginas visitadas, eventos de uso e, se você estiver conectado, identificador e e-mail.',
              ],
              [
                'Provedor de inteligência artificial',
                legal.aiHost
                  ? `Escreve sugestões de legenda e texto para os posts (serviço em ${legal.aiHost}).`
                  : 'Escreve sugestões de legenda e texto para os posts. Nesta instalação, os textos são escritos nos nossos próprios servidores e nada é enviado a terceiros.',
                'Características do imóvel, o pedido de texto e, quando o modelo assina o post, o seu nome, telefone ou e-mail de contato. Nunca enviamos a sua senha nem dados de pagamento.',
              ],
              [
                'Meta (Instagram e Facebook)',
                'Publica os posts nas contas que você conectar, quando você mandar ou agendar.',
                'As imagens e legendas publicadas. Depois de publicado, o conteúdo segue também a política de privacidade da Meta.',
              ],
              [
                'Google',
                'Login com Google (se você escolher), mapas e busca de endereços, e o Google Tag Manager (só se você permitir marketing).',
                'No login, o que você autorizar na tela do Google; nos mapas, o endereço pesquisado.',
              ],
              [
                'Serviço de e-mail',
                'Entrega os e-mails da conta (confirmação, recuperação de senha, avisos).',
                'Nome, e-mail e o conteúdo da mensagem.',
              ],
            ]}
          />
          <p>
            Também podemos fornecer dados a autoridades públicas quando a lei ou uma ordem judicial exigir, sempre no
            limite do que for pedido.
          </p>
        </>
      ),
    },
    {
      id: 'transferencia-internacional',
      title: 'Transferência internacional',
      body: (
        <p>
          Supabase, Stripe, PostHog, Meta, Google e o provedor de inteligência artificial podem guardar ou processar
          dados fora do Brasil, principalmente nos Estados Unidos. Essas transferências seguem o art. 33 da LGPD e se
          apoiam em cláusulas contratuais de proteção de dados (como as cláusulas-padrão aprovadas pela ANPD) ou em
          outro mecanismo que a lei admite, garantindo um nível de proteção compatível com o exigido no Brasil.
        </p>
      ),
    },
    {
      id: 'cookies',
      title: 'Cookies e a sua escolha',
      body: (
        <>
          <p>
            Cookies são pequenos arquivos que o site guarda no seu navegador. Antes da sua escolha, só os necessários
            são usados. Você pode mudar de ideia a qualquer momento, aqui ou pelo link “Preferências de cookies” no
            rodapé de todas as páginas. Retirar a permissão é tão fácil quanto dá-la e não afeta o que foi feito antes.
          </p>
          <LegalTable
            head={['Categoria', 'Para quê', 'Cookies']}
            rows={[
              [
                CONSENT_CATEGORY_LABELS.necessary.title,
                CONSENT_CATEGORY_LABELS.necessary.description,
                <>
                  sessão de login (<code>sb-…-auth-token</code>), avisos entre páginas e a sua escolha de cookies (
                  <code>{CONSENT_COOKIE_NAME}</code>, guardada por 6 meses)
                </>,
              ],
              [
                CONSENT_CATEGORY_LABELS.analytics.title,
                CONSENT_CATEGORY_LABELS.analytics.description,
                <>
                  <code>ph_…_posthog</code> (PostHog), até 12 meses
                </>,
              ],
              [
                CONSENT_CATEGORY_LABELS.marketing.title,
                CONSENT_CATEGORY_LABELS.marketing.description,
                'os definidos pelas etiquetas carregadas pelo Google Tag Manager (por exemplo, _ga e _gcl_au), até 13 meses',
              ],
            ]}
          />
          {cookieForm}
          <p>
            Recusar análise e marketing não muda nada no funcionamento do aplicativo. Após 6 meses, ou se esta política
            mudar o que cada categoria cobre, pediremos a sua escolha de novo.
          </p>
        </>
      ),
    },
    {
      id: 'direitos',
      title: 'Seus direitos (LGPD, art. 18)',
      body: (
        <>
          <p>Como titular dos dados, você pode pedir a qualquer momento, sem custo:</p>
          <ol>
            <li>a confirmação de que tratamos dados seus;</li>
            <li>o acesso aos seus dados;</li>
            <li>a correção de dados incompletos, inexatos ou desatualizados;</li>
            <li>
              a anonimização, o bloqueio ou a eliminação de dados desnecessários, excessivos ou tratados em desacordo
              com a LGPD;
            </li>
            <li>a portabilidade dos seus dados a outro fornecedor, em formato estruturado e de uso comum;</li>
            <li>
              a eliminação dos dados tratados com o seu consentimento, exceto quando a lei nos obrigar a guardá-los
              (art. 16);
            </li>
            <li>a informação sobre as entidades públicas e privadas com as quais compartilhamos os seus dados;</li>
            <li>a informação sobre a possibilidade de não dar consentimento e sobre as consequências da recusa;</li>
            <li>a revogação do consentimento.</li>
          </ol>
          <p>
            Você também pode se opor a um tratamento feito com base em outra hipótese legal se ele descumprir a LGPD, e
            pedir a revisão de decisões tomadas unicamente com base em tratamento automatizado (art. 20).
          </p>
          <p>
            <strong>Como exercer:</strong> escreva para{' '}
            <a href={`mailto:${legal.dpo.email}`} className="font-medium text-brand-700 underline">
              {legal.dpo.email}
            </a>{' '}
            a partir do e-mail da sua conta, dizendo o que deseja. Se o pedido vier de outro endereço, poderemos pedir
            uma confirmação de identidade, apenas para não entregar seus dados a outra pessoa. A confirmação de
            existência e o acesso em formato simplificado são respondidos de imediato; a declaração completa, em até 15
            dias (art. 19). Muitos pedidos você resolve sozinho: seus dados de cadastro ficam em{' '}
            <Link to="/minha-conta/perfil" className="text-brand-700 underline">
              Minha conta
            </Link>
            , seus imóveis e posts podem ser editados ou apagados nas próprias páginas, e a permissão de cookies muda na
            seção{' '}
            <a href="#cookies" className="text-brand-700 underline">
              Cookies
            </a>
            .
          </p>
          <p>
            Se achar que não atendemos bem o seu pedido, você pode reclamar à Autoridade Nacional de Proteção de Dados
            (ANPD), em gov.br/anpd, ou a um órgão de defesa do consumidor.
          </p>
        </>
      ),
    },
    {
      id: 'seguranca',
      title: 'Segurança',
      body: (
        <p>
          Os dados trafegam criptografados (HTTPS). Senhas são guardadas apenas como resumo criptográfico. Cada registro
          é ligado à conta de quem o criou, e o aplicativo só o mostra a essa conta. O acesso da equipe aos sistemas é
          restrito a quem precisa dele para manter o serviço. Se acontecer um incidente de segurança que possa causar
          risco ou dano relevante a você, avisaremos você e a ANPD, como manda o art. 48 da LGPD.
        </p>
      ),
    },
    {
      id: 'menores',
      title: 'Crianças e adolescentes',
      body: (
        <p>
          A {app} é uma ferramenta profissional para corretores de imóveis e imobiliárias e não se destina a menores de
          18 anos. Não coletamos, de propósito, dados de crianças e adolescentes.
        </p>
      ),
    },
    {
      id: 'alteracoes',
      title: 'Alterações desta política',
      body: (
        <>
          <p>
            Quando esta política mudar de forma relevante, avisaremos por e-mail ou no aplicativo antes de a mudança
            valer. A data da última atualização fica no topo da página. Leia também os{' '}
            <Link to="/termos-de-uso" className="text-brand-700 underline">
              Termos de uso
            </Link>
            .
          </p>
          <DpoContact legal={legal} />
        </>
      ),
    },
  ]
}
