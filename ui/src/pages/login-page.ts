// The only page before login (spec section 2): username, password and the server's error
// text, empty when the server sent none (spec section 8). Built without React: it is a new
// browser's first page, and React and the logged-in app load while she types, not before she
// can (tests/bench/ui-first-page.ts). Same markup and classes as the app's forms.
import { ApiError } from '../api/client'
import { login } from '../api/session-calls'
import type { Translate } from '../i18n/translate'
import { LOGO_MARK_SVG } from '../shell/logo'
import { readColorMode, showColorMode } from '../theme/color-scheme'
import { loginMessages as m } from './login.messages'

/**
 * A refused login in the reader's words. The wording of the hub's errors loads only when a
 * login fails, so a new browser's first page does not download it; English is the hub's own
 * message and needs none of it.
 */
async function loginErrorWords(err: ApiError): Promise<string> {
  const { errorWords } = await import('../forms/error-words')
  return errorWords(err.reason, err.values, err.message)
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props)
  node.append(...children)
  return node
}

function field(label: string, input: HTMLInputElement): HTMLLabelElement {
  return element(
    'label',
    { className: 'field' },
    element('span', { className: 'field-label' }, label),
    input,
  )
}

/**
 * Shows the login page in `root`, worded by `t`, replacing what was there. `onLoggedIn` gets
 * the new token; the button keeps saying "Logging in…" until the app replaces the page.
 * Returns what stops the page's own listeners (the OS's colour scheme) when it goes.
 */
export function showLoginPage(
  root: HTMLElement,
  t: Translate,
  onLoggedIn: (token: string) => void,
): () => void {
  const username = element('input', {
    name: 'username',
    autocomplete: 'username',
    autocapitalize: 'none',
    spellcheck: false,
    required: true,
  })
  const password = element('input', {
    name: 'password',
    type: 'password',
    autocomplete: 'current-password',
    required: true,
  })
  const error = element('p', { className: 'form-error' })
  error.setAttribute('role', 'alert')
  const button = element(
    'button',
    { type: 'submit', className: 'button button-primary' },
    t(m.logIn),
  )
  const brand = element(
    'div',
    { className: 'login-brand' },
    element('h1', { id: 'login-title' }, 'Lamella'),
  )
  brand.insertAdjacentHTML('afterbegin', LOGO_MARK_SVG)
  const form = element(
    'form',
    { className: 'card login-card' },
    brand,
    element('p', { className: 'muted' }, t(m.intro)),
    field(t(m.username), username),
    field(t(m.password), password),
    error,
    button,
  )
  form.setAttribute('aria-labelledby', 'login-title')

  const busy = (on: boolean) => {
    button.disabled = on
    button.textContent = t(on ? m.loggingIn : m.logIn)
  }
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    busy(true)
    error.textContent = ''
    login(username.value, password.value).then(
      ({ token }) => onLoggedIn(token),
      async (err: unknown) => {
        error.textContent = err instanceof ApiError ? await loginErrorWords(err) : ''
        busy(false)
      },
    )
  })

  root.replaceChildren(element('main', { className: 'login-page' }, form))
  return showColorMode(readColorMode())
}
