// A path without a route: a 404 with the way home, and for a regular user at an admin page
// (whose route is not registered for them) "Admins only" instead of a bare 404.
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Route, Router, Switch } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { NotFound } from './not-found'
import { RouteErrorBoundary } from './route-error'

function renderAt(path: string, isAdmin: boolean) {
  const memory = memoryLocation({ path, record: true })
  render(
    <Router hook={memory.hook}>
      <Switch>
        <Route path="/">
          <h1>Home</h1>
        </Route>
        <Route>
          {() => (
            <RouteErrorBoundary>
              <NotFound isAdmin={isAdmin} />
            </RouteErrorBoundary>
          )}
        </Route>
      </Switch>
    </Router>,
  )
  return memory
}

describe('a path without a route', () => {
  // React reports each error a boundary catches on the console.
  afterEach(() => vi.restoreAllMocks())

  it('says Not Found for an unknown path, and takes the person home', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const memory = renderAt('/blindz', false)
    const alert = screen.getByRole('alert')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('404')
    expect(alert.textContent).toContain('Not Found')
    expect(alert.textContent).toContain('There is no page at /blindz.')
    await userEvent.click(screen.getByRole('link', { name: 'Go to Home' }))
    expect(memory.history.at(-1)).toBe('/')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Home')
  })

  it('tells a regular user at /users that the page is for admins', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    renderAt('/users', false)
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('Admins only')
    expect(alert.textContent).toContain('Users is for administrators')
    expect(alert.textContent).not.toContain('Not Found')
    expect(screen.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/')
  })

  it('tells a regular user at /settings that the page is for admins', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    renderAt('/settings', false)
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('Admins only')
    expect(alert.textContent).toContain('Settings is for administrators')
  })

  it('says Not Found, not Admins only, to an admin at a path that does not exist', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    renderAt('/users-and-more', true)
    expect(screen.getByRole('alert').textContent).toContain('Not Found')
  })
})
