// The session token, kept in local storage under `authStore` as { token } (spec section 9).
const KEY = 'authStore'

export function readToken(): string | null {
  const raw = localStorage.getItem(KEY)
  if (raw === null) return null
  try {
    const value = JSON.parse(raw) as { token?: unknown } | null
    return typeof value?.token === 'string' && value.token !== '' ? value.token : null
  } catch {
    // Spec section 8: a stored value that is not JSON is cleared, with this console message.
    console.error('Invalid authStore value')
    localStorage.removeItem(KEY)
    return null
  }
}

export function writeToken(token: string | null): void {
  if (token === null) localStorage.removeItem(KEY)
  else localStorage.setItem(KEY, JSON.stringify({ token }))
}
