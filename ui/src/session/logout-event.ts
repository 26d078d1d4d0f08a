// The logout event of spec section 4: fired by the logout action and by any 401, heard by the
// session, which then clears the cache, the stored token and the logged-in state.
const target = new EventTarget()
const NAME = 'logout'

export function fireLogout(): void {
  target.dispatchEvent(new Event(NAME))
}

/** Calls `listener` on every logout event; returns the unsubscribe. */
export function onLogout(listener: () => void): () => void {
  target.addEventListener(NAME, listener)
  return () => target.removeEventListener(NAME, listener)
}
