// Logged in: load the current user (spec section 4), then the routes this user may open.
import { Suspense, useEffect } from 'react'
// Inter is the logged-in app's font; the login page uses the system's (style.css), so the
// browser fetches the font file only once the app shows.
import '@fontsource-variable/inter'
import { Route, Switch, useLocation } from 'wouter'
import { useWhoAmI } from '../api/hooks'
import { useI18n } from '../i18n/I18nProvider'
import { isLanguage } from '../i18n/language'
import { shellMessages } from '../shell/shell.messages'
import { BlindMotionProvider } from '../position/blind-motion'
import { LiveUpdates } from '../realtime/LiveUpdates'
import { RealtimeProvider } from '../realtime/realtime'
import { fireLogout } from '../session/logout-event'
import { SessionCache } from '../session/SessionCache'
import { Layout } from '../shell/Layout'
import { menuFor, routesFor } from '../shell/menu'
import { NotFound } from '../shell/not-found'
import { RouteErrorBoundary } from '../shell/route-error'
import { ToastProvider } from '../shell/toast'
import { FullPageSpinner, InlineSpinner } from '../shell/Spinner'

/** The logged-in app in a client cache of its own, made fresh at each login. */
export function LoggedInApp({ token }: { token: string }) {
  return (
    <SessionCache>
      <ToastProvider>
        <LoggedIn token={token} />
      </ToastProvider>
    </SessionCache>
  )
}

function LoggedIn({ token }: { token: string }) {
  const { data: me, error } = useWhoAmI()
  const [location] = useLocation()
  const cannotLoad = !me && error !== undefined

  // The language kept on the user, chosen on this or another device, wins over this device's.
  const { choose, t } = useI18n()
  const language = me?.language
  useEffect(() => {
    if (language !== undefined) choose(isLanguage(language) ? language : null)
  }, [language, choose])

  useEffect(() => {
    // Spec section 4: the current user failed to load and none is known: log out.
    if (cannotLoad) fireLogout()
  }, [cannotLoad])

  if (!me) return <FullPageSpinner label={t(shellMessages.loadingAccount)} />

  const routes = routesFor(me.isAdmin)
  return (
    <RealtimeProvider token={token}>
      <LiveUpdates />
      <BlindMotionProvider>
        <Layout
          menu={menuFor(me.isAdmin)}
          userId={me.id}
          username={me.username}
          isAdmin={me.isAdmin}
        >
          <RouteErrorBoundary key={location}>
            <Suspense fallback={<InlineSpinner />}>
              <Switch>
                {routes.map(({ path, element: Page }) => (
                  <Route key={path} path={path} component={Page} />
                ))}
                <Route path="/login">{() => <RedirectHome />}</Route>
                <Route>{() => <NotFound isAdmin={me.isAdmin} />}</Route>
              </Switch>
            </Suspense>
          </RouteErrorBoundary>
        </Layout>
      </BlindMotionProvider>
    </RealtimeProvider>
  )
}

/** /login while logged in goes home. */
function RedirectHome() {
  const [, navigate] = useLocation()
  useEffect(() => navigate('/', { replace: true }), [navigate])
  return null
}
