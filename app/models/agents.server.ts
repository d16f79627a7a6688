// The agent as a signature: name and phone for the texts the assistant writes.
import { eq } from 'drizzle-orm'
import { users } from '../../db/schema'
import type { AgentFacts } from '~/domain/prompts'
import type { Database } from '~/utils/db.server'

export async function agentFacts(db: Database, userId: string): Promise<AgentFacts | null> {
  const [user] = await db
    .select({ name: users.full_name, phone: users.phone, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
  return user ?? null
}
