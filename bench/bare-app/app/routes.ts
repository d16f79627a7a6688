import { route, type RouteConfig } from '@react-router/dev/routes'

export default [route('login', 'routes/login.tsx'), route('list', 'routes/list.tsx')] satisfies RouteConfig
