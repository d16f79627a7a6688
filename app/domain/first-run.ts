// The home page's first-run view (ADR 181): the checklist's ticks and the recent work.
export type FirstRunChecklist = { brand: boolean; home: boolean; post: boolean; scheduled: boolean }
export type RecentHome = { id: number; name: string; place: string; cover: string | null }
export type RecentPost = { id: number; templateId: number | null; title: string; image: string | null }
export type FirstRun = { checklist: FirstRunChecklist; homes: RecentHome[]; posts: RecentPost[] }
