// The whole app: the session decides between the login page and the logged-in app. The colour
// mode wraps both, so the login page follows the same choice and the OS as the app does.
import { I18nProvider } from '../i18n/I18nProvider'
import { ToastProvider } from '../shell/toast'
import { SessionProvider, useSession } from '../session/session'
import { LoginPage } from '../pages/LoginPage'
import { ColorModeProvider } from '../theme/color-mode'
import { LoggedInApp } from './LoggedInApp'

function SessionSwitch() {
  const { token } = useSession()
  return token ? <LoggedInApp token={token} /> : <LoginPage />
}

export function App() {
  return (
    <I18nProvider>
      <ColorModeProvider>
        <ToastProvider>
          <SessionProvider>
            <SessionSwitch />
          </SessionProvider>
        </ToastProvider>
      </ColorModeProvider>
    </I18nProvider>
  )
}
