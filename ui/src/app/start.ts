// Which page the browser shows (spec section 4): logged in while a token is stored. Without
// one, the login page, built without React, so a new browser's first page is small; React and
// the logged-in app load in the background meanwhile. A login stores the token and starts the
// app, with a client cache of its own; the logout event (the logout action, any 401) drops the
// stored token and brings the login page back.
import { showLoginPage } from '../pages/login-page'
import { readStoredChoice, resolveLanguage } from '../i18n/language'
import { loadLanguage, showLanguage } from '../i18n/show-language'
import { readToken, writeToken } from '../session/auth-store'
import { onLogout } from '../session/logout-event'

const loadApp = () => import('./mount-app')

/** Calls `task` once the page has loaded and the browser is idle, so it never delays the page. */
function whenIdle(task: () => void): void {
  const idle = () =>
    'requestIdleCallback' in window ? window.requestIdleCallback(task) : setTimeout(task, 200)
  if (document.readyState === 'complete') idle()
  else window.addEventListener('load', idle, { once: true })
}

/** Starts the UI in `root`; the returned function stops it (tests). */
export function startUi(root: HTMLElement): () => void {
  /** Counts what was asked to show, so a page that finished loading late does not show. */
  let turn = 0
  let leave: (() => void) | null = null

  const replace = (next: () => void) => {
    leave?.()
    leave = next
  }

  const showApp = async (token: string) => {
    const mine = ++turn
    let mountApp
    try {
      ;({ mountApp } = await loadApp())
    } catch (error) {
      // The hub went away while its code loaded; the token is stored, so a reload starts the
      // app once the hub answers again.
      console.error('The app could not load', error)
      location.reload()
      return
    }
    if (mine === turn) replace(mountApp(root, token))
  }

  const showLogin = async () => {
    const mine = ++turn
    const choice = readStoredChoice()
    const shown = await loadLanguage(resolveLanguage(choice))
    if (mine !== turn) return
    const { t } = showLanguage(shown, choice)
    document.documentElement.lang = shown.language
    leave?.()
    leave = showLoginPage(root, t, (token) => {
      writeToken(token)
      void showApp(token)
    })
    // What she will need after logging in, fetched while she types.
    whenIdle(() => void loadApp().catch(() => {}))
  }

  const stopListening = onLogout(() => {
    writeToken(null)
    // Later, not inside the React render or effect that fired the event.
    setTimeout(() => void showLogin())
  })

  const token = readToken()
  if (token) void showApp(token)
  else void showLogin()

  return () => {
    turn++
    stopListening()
    replace(() => {})
  }
}
