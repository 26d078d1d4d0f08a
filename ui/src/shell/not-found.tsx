// What a path without a route shows. Admin-only routes are not registered for others (spec
// section 2), so for a regular user /users is such a path too; rather than a bare 404 it says
// the page is for administrators.
import { errorScreenMessages as m } from './shell.messages'
import { useLocation } from 'wouter'
import { MENU_ENTRIES } from './menu'
import { RouteError } from './route-error'

/** The route error for a path no route matched. */
export function notFoundError(path: string, isAdmin: boolean): RouteError {
  const adminPage = MENU_ENTRIES.find(
    (entry) => entry.adminOnly && (path === entry.path || path.startsWith(`${entry.path}/`)),
  )
  if (adminPage && !isAdmin) {
    return new RouteError(403, m.adminsOnly, { message: m.adminPage, page: adminPage.label })
  }
  return new RouteError(404, m.notFound, { message: m.noPage, values: { path } })
}

/** The catch-all route: throws to the route's error screen. */
export function NotFound({ isAdmin }: { isAdmin: boolean }): never {
  const [location] = useLocation()
  throw notFoundError(location, isAdmin)
}
