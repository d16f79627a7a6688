// A React Router 7 app with nothing of ours: the floor that bench/ssr.ts compares Vitrine with.
import type { Config } from '@react-router/dev/config'

export default { ssr: true, buildDirectory: 'build' } satisfies Config
