import { useQuery } from '@tanstack/react-query'

import { adminApi } from './admin-api.ts'

export function StatsCards() {
  const { data } = useQuery({ queryKey: ['admin', 'stats'], queryFn: adminApi.getStats })
  const cards = [
    { label: 'Accounts', value: data?.users.total },
    { label: 'Confirmed', value: data?.users.confirmed },
    { label: 'New this week', value: data?.users.new_last_7_days },
    { label: 'Signed in now', value: data?.sessions.active },
  ]
  return (
    <dl className="grid grid-cols-2 gap-3 tablet:grid-cols-4" aria-busy={!data}>
      {cards.map((card) => (
        <div key={card.label} className="glass rounded-2xl p-4">
          <dt className="text-xs text-muted">{card.label}</dt>
          <dd className="mt-1 text-2xl font-bold tabular-nums text-ink">{card.value ?? '–'}</dd>
        </div>
      ))}
    </dl>
  )
}
