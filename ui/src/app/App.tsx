// The whole app: the session decides between the login page and the logged-in app. The colour
// mode wraps both, so the login page follows the same choice and the OS as the app does. The
// router and the toasts come with the logged-in app: the login page uses neither, and a new
// browser's first page downloads neither (tests/bench/ui-first-page.ts).
import { lazy, Suspense } from 'react'
import { I18nProvider, useI18n } from '../i18n/I18nProvider'
import { SessionProvider, useSession } from '../session/session'
import { LoginPage } from '../pages/LoginPage'
import { firstPageMessages } from '../shell/first-page.messages'
import { FullPageSpinner } from '../shell/Spinner'
import { ColorModeProvider } from '../theme/color-mode'

// The logged-in app (frame, menus, live updates, pages) loads on its own: the login page, the
// first page of a new browser, does not download it (tests/bench/ui-first-page.ts).
const LoggedInApp = lazy(() => import('./LoggedInApp').then((m) => ({ default: m.LoggedInApp })))

function SessionSwitch() {
  const { token } = useSession()
  const { t } = useI18n()
  if (!token) return <LoginPage />
  return (
    <Suspense fallback={<FullPageSpinner label={t(firstPageMessages.loadingAccount)} />}>
      <LoggedInApp key={token} token={token} />
    </Suspense>
  )
}

export function App() {
  return (
    <I18nProvider>
      <ColorModeProvider>
        <SessionProvider>
          <SessionSwitch />
        </SessionProvider>
      </ColorModeProvider>
    </I18nProvider>
  )
}
