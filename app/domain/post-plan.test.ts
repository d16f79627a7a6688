import { expect, test } from 'vitest'
import { planSlides, seededRandom } from './post-plan'

const home = {
  gallery: [1, 2, 3, 4].map((n) => ({ name: `f${n}.jpg`, url: `/uploads/f${n}.jpg`, featured: n === 1 })),
  floor_plans: [{ name: 'p.jpg', url: '/uploads/p.jpg' }],
}
const plan = (seed: number) =>
  planSlides({ design: { kind: 'listing' }, format: 'carousel', home, random: seededRandom(seed) })

test('a plan depends only on its inputs: the same seed gives the same slides, ids included', () => {
  const first = plan(7)
  plan(8)
  expect(plan(7)).toEqual(first)
})

test('the slides of one plan have ids of their own', () => {
  const ids = plan(7).map((slide) => slide.id)
  expect(ids).toHaveLength(7)
  expect(new Set(ids).size).toBe(ids.length)
})
