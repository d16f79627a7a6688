// The auth service's English messages in pt-BR, as the product words them. The same table serves the built-in
// API and a hosted Supabase, which answer with the same messages and codes. Unknown messages
// are shown as they are.

/** Keyed by the service's message, compared without a trailing period. */
const byMessage: Record<string, string> = {
  // The metadata's bounds (server/auth-api/core.ts, METADATA_LIMITS).
  'User metadata must be a JSON object': 'Os dados do perfil são inválidos.',
  'User metadata can have at most 20 keys': 'Os dados do perfil têm campos demais (no máximo 20).',
  'User metadata keys can have at most 64 characters':
    'O nome de um campo do perfil é longo demais (no máximo 64 caracteres).',
  'User metadata values can have at most 500 characters':
    'Um campo do perfil é longo demais (no máximo 500 caracteres).',
  'User metadata can nest at most 3 levels': 'Os dados do perfil são inválidos.',
  'User metadata can have at most 2048 bytes': 'Os dados do perfil são grandes demais.',
  'User metadata cannot contain control characters':
    'Os dados do perfil não podem ter quebras de linha nem caracteres de controle.',
  'To signup, please provide your email': 'Informe seu e-mail para criar a conta.',
  'Signup requires a valid password': 'Informe uma senha válida para criar a conta.',
  'User already registered': 'Já existe um usuário com este email',
  'A user with this email address has already been registered': 'Já existe um usuário com este email',
  'Only an email address or phone number should be provided on signup':
    'Informe apenas um e-mail ou um telefone para criar a conta.',
  'Signups not allowed for this instance': 'Novos cadastros não estão disponíveis no momento.',
  'Email signups are disabled': 'O cadastro por e-mail está desativado.',
  'Email link is invalid or has expired': 'O link do e-mail é inválido ou expirou.',
  'Token has expired or is invalid': 'O código é inválido ou expirou.',
  'The new email address provided is invalid': 'O novo e-mail informado é inválido.',
  'Unable to validate email address: invalid format': 'E-mail inválido',
  'Password should be at least 6 characters': 'A senha deve ter pelo menos 6 caracteres.',
  'Invalid login credentials': 'Usuário ou senha inválidos',
  'Email not confirmed': 'Confirme seu e-mail para fazer login',
  'You must provide either an email or phone number and a password': 'Informe um e-mail ou telefone e uma senha.',
  'You must provide either an email or phone number': 'Informe um e-mail ou telefone.',
  'New password should be different from the old password': 'A nova senha deve ser diferente da senha atual.',
  'Invalid TOTP code entered': 'Código inválido. Confira o aplicativo autenticador e tente de novo.',
  'User is banned': 'Esta conta está bloqueada. Fale com o suporte.',
  'Auth session missing!': 'Sua sessão expirou. Entre novamente.',
  'Invalid Refresh Token: Already Used': 'Sua sessão expirou. Entre novamente.',
  'Invalid Refresh Token: Refresh Token Not Found': 'Sua sessão expirou. Entre novamente.',
  'Password cannot be longer than 72 characters': 'A senha pode ter no máximo 72 caracteres.',
  'Signups not allowed for otp': 'Não encontramos uma conta com este e-mail.',
  'Nonce has expired or is invalid': 'O código de confirmação é inválido ou expirou.',
  'Password update requires reauthentication': 'Confirme o código enviado ao seu e-mail para trocar a senha.',
  'Anonymous sign-ins are disabled': 'O teste sem cadastro não está disponível no momento.',
  'Unsupported provider: provider is not enabled': 'Este tipo de login não está disponível.',
  'User must have at least 1 identity after unlinking': 'A conta precisa de pelo menos uma forma de entrar.',
  'Updating password of an anonymous user without an email or phone is not allowed':
    'Informe um e-mail para salvar a senha.',
}

