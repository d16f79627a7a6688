// "Sequência de Stories" of a property (issue 63): a post of Story format (1080×1920) whose
// slides are the sequence's frames, made at once from the property (no writer to wait for), then
// downloaded, approved and scheduled like any post; each frame goes out as one Story.
import type { Home } from '~/models/homes.server'
import { createGeneratingPost, finishPost, type Post } from '~/models/posts.server'
import { canGeneratePost, lockQuotaOf } from '~/models/quota.server'
import { STORY_SEQUENCE_TEMPLATE, storySequenceDescription, storySequenceSlides } from '~/domain/story-sequence'
import type { Database } from '~/utils/db.server'
import { QuotaExceededError } from './generation.server'

/** Makes the property's sequence; counted against the plan's posts like a generated post. */
export async function createStorySequence(
  db: Database,
  accountId: string,
  input: { home: Home; createdBy: string },
): Promise<Post> {
  const post = await db.transaction(async (tx) => {
    await lockQuotaOf(tx, accountId)
    const quota = await canGeneratePost(tx, accountId)
    if (!quota.allowed) throw new QuotaExceededError(quota)
    return createGeneratingPost(tx, accountId, {
      templateId: null,
      template: STORY_SEQUENCE_TEMPLATE,
      category: null,
      homeId: input.home.id,
      format: 'story',
      fields: {},
      createdBy: input.createdBy,
    })
  })
  const finished = await finishPost(db, accountId, post.id, {
    description: storySequenceDescription(input.home),
    slides: storySequenceSlides(input.home),
  })
  return finished ?? post
}
