// E-mails that follow a decision already recorded (ADR 261): an approval step,
// a team invite, a new lead. The request queues the e-mail in the same database as the decision
// (pg-boss) and answers; the worker sends it, and a mail server that is down only delays it:
// pg-boss tries again with backoff. The queue holds no secret and no lead's personal data: an
// invite's link is made when it is sent (a new token, its hash stored), a lead's e-mail is
// written from the lead's row then (a lead deleted meanwhile is not e-mailed).
import { randomUUID } from 'node:crypto'
import type { RouterContextProvider } from 'react-router'
import { emailContext, jobsContext } from '~/context'
import type { EmailMessage } from '~/integrations/mail/email.server'
import type { Jobs } from '~/utils/jobs.server'

export const MAIL_QUEUE = 'send-email'

type Context = Readonly<RouterContextProvider>

export type MailJob =
  | { kind: 'message'; message: EmailMessage }
  | { kind: 'invite'; accountId: string; inviteId: number; from: string }
  | { kind: 'lead'; leadId: number }

/** The senders of the jobs that are written when they go out (team invites, leads). */
export type MailWriters = {
  invite(context: Context, job: Extract<MailJob, { kind: 'invite' }>): Promise<void>
  lead(context: Context, job: Extract<MailJob, { kind: 'lead' }>): Promise<void>
}

/** Queues an e-mail; each job its own key (the queue's policy keeps one waiting job per key). */
export async function enqueueMail(jobs: Pick<Jobs, 'send'>, job: MailJob): Promise<void> {
  await jobs.send(MAIL_QUEUE, job, { singletonKey: `mail-${randomUUID()}` })
}

/** The same from a request, on the request's queue. */
export const queueMail = (context: Context, job: MailJob) => enqueueMail(context.get(jobsContext), job)

/** One attempt; a throw (the mail server down) leaves the job to pg-boss's next try. */
export async function runMailJob(context: Context, job: MailJob, writers: MailWriters): Promise<void> {
  if (job.kind === 'message') return context.get(emailContext).send(job.message)
  if (job.kind === 'invite') return writers.invite(context, job)
  return writers.lead(context, job)
}

/** This instance's mail worker; `contextOf` gives it the services a request would have. */
export async function startMailJobs(jobs: Jobs, contextOf: () => Context, writers: MailWriters) {
  await jobs.work<MailJob>(MAIL_QUEUE, (job) => runMailJob(contextOf(), job, writers))
}
