// Ready-made pt-BR content for templates that are not about one property (the broker's tips,
// commemorative dates, neighbourhood guides, the agency's differentials): the options the
// library's fields offer and the words the offline copywriter draws on for each.
// Each entry has a few wordings so consecutive posts do not read the same.

export type TipContent = {
  title: string
  hooks: string[]
  points: Array<{ title: string; text: string }>
  closing: string
  hashtags: string[]
}

export const TIP_TOPICS: Record<string, TipContent> = {
  documentos: {
    title: 'Documentos para comprar seu imóvel',
    hooks: [
      'Vai comprar um imóvel? Separe estes documentos antes de fechar negócio.',
      'Documentação em dia é meio caminho andado para a compra do seu imóvel.',
      'Quer evitar dor de cabeça na compra do imóvel? Comece pelos documentos.',
    ],
    points: [
      {
        title: 'Matrícula atualizada',
        text: 'Peça no cartório de registro de imóveis: ela mostra o dono e se há dívidas ou penhoras.',
      },
      {
        title: 'Certidões do vendedor',
        text: 'Certidões negativas de débitos e de ações judiciais garantem uma compra segura.',
      },
      { title: 'IPTU e condomínio quitados', text: 'Confira se não há débitos de IPTU nem de condomínio em aberto.' },
      {
        title: 'Seus documentos pessoais',
        text: 'RG, CPF, comprovante de renda e de estado civil agilizam o financiamento.',
      },
    ],
    closing: 'Ficou com dúvida sobre algum documento? Me chame que eu te ajudo em cada etapa.',
    hashtags: ['#documentacao', '#compradeimovel', '#dicadocorretor'],
  },
  financiamento: {
    title: 'Como se preparar para o financiamento',
    hooks: [
      'Pensando em financiar seu imóvel? Veja como chegar preparado ao banco.',
      'Financiamento aprovado começa antes da visita ao banco.',
      'Quer financiar a casa própria sem sustos? Anote estas dicas.',
    ],
    points: [
      { title: 'Organize a entrada', text: 'Em geral os bancos financiam até 80% do valor: planeje os outros 20%.' },
      { title: 'Cuide do seu nome', text: 'Nome limpo e bom histórico de crédito melhoram as condições.' },
      { title: 'Compare as taxas', text: 'Simule em mais de um banco e olhe o custo efetivo total, não só os juros.' },
      { title: 'Parcela que cabe no bolso', text: 'O ideal é que a parcela não passe de 30% da renda familiar.' },
    ],
    closing: 'Quer uma simulação para o seu caso? Chame no direct.',
    hashtags: ['#financiamentoimobiliario', '#casapropria', '#dicadocorretor'],
  },
  fgts: {
    title: 'Como usar o FGTS na compra do imóvel',
    hooks: [
      'Você sabia que dá para usar o FGTS na compra da casa própria?',
      'Seu FGTS pode virar a entrada do seu imóvel. Veja como.',
      'FGTS parado? Ele pode ajudar a realizar o sonho do imóvel próprio.',
    ],
    points: [
      {
        title: 'Quem pode usar',
        text: 'Quem tem pelo menos 3 anos de trabalho com carteira assinada, somando todos os períodos.',
      },
      { title: 'Para que serve', text: 'Entrada, amortização ou quitação do financiamento e até parte das parcelas.' },
      { title: 'Regras do imóvel', text: 'O imóvel deve ser residencial, urbano e para a sua moradia.' },
      { title: 'Sem outro imóvel', text: 'Você não pode ter outro imóvel na mesma cidade onde mora ou trabalha.' },
    ],
    closing: 'Quer saber se você pode usar o seu FGTS? Me mande uma mensagem.',
    hashtags: ['#fgts', '#casapropria', '#dicadocorretor'],
  },
  itbi: {
    title: 'ITBI: o imposto da compra do imóvel',
    hooks: [
      'Na hora de comprar um imóvel, não esqueça de reservar dinheiro para o ITBI.',
      'O preço do imóvel não é o único custo da compra. Conheça o ITBI.',
      'ITBI: o que é e quanto custa? Eu te explico.',
    ],
    points: [
      { title: 'O que é', text: 'É o Imposto sobre Transmissão de Bens Imóveis, cobrado pela prefeitura.' },
      { title: 'Quanto custa', text: 'Na maioria das cidades fica entre 2% e 3% do valor do imóvel.' },
      { title: 'Quando pagar', text: 'Antes da escritura ou do registro do imóvel em seu nome.' },
      { title: 'Some na conta', text: 'Inclua também cartório e registro no seu planejamento.' },
    ],
    closing: 'Quer saber quanto vai gastar com a compra? Faço a conta com você.',
    hashtags: ['#itbi', '#compradeimovel', '#dicadocorretor'],
  },
  vistoria: {
    title: 'O que olhar na vistoria do imóvel',
    hooks: [
      'Vai alugar ou comprar? A vistoria evita surpresas depois.',
      'Antes de pegar as chaves, faça uma boa vistoria. Veja o que conferir.',
      'Vistoria bem feita é tranquilidade na entrega das chaves.',
    ],
    points: [
      { title: 'Parte elétrica', text: 'Teste tomadas, interruptores, chuveiro e o quadro de luz.' },
      { title: 'Parte hidráulica', text: 'Abra torneiras, dê descarga e procure sinais de infiltração.' },
      { title: 'Portas e janelas', text: 'Confira fechaduras, trincos, vidros e vedação.' },
      { title: 'Registre tudo', text: 'Fotografe cada ambiente e anote no laudo o que encontrar.' },
    ],
    closing: 'Precisa de ajuda com a vistoria? Conte comigo.',
    hashtags: ['#vistoria', '#aluguel', '#dicadocorretor'],
  },
  alugar_ou_comprar: {
    title: 'Alugar ou comprar: o que vale mais a pena?',
    hooks: [
      'Alugar ou comprar? A resposta depende do seu momento. Vamos pensar juntos?',
      'A dúvida de muita gente: continuar no aluguel ou comprar o imóvel próprio?',
      'Comprar ou alugar? Veja os pontos que ajudam nessa decisão.',
    ],
    points: [
      { title: 'Estabilidade', text: 'Se você pretende ficar anos na mesma cidade, comprar tende a compensar.' },
      { title: 'Flexibilidade', text: 'O aluguel dá liberdade para mudar de bairro ou de cidade com facilidade.' },
      { title: 'Patrimônio', text: 'A parcela do financiamento vira patrimônio; o aluguel, não.' },
      { title: 'Faça as contas', text: 'Compare o aluguel com a parcela e o custo da entrada investida.' },
    ],
    closing: 'Quer ajuda para fazer essa conta? Me chame no direct.',
    hashtags: ['#alugueloucompra', '#casapropria', '#dicadocorretor'],
  },
  valorizacao: {
    title: 'Como valorizar seu imóvel para vender',
    hooks: [
      'Quer vender mais rápido e pelo melhor preço? Comece por estes cuidados.',
      'Pequenos ajustes fazem o seu imóvel valer mais na hora da venda.',
      'Vai colocar seu imóvel à venda? Veja como deixá-lo mais atraente.',
    ],
    points: [
      { title: 'Pintura nova', text: 'Cores claras e paredes bem cuidadas passam sensação de amplitude.' },
      { title: 'Pequenos reparos', text: 'Torneira pingando e porta rangendo tiram pontos na visita.' },
      { title: 'Menos é mais', text: 'Ambientes organizados ajudam o comprador a se imaginar ali.' },
      { title: 'Boas fotos', text: 'Fotos profissionais com luz natural atraem muito mais contatos.' },
    ],
    closing: 'Quer uma avaliação do seu imóvel? Fale comigo.',
    hashtags: ['#vendaseuimovel', '#avaliacaodeimoveis', '#dicadocorretor'],
  },
  primeiro_imovel: {
    title: 'Primeiro imóvel: por onde começar',
    hooks: [
      'Vai comprar o seu primeiro imóvel? Este passo a passo é para você.',
      'O primeiro imóvel a gente nunca esquece. Comece com o pé direito!',
      'Sonhando com o primeiro imóvel? Veja por onde começar.',
    ],
    points: [
      { title: 'Defina o orçamento', text: 'Saiba quanto você pode dar de entrada e de parcela por mês.' },
      { title: 'Escolha a região', text: 'Pense no trajeto para o trabalho, escolas e comércio por perto.' },
      { title: 'Veja os programas', text: 'Programas como o Minha Casa Minha Vida podem reduzir juros e entrada.' },
      {
        title: 'Conte com um corretor',
        text: 'Um bom corretor encontra opções e cuida da negociação e da documentação.',
      },
    ],
    closing: 'Vamos encontrar o seu primeiro imóvel juntos? Me chame.',
    hashtags: ['#primeiroimovel', '#casapropria', '#dicadocorretor'],
  },
}

