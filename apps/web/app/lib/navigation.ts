type Navigate = (to: string, options?: { replace?: boolean }) => void | Promise<void>

let navigate: Navigate | undefined

/** The root registers the router's navigate, so code outside components (the query helper) can route. */
export function setNavigate(next: Navigate | undefined): void {
  navigate = next
}

export function navigateTo(to: string, options: { replace?: boolean } = {}): void {
  if (navigate) void navigate(to, options)
  else if (typeof window !== 'undefined') window.location.assign(to)
}
