// What the admin audit log records, and how each change reads in the log (pt-BR).

export const AUDIT_ACTIONS = {
  'template.create': 'Criou o modelo',
  'template.update': 'Editou o modelo',
  'template.duplicate': 'Duplicou o modelo',
  'template.archive': 'Arquivou o modelo',
  'template.restore': 'Reativou o modelo',
  'user.disable': 'Desativou o usuário',
  'user.enable': 'Reativou o usuário',
  'user.make-admin': 'Tornou administrador',
  'user.remove-admin': 'Removeu de administrador',
  'user.password-reset': 'Enviou redefinição de senha para',
} as const

export type AuditAction = keyof typeof AUDIT_ACTIONS

export function auditActionLabel(action: string): string {
  return (AUDIT_ACTIONS as Record<string, string>)[action] ?? action
}
