// The logged-in app for one token: its language, colour mode and session around the frame and
// the pages. The login page is not here: it needs no React (pages/login-page.ts, app/start.ts).
import { I18nProvider } from '../i18n/I18nProvider'
import { SessionProvider } from '../session/session'
import { ColorModeProvider } from '../theme/color-mode'
import { LoggedInApp } from './LoggedInApp'

export function App({ token }: { token: string }) {
  return (
    <I18nProvider>
      <ColorModeProvider>
        <SessionProvider token={token}>
          <LoggedInApp token={token} />
        </SessionProvider>
      </ColorModeProvider>
    </I18nProvider>
  )
}
