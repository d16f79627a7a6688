// The home page's first-run view (ADR 181): the checklist's ticks and the recent work.
export type FirstRunChecklist = {
  brand: boolean
  home: boolean
  post: boolean
  scheduled: boolean
  /** A post's images downloaded by the account (to post them by hand). */
  downloaded: boolean
}
export type RecentHome = { id: number; name: string; place: string; cover: string | null }
export type RecentPost = { id: number; templateId: number | null; title: string; image: string | null }
export type FirstRun = {
  checklist: FirstRunChecklist
  /** Whether the plan allows scheduling: the checklist ends with the step the plan allows. */
  canSchedule: boolean
  /** The newest post's public page, where its images are downloaded; null before the first. */
  latestPostPage: string | null
  homes: RecentHome[]
  posts: RecentPost[]
}
