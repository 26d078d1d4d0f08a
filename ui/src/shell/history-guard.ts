// Holding the browser's back and forward buttons while a form has unsaved changes. Wouter has
// no navigation blocker, and it moves to the new page inside its own popstate listener, so
// ours must be registered before wouter's: main.ts installs it before the app renders. A
// blocked step is undone at once (the page never changes) and the guard is asked whether to
// take it after all.

/** Asks the person; calls `leave` if they agree to go. */
export type AskToLeave = (leave: () => void) => void

let ask: AskToLeave | null = null
/** The page the guarded form is on, put back when a step is held. */
let guardedUrl = ''
/** Set while a step the person agreed to is under way. */
let letThrough = false
let installed = false

export function installHistoryGuard(): void {
  if (installed) return
  installed = true
  window.addEventListener('popstate', (event) => {
    if (letThrough || !ask) {
      letThrough = false
      return
    }
    // Wouter's listener, registered after this one, never hears of it.
    event.stopImmediatePropagation()
    window.history.pushState(null, '', guardedUrl)
    ask(() => {
      letThrough = true
      window.history.back()
    })
  })
}

/** Holds back and forward on the current page until the returned release is called. */
export function holdHistory(askToLeave: AskToLeave): () => void {
  installHistoryGuard()
  ask = askToLeave
  guardedUrl = window.location.href
  return () => {
    if (ask === askToLeave) ask = null
  }
}
