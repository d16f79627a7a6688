// The terms of use's text: the contract between the person and the product.
import { Link } from 'react-router'
import type { LegalFacts } from '~/domain/legal'
import type { LegalSectionEntry } from './legal-document'

export function termsSections(legal: LegalFacts): LegalSectionEntry[] {
  const app = legal.appName
  const contact = (
    <a href={`mailto:${legal.dpo.email}`} className="font-medium text-brand-700 underline">
      {legal.dpo.email}
    </a>
  )
  return [
    {
      id: 'aceitacao',
      title: 'Aceitação',
      body: (
        <p>
          Estes termos regem o uso da {app}. Ao criar uma conta você declara que leu e aceita estes termos e a{' '}
          <Link to="/politica-de-privacidade" className="text-brand-700 underline">
            Política de privacidade
          </Link>
          . Se não concordar, não crie a conta nem use o aplicativo.
        </p>
      ),
    },
    {
      id: 'servico',
      title: 'O que a ' + app + ' oferece',
      body: (
        <>
          <p>
            A {app} é um aplicativo para corretores de imóveis e imobiliárias. Nele você cadastra os seus imóveis, com
            fotos e características, e transforma cada imóvel em posts, carrosséis e legendas prontos para as redes
            sociais, usando modelos e sugestões de texto escritas por inteligência artificial. Você pode baixar os
            posts, agendar a publicação no Instagram e no Facebook e contratar um plano de assinatura.
          </p>
          <p>Os recursos de cada plano e os preços aparecem na página de contratação antes do pagamento.</p>
        </>
      ),
    },
    {
      id: 'conta',
      title: 'Sua conta',
      body: (
        <ul>
          <li>Você precisa ter 18 anos ou mais e capacidade para contratar.</li>
          <li>
            Os dados do cadastro devem ser verdadeiros e atualizados. Você pode corrigi-los em{' '}
            <Link to="/minha-conta/perfil" className="text-brand-700 underline">
              Minha conta
            </Link>
            .
          </li>
          <li>
            A conta é pessoal. Guarde a sua senha em segredo e nos avise se suspeitar de uso indevido; o que for feito
            com a sua senha é de sua responsabilidade até o aviso.
          </li>
        </ul>
      ),
    },
    {
      id: 'planos',
      title: 'Planos, pagamento e cancelamento',
      body: (
        <ul>
          <li>
            O pagamento é feito na página do Stripe, nosso processador de pagamentos. A {app} não recebe nem guarda os
            dados do seu cartão.
          </li>
          <li>
            A assinatura é renovada automaticamente ao fim de cada período (mês, trimestre, semestre ou ano, conforme o
            plano) e cobrada no mesmo cartão, até você cancelar.
          </li>
          <li>
            Você pode cancelar quando quiser pelo portal de assinatura. O cancelamento impede as próximas cobranças; o
            acesso continua até o fim do período já pago.
          </li>
          <li>
            Direito de arrependimento: na primeira contratação, você pode desistir em até 7 dias e receber de volta o
            valor integral (Código de Defesa do Consumidor, art. 49). Basta escrever para {contact}.
          </li>
          <li>
            Se o preço de um plano mudar, avisaremos com pelo menos 30 dias de antecedência, e o novo valor só vale a
            partir da renovação seguinte.
          </li>
        </ul>
      ),
    },
    {
      id: 'conteudo',
      title: 'Seu conteúdo',
      body: (
        <>
          <p>
            Os imóveis, fotos, textos e posts que você cria continuam sendo seus. Para prestar o serviço, você nos
            autoriza, enquanto a conta existir, a guardar, copiar, redimensionar e combinar esse conteúdo nos modelos, a
            enviá-lo aos fornecedores descritos na Política de privacidade (por exemplo, as características do imóvel ao
            provedor de inteligência artificial) e a publicá-lo nas redes sociais quando você mandar ou agendar. Não
            usamos o seu conteúdo para outra finalidade.
          </p>
          <p>Você garante que:</p>
          <ul>
            <li>tem o direito de usar as fotos e os textos que envia, inclusive os de terceiros;</li>
            <li>
              os anúncios são verdadeiros e não enganam o consumidor (preço, área, situação do imóvel) e seguem as
              regras de publicidade do sistema Cofeci-Creci, como a indicação do número de inscrição no Creci;
            </li>
            <li>
              tem autorização para anunciar os imóveis e base legal para tratar os dados de terceiros que cadastrar,
              como proprietários.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'inteligencia-artificial',
      title: 'Textos escritos por inteligência artificial',
      body: (
        <p>
          As legendas e textos sugeridos pela inteligência artificial são um ponto de partida e podem conter erros ou
          informações que não correspondem ao imóvel. Revise cada texto antes de publicar: o que for publicado é de
          responsabilidade de quem publica.
        </p>
      ),
    },
    {
      id: 'redes-sociais',
      title: 'Publicação nas redes sociais',
      body: (
        <p>
          A publicação no Instagram e no Facebook usa a sua conta nessas redes, que você conecta e desconecta quando
          quiser. Ao publicar, você também segue os termos da Meta. Não respondemos por indisponibilidade, limites,
          recusas ou remoções feitas pela Meta; se uma publicação agendada falhar, você verá o aviso no aplicativo e
          poderá tentar de novo.
        </p>
      ),
    },
    {
      id: 'uso-aceitavel',
      title: 'Uso aceitável',
      body: (
        <>
          <p>Não é permitido usar a {app} para:</p>
          <ul>
            <li>anunciar imóveis que você não está autorizado a anunciar, ou imóveis inexistentes;</li>
            <li>publicar conteúdo ilegal, discriminatório, ofensivo ou que viole direitos de outras pessoas;</li>
            <li>enviar spam ou se passar por outra pessoa ou empresa;</li>
            <li>
              tentar acessar dados de outros usuários, sobrecarregar o serviço ou contornar os limites do seu plano.
            </li>
          </ul>
          <p>
            Se isso acontecer, podemos remover o conteúdo e suspender ou encerrar a conta, avisando você e explicando o
            motivo, salvo quando a lei impedir o aviso.
          </p>
        </>
      ),
    },
    {
      id: 'disponibilidade',
      title: 'Disponibilidade e responsabilidade',
      body: (
        <>
          <p>
            Trabalhamos para manter a {app} disponível e segura, mas o serviço pode ficar fora do ar para manutenção ou
            por falhas de fornecedores e da internet. Paradas programadas são avisadas com antecedência sempre que
            possível.
          </p>
          <p>
            Respondemos pelos danos que causarmos, nos termos do Código de Defesa do Consumidor. Não respondemos pelo
            conteúdo que você publica, pelos negócios que você fecha com os seus clientes nem por decisões das redes
            sociais.
          </p>
        </>
      ),
    },
    {
      id: 'encerramento',
      title: 'Encerramento da conta',
      body: (
        <p>
          Você pode encerrar a conta quando quiser, pedindo a exclusão em {contact}. Antes disso, baixe os posts que
          quiser guardar. Os dados são apagados nos prazos da Política de privacidade, exceto os que a lei obriga a
          guardar.
        </p>
      ),
    },
    {
      id: 'alteracoes',
      title: 'Alterações destes termos',
      body: (
        <p>
          Podemos atualizar estes termos para refletir mudanças no serviço ou na lei. Mudanças relevantes serão avisadas
          por e-mail ou no aplicativo com pelo menos 15 dias de antecedência. Se não concordar com a nova versão, você
          pode cancelar a assinatura antes de ela valer.
        </p>
      ),
    },
    {
      id: 'lei-e-foro',
      title: 'Lei aplicável e foro',
      body: (
        <p>
          Estes termos seguem a lei brasileira. Eventuais disputas podem ser levadas ao foro do seu domicílio. Antes
          disso, fale conosco em {contact}: a maioria dos problemas se resolve por ali.
        </p>
      ),
    },
  ]
}
