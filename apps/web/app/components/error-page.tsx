import { Link } from 'react-router'

/** The one error page: the status code, the message, and a way back home. */
export function ErrorPage({ status, message }: { status: number; message: string }) {
  return (
    <section className="relative mx-auto flex max-w-3xl flex-col items-center px-5 py-24 text-center tablet:py-32">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-10 -z-10 mx-auto h-64 max-w-lg rounded-full bg-brand-600/25 glow-blur"
      />
      <p className="text-gradient text-7xl font-extrabold tracking-tight tablet:text-8xl" data-testid="error-status">
        {status}
      </p>
      <h1 className="mt-6 break-all text-xl font-semibold text-ink tablet:text-2xl" data-testid="error-message">
        {message}
      </h1>
      <p className="mt-3 max-w-md text-muted">
        {status === 404
          ? 'The page may have moved, or the link may be mistyped. Everything we make starts from the home page.'
          : 'Something went wrong on our side. Try again in a moment.'}
      </p>
      <Link to="/" className="btn-primary mt-10">
        Back to home
      </Link>
    </section>
  )
}
