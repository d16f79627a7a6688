// The chat form of /assistente, read alike by the page's action (no JavaScript) and the
// streaming route: the parsed turn, or the errors beside the fields with what was typed.
import { parseWithZod } from '@conform-to/zod/v4'
import type { z } from 'zod'
import { ChatFormSchema } from '~/domain/assistant'

export type ChatForm =
  | { status: 'invalid'; errors: Record<string, string[]>; values: { task: string; home_id: string; message: string } }
  | { status: 'success'; value: z.output<typeof ChatFormSchema> }

export function readChatForm(formData: FormData): ChatForm {
  const submission = parseWithZod(formData, { schema: ChatFormSchema })
  if (submission.status === 'success') return { status: 'success', value: submission.value }
  const reply = submission.reply()
  return {
    status: 'invalid',
    errors: Object.fromEntries(Object.entries(reply.error ?? {}).map(([key, value]) => [key, value ?? []])),
    values: {
      task: String(formData.get('task') ?? ''),
      home_id: String(formData.get('home_id') ?? ''),
      message: String(formData.get('message') ?? ''),
    },
  }
}
