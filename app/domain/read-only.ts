// The read-only notice on its own (ADR 306): the root's banner shows it on every page, so it
// must not bring the team rules (zod, the plans) into every page's JavaScript.

/** What a member beyond the seats reads on every page and in every refusal. */
export const READ_ONLY_MESSAGE =
  'Sua conta está somente para leitura: o plano da imobiliária tem menos usuários que a equipe, e o dono da conta não incluiu você entre quem continua com acesso. Você pode ver tudo, mas não pode criar nem editar. Fale com o dono da conta.'
