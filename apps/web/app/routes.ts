import { index, layout, route, type RouteConfig } from '@react-router/dev/routes'

// Landing pages share the landing layout; routes under /app and /auth use the app layout.
export default [
  layout('routes/landing/layout.tsx', [
    index('routes/landing/home.tsx', { id: 'index' }),
    route('features', 'routes/landing/features.tsx', { id: 'features' }),
    route('testimonials', 'routes/landing/testimonials.tsx', { id: 'testimonials' }),
    route('pricing', 'routes/landing/pricing.tsx', { id: 'pricing' }),
    route('ambassador', 'routes/landing/ambassador.tsx', { id: 'ambassador' }),
    route('privacy', 'routes/landing/privacy.tsx', { id: 'privacy' }),
    route('developers', 'routes/landing/developers.tsx', { id: 'developers' }),
    route('confirm', 'routes/landing/confirm.tsx', { id: 'confirm' }),
    route('blog', 'routes/blog/index.tsx', { id: 'blog' }),
    route('blog/:slug', 'routes/blog/post.tsx', { id: 'blog-slug' }),
    route('*', 'routes/not-found.tsx', { id: 'not-found' }),
  ]),
  layout('routes/app/layout.tsx', { id: 'app-layout' }, [
    route('auth', 'routes/auth/index.tsx', { id: 'auth' }),
    route('auth/login', 'routes/auth/login.tsx', { id: 'auth-login' }),
    route('auth/register', 'routes/auth/register.tsx', { id: 'auth-register' }),
    route('auth/confirm', 'routes/auth/confirm.tsx', { id: 'auth-confirm' }),
    route('auth/forgot', 'routes/auth/forgot.tsx', { id: 'auth-forgot' }),
    route('auth/reset', 'routes/auth/reset.tsx', { id: 'auth-reset' }),
    route('auth/discord', 'routes/auth/discord.tsx', { id: 'auth-discord' }),
    route('app', 'routes/app/dashboard.tsx', { id: 'app' }),
    route('app/profile', 'routes/app/profile.tsx', { id: 'app-profile' }),
    route('app/admin', 'routes/app/admin.tsx', { id: 'app-admin' }),
    route('app/create', 'routes/app/create.tsx', { id: 'app-create' }),
    route('app/projects', 'routes/app/projects.tsx', { id: 'app-projects' }),
    route('app/projects/:id', 'routes/app/project.tsx', { id: 'app-project' }),
    route('app/music', 'routes/app/music.tsx', { id: 'app-music' }),
    route('app/library', 'routes/app/library.tsx', { id: 'app-library' }),
    route('app/brand', 'routes/app/brand.tsx', { id: 'app-brand' }),
    route('app/batches', 'routes/app/batches.tsx', { id: 'app-batches' }),
    route('app/batches/new', 'routes/app/batch-new.tsx', { id: 'app-batch-new' }),
    route('app/batches/:id', 'routes/app/batch.tsx', { id: 'app-batch' }),
    // Unknown app paths are 404s inside this layout.
    route('app/*', 'routes/not-found.tsx', { id: 'app-not-found' }),
    route('auth/*', 'routes/not-found.tsx', { id: 'auth-not-found' }),
  ]),
] satisfies RouteConfig