export const TIP_TOPIC_OPTIONS = [
  { value: 'documentos', label: 'Documentos para comprar' },
  { value: 'financiamento', label: 'Financiamento' },
  { value: 'fgts', label: 'Uso do FGTS' },
  { value: 'itbi', label: 'ITBI e custos da compra' },
  { value: 'vistoria', label: 'Vistoria do imóvel' },
  { value: 'alugar_ou_comprar', label: 'Alugar ou comprar' },
  { value: 'valorizacao', label: 'Valorizar para vender' },
  { value: 'primeiro_imovel', label: 'Primeiro imóvel' },
  { value: 'outro', label: 'Outro assunto' },
]

export type OccasionContent = {
  title: string
  /** A few greetings; the writer picks one. */
  messages: string[]
  hashtags: string[]
}

export const OCCASIONS: Record<string, OccasionContent> = {
  natal: {
    title: 'Feliz Natal',
    messages: [
      'Que o Natal encha o seu lar de paz, saúde e muito amor. Obrigado por confiar no nosso trabalho este ano!',
      'Neste Natal, desejamos que cada casa seja cheia de alegria e reencontros. Boas festas!',
      'Que a magia do Natal esteja presente em cada cantinho da sua casa. Feliz Natal!',
    ],
    hashtags: ['#feliznatal', '#natal', '#boasfestas'],
  },
  ano_novo: {
    title: 'Feliz Ano Novo',
    messages: [
      'Que o novo ano traga novas conquistas — quem sabe a chave do seu novo lar? Feliz Ano Novo!',
      'Um novo ano começa e, com ele, novos sonhos. Conte com a gente para realizá-los!',
      'Desejamos um ano cheio de saúde, prosperidade e ótimos novos começos.',
    ],
    hashtags: ['#felizanonovo', '#anonovo', '#novosplanos'],
  },
  dia_das_maes: {
    title: 'Feliz Dia das Mães',
    messages: [
      'Mãe é quem transforma qualquer casa em lar. Feliz Dia das Mães!',
      'Para todas as mães que fazem de cada casa um lugar de amor e acolhimento: o nosso carinho.',
      'Hoje celebramos quem é sinônimo de cuidado e de lar. Feliz Dia das Mães!',
    ],
    hashtags: ['#diadasmaes', '#amordemae', '#lar'],
  },
  dia_dos_pais: {
    title: 'Feliz Dia dos Pais',
    messages: [
      'A todos os pais que constroem, dia após dia, um lar cheio de amor: feliz dia!',
      'Pai é porto seguro. Feliz Dia dos Pais a quem faz de casa o melhor lugar do mundo.',
      'Hoje é dia de celebrar quem está sempre ao nosso lado. Feliz Dia dos Pais!',
    ],
    hashtags: ['#diadospais', '#pai', '#familia'],
  },
  dia_do_corretor: {
    title: 'Dia do Corretor de Imóveis',
    messages: [
      '27 de agosto é o Dia do Corretor de Imóveis! Parabéns a quem ajuda tantas famílias a encontrar o lugar certo.',
      'Hoje celebramos a profissão que transforma sonhos em endereços. Feliz Dia do Corretor!',
      'Ser corretor é conectar pessoas aos seus lares. Parabéns a todos os colegas de profissão!',
    ],
    hashtags: ['#diadocorretor', '#corretordeimoveis', '#creci'],
  },
  dia_do_cliente: {
    title: 'Dia do Cliente',
    messages: [
      '15 de setembro é o Dia do Cliente. Obrigado por confiar a nós a busca pelo seu lar!',
      'Cada chave entregue tem uma história, e a sua é a nossa favorita. Feliz Dia do Cliente!',
      'Hoje o dia é de quem faz o nosso trabalho valer a pena: você. Obrigado!',
    ],
    hashtags: ['#diadocliente', '#obrigado', '#corretordeimoveis'],
  },
  pascoa: {
    title: 'Feliz Páscoa',
    messages: [
      'Que a Páscoa renove as esperanças e traga recomeços para você e sua família.',
      'Desejamos uma Páscoa doce, cheia de união e de paz no seu lar.',
      'Páscoa é tempo de renovação. Que a sua seja cheia de alegria!',
    ],
    hashtags: ['#felizpascoa', '#pascoa', '#familia'],
  },
  dia_das_criancas: {
    title: 'Feliz Dia das Crianças',
    messages: [
      'Toda casa fica mais alegre com o riso das crianças. Feliz Dia das Crianças!',
      'Hoje é dia de celebrar quem enche a casa de brincadeiras e alegria!',
      'Que nunca falte espaço para brincar e sonhar. Feliz Dia das Crianças!',
    ],
    hashtags: ['#diadascriancas', '#infancia', '#familia'],
  },
  dia_da_mulher: {
    title: 'Dia Internacional da Mulher',
    messages: [
      'A todas as mulheres que conquistam seu espaço — e o seu lar — todos os dias: nossa homenagem.',
      'Hoje e sempre, celebramos a força e a coragem das mulheres. Feliz Dia da Mulher!',
      'Parabéns às mulheres que constroem histórias, famílias e sonhos.',
    ],
    hashtags: ['#diadamulher', '#8demarco', '#mulheres'],
  },
}

