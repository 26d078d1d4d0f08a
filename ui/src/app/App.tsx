// The whole app: the session decides between the login page and the logged-in app.
import { ToastProvider } from '../shell/toast'
import { SessionProvider, useSession } from '../session/session'
import { LoginPage } from '../pages/LoginPage'
import { LoggedInApp } from './LoggedInApp'

function SessionSwitch() {
  const { token } = useSession()
  return token ? <LoggedInApp token={token} /> : <LoginPage />
}

export function App() {
  return (
    <ToastProvider>
      <SessionProvider>
        <SessionSwitch />
      </SessionProvider>
    </ToastProvider>
  )
}