/** Keyed by error code, for messages a hosted Supabase words differently. */
const byCode: Record<string, string> = {
  invalid_credentials: 'Usuário ou senha inválidos',
  user_already_exists: 'Já existe um usuário com este email',
  email_exists: 'Já existe um usuário com este email',
  email_not_confirmed: 'Confirme seu e-mail para fazer login',
  otp_expired: 'O link do e-mail é inválido ou expirou.',
  signup_disabled: 'Novos cadastros não estão disponíveis no momento.',
  email_provider_disabled: 'O cadastro por e-mail está desativado.',
  email_address_invalid: 'E-mail inválido',
  same_password: 'A nova senha deve ser diferente da senha atual.',
  mfa_verification_failed: 'Código inválido. Confira o aplicativo autenticador e tente de novo.',
  mfa_challenge_expired: 'O código expirou. Tente de novo.',
  insufficient_aal: 'Confirme o código da verificação em duas etapas para continuar.',
  user_banned: 'Esta conta está bloqueada. Fale com o suporte.',
  session_not_found: 'Sua sessão expirou. Entre novamente.',
  session_expired: 'Sua sessão expirou. Entre novamente.',
  refresh_token_not_found: 'Sua sessão expirou. Entre novamente.',
  refresh_token_already_used: 'Sua sessão expirou. Entre novamente.',
  over_email_send_rate_limit: 'Aguarde um minuto antes de pedir outro e-mail.',
  over_request_rate_limit: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
  flow_state_expired: 'O link do e-mail é inválido ou expirou.',
  flow_state_not_found: 'O link do e-mail é inválido ou expirou.',
  bad_code_verifier: 'Abra o link no mesmo navegador em que você fez o pedido.',
  otp_disabled: 'Não encontramos uma conta com este e-mail.',
  reauthentication_not_valid: 'O código de confirmação é inválido ou expirou.',
  reauthentication_needed: 'Confirme o código enviado ao seu e-mail para trocar a senha.',
  anonymous_provider_disabled: 'O teste sem cadastro não está disponível no momento.',
  single_identity_not_deletable: 'A conta precisa de pelo menos uma forma de entrar.',
}

const weakPasswordReasons: Record<string, string> = {
  length: 'A senha deve ter pelo menos 6 caracteres.',
  characters: 'A senha deve misturar letras maiúsculas, minúsculas, números e símbolos.',
  pwned: 'Esta senha apareceu em vazamentos de dados. Escolha outra.',
}

export type AuthErrorLike = {
  message?: string
  code?: string
  reasons?: readonly string[]
}

const normalize = (message: string) => message.trim().replace(/\.$/, '')

/** The pt-BR text for an auth error; an unknown message is shown as it is. */
export function authMessage(error: AuthErrorLike): string {
  const message = error.message ? normalize(error.message) : ''
  return (
    byMessage[message] ??
    (error.code ? byCode[error.code] : undefined) ??
    (error.message || 'Não foi possível concluir. Tente novamente.')
  )
}

/** A weak-password answer's reasons, each in pt-BR (unknown reasons as they are). */
export function weakPasswordMessages(reasons: readonly string[] | undefined): string[] {
  return (reasons ?? []).map((reason) => weakPasswordReasons[reason] ?? reason)
}

/** The messages to show for an auth error: the reasons of a weak password, else one line. */
export function authMessages(error: AuthErrorLike): string[] {
  if (error.code === 'weak_password' && error.reasons?.length) return weakPasswordMessages(error.reasons)
  return [authMessage(error)]
}

export const GOOGLE_SIGN_IN_FAILED = 'Não foi possível realizar o login com o Google.'

/** Beside a form refused with 429: how long to wait, in seconds under a minute, else in minutes. */
export function tooManyAttemptsMessage(retryAfterSeconds: number) {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds))
  if (seconds < 60) return `Muitas tentativas. Tente de novo em ${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}.`
  const minutes = Math.ceil(seconds / 60)
  return `Muitas tentativas. Tente de novo em ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`
}
