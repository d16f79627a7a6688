// The offline pt-BR copywriter: writes a post's caption and the words of its slides from the
// property's facts and the agent's answers, with no network. Pure (randomness comes in), so it
// is fast and testable; several wordings per sentence keep consecutive posts from reading alike.
// The words live beside: listing.ts (posts about one property), other-posts.ts, words.ts.
import type { Random } from '~/domain/post-plan'
import { writeHeadlines } from './headlines'
import { writeListing } from './listing'
import { writeHoliday, writeInstitutional, writeNeighborhood, writeTestimonial, writeTip } from './other-posts'
import type { CopyWriter, PostCopy, CopyRequest } from '~/domain/copy'

export { hashtag } from './words'

/** Writes the caption, slide words and headline options. `random` makes the wording vary. */
export function writeOfflineCopy(request: CopyRequest, random: Random = Math.random): PostCopy {
  const copy = writeWords(request, random)
  const headlines = writeHeadlines(request, random)
  return headlines.length ? { ...copy, headlines } : copy
}

function writeWords(request: CopyRequest, random: Random): PostCopy {
  switch (request.template.kind) {
    case 'tip':
      return writeTip(request, random)
    case 'institutional':
      return writeInstitutional(request, random)
    case 'testimonial':
      return writeTestimonial(request, random)
    case 'holiday':
      return writeHoliday(request, random)
    case 'neighborhood':
      return request.home ? writeNeighborhood(request, random) : writeTip(request, random)
    default:
      if (!request.home) return writeInstitutional(request, random)
      return writeListing(request, random)
  }
}

export function createOfflineWriter(random: Random = Math.random): CopyWriter {
  return {
    name: 'offline',
    write: async (request) => writeOfflineCopy(request, random),
  }
}
