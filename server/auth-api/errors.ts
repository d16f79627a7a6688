// Supabase Auth's error answers: HTTP status, error code and English message, with the
// X-Supabase-Api-Version 2024-01-01 header so auth-js reads the code (docs/principles.md "Auth").
export const API_VERSION = '2024-01-01'

export class AuthHttpError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message)
  }
}

const error = (status: number) => (code: string, message: string, extra?: Record<string, unknown>) =>
  new AuthHttpError(status, code, message, extra)

export const badRequest = error(400)
export const unauthorized = error(401)
export const forbidden = error(403)
export const notFound = error(404)
export const unprocessable = error(422)
export const tooManyRequests = error(429)

export const baseHeaders = {
  'Content-Type': 'application/json;charset=UTF-8',
  'X-Supabase-Api-Version': API_VERSION,
  'Cache-Control': 'no-store',
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { ...baseHeaders, ...headers } })
}

export function errorResponse(e: AuthHttpError) {
  return json({ code: e.status, error_code: e.errorCode, msg: e.message, ...e.extra }, e.status)
}

/** The messages Supabase Auth answers with, in one place (the pt-BR table keys on them too). */
export const messages = {
  invalidCredentials: 'Invalid login credentials',
  userAlreadyExists: 'User already registered',
  emailExists: 'A user with this email address has already been registered',
  emailNotConfirmed: 'Email not confirmed',
  signupRequiresPassword: 'Signup requires a valid password',
  signupRequiresEmail: 'To signup, please provide your email',
  emailOrPhoneOnly: 'Only an email address or phone number should be provided on signup.',
  invalidEmail: 'Unable to validate email address: invalid format',
  weakPasswordLength: (min: number) => `Password should be at least ${min} characters.`,
  passwordTooLong: 'Password cannot be longer than 72 characters',
  samePassword: 'New password should be different from the old password.',
  otpExpired: 'Token has expired or is invalid',
  emailLinkExpired: 'Email link is invalid or has expired',
  sessionNotFound: 'Session from session_id claim in JWT does not exist',
  userFromJwtNotFound: 'User from sub claim in JWT does not exist',
  refreshTokenNotFound: 'Invalid Refresh Token: Refresh Token Not Found',
  refreshTokenAlreadyUsed: 'Invalid Refresh Token: Already Used',
  noAuthorization: 'This endpoint requires a Bearer token',
  userBanned: 'User is banned',
  userNotFound: 'User not found',
  notAdmin: 'User not allowed',
} as const
