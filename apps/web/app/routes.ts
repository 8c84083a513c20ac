import { index, layout, route, type RouteConfig } from '@react-router/dev/routes'

// Landing pages share the landing layout; routes under /app and /auth use the app layout (SPEC §2).
export default [
  layout('routes/landing/layout.tsx', [
    index('routes/landing/home.tsx', { id: 'index' }),
    route('features', 'routes/landing/features.tsx', { id: 'features' }),
    route('testimonials', 'routes/landing/testimonials.tsx', { id: 'testimonials' }),
    route('pricing', 'routes/landing/pricing.tsx', { id: 'pricing' }),
    route('ambassador', 'routes/landing/ambassador.tsx', { id: 'ambassador' }),
    route('privacy', 'routes/landing/privacy.tsx', { id: 'privacy' }),
    route('confirm', 'routes/landing/confirm.tsx', { id: 'confirm' }),
    route('blog/:slug', 'routes/blog/post.tsx', { id: 'blog-slug' }),
    route('*', 'routes/not-found.tsx', { id: 'not-found' }),
  ]),
  layout('routes/app/layout.tsx', { id: 'app-layout' }, [
    // Screens of the app area arrive with the sign-in issue (#4); unknown app paths are 404s in this layout.
    route('app/*', 'routes/not-found.tsx', { id: 'app-not-found' }),
    route('auth/*', 'routes/not-found.tsx', { id: 'auth-not-found' }),
  ]),
] satisfies RouteConfig