export const OCCASION_OPTIONS = [
  { value: 'natal', label: 'Natal' },
  { value: 'ano_novo', label: 'Ano Novo' },
  { value: 'pascoa', label: 'Páscoa' },
  { value: 'dia_da_mulher', label: 'Dia da Mulher (8/3)' },
  { value: 'dia_das_maes', label: 'Dia das Mães' },
  { value: 'dia_dos_pais', label: 'Dia dos Pais' },
  { value: 'dia_do_corretor', label: 'Dia do Corretor (27/8)' },
  { value: 'dia_do_cliente', label: 'Dia do Cliente (15/9)' },
  { value: 'dia_das_criancas', label: 'Dia das Crianças (12/10)' },
  { value: 'outra', label: 'Outra data' },
]

export const NEIGHBORHOOD_HIGHLIGHTS: Record<
  string,
  { label: string; title: string; text: (place: string) => string }
> = {
  escolas: {
    label: 'Escolas',
    title: 'Escolas por perto',
    text: (place) => `Boas escolas e creches a poucos minutos: a rotina da família fica mais leve em ${place}.`,
  },
  comercio: {
    label: 'Comércio',
    title: 'Tudo à mão',
    text: (place) => `Mercados, farmácias e padarias por perto: em ${place} dá para resolver quase tudo a pé.`,
  },
  transporte: {
    label: 'Transporte',
    title: 'Fácil de chegar e sair',
    text: (place) => `${place} tem boas opções de transporte e acesso rápido às principais vias.`,
  },
  parques: {
    label: 'Parques e áreas verdes',
    title: 'Verde para respirar',
    text: (place) => `Praças e parques para caminhar, correr e levar as crianças e o pet em ${place}.`,
  },
  gastronomia: {
    label: 'Gastronomia',
    title: 'Bons restaurantes',
    text: (place) => `Restaurantes, cafés e bares para todos os gostos: ${place} é ótimo para sair e aproveitar.`,
  },
  saude: {
    label: 'Saúde',
    title: 'Saúde perto de casa',
    text: (place) => `Hospitais, clínicas e laboratórios na região trazem tranquilidade para quem mora em ${place}.`,
  },
  seguranca: {
    label: 'Segurança',
    title: 'Bairro tranquilo',
    text: (place) => `Ruas movimentadas e bem cuidadas fazem de ${place} um lugar tranquilo para viver.`,
  },
}

export const AGENCY_DIFFERENTIALS: Record<string, string> = {
  atendimento: 'Atendimento personalizado do início ao fim',
  documentacao: 'Assessoria completa na documentação',
  financiamento: 'Ajuda para aprovar o financiamento',
  avaliacao: 'Avaliação gratuita do seu imóvel',
  marketing: 'Divulgação profissional com fotos e vídeos',
  administracao: 'Administração de aluguéis sem dor de cabeça',
}

export const LAUNCH_CONDITIONS: Record<string, string> = {
  entrada_facilitada: 'Entrada facilitada',
  parcelas_obra: 'Parcelas durante a obra',
  fgts: 'Use seu FGTS',
  financiamento: 'Financiamento bancário',
  desconto_avista: 'Desconto para pagamento à vista',
}
