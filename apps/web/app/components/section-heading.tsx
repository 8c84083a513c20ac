import type { ReactNode } from 'react'

/**
 * Eyebrow, h2 and an optional intro for a landing section. `large` is the home page's scale; `medium` is
 * the smaller, narrower heading of the ambassador page.
 */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  centered = false,
  size = 'large',
}: {
  id: string
  eyebrow: string
  title: ReactNode
  children?: ReactNode
  centered?: boolean
  size?: 'large' | 'medium'
}) {
  const width = centered ? 'mx-auto max-w-3xl text-center' : size === 'large' ? 'max-w-4xl' : 'max-w-2xl'
  const heading = size === 'large' ? 'text-balance tablet:text-5xl' : 'tablet:text-4xl'
  return (
    <div className={width}>
      <p className="eyebrow">{eyebrow}</p>
      <h2 id={id} className={`mt-4 text-3xl font-bold tracking-tight text-ink ${heading}`}>
        {title}
      </h2>
      {children ? (
        <p className={`mt-4 text-lg leading-relaxed text-muted ${centered ? '' : 'max-w-3xl'}`}>{children}</p>
      ) : null}
    </div>
  )
}
