import { render, screen } from '@testing-library/react'
import { errorScreenMessages } from './shell.messages'
import { describe, expect, it, vi } from 'vitest'
import { RouteError, RouteErrorBoundary, RouteErrorScreen } from './route-error'

describe('the route error screen', () => {
  it('shows the status and status text of a route error', () => {
    render(<RouteErrorScreen error={new RouteError(404, errorScreenMessages.notFound)} />)
    expect(screen.getByRole('alert').textContent).toBe('404Not Found')
  })

  it('shows the message and stack trace of any other error', () => {
    const error = new Error('automation list failed')
    error.stack = 'Error: automation list failed\n    at AutomationListPage'
    render(<RouteErrorScreen error={error} />)
    expect(screen.getByText('automation list failed')).toBeTruthy()
    expect(screen.getByText(/at AutomationListPage/)).toBeTruthy()
  })

  it('shows "Unknown Error" for anything that is not an error', () => {
    render(<RouteErrorScreen error="a thrown string" />)
    expect(screen.getByRole('heading').textContent).toBe('Unknown Error')
  })

  it('catches what a page throws while rendering, leaving the rest of the app alone', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    function Broken(): never {
      throw new RouteError(404, errorScreenMessages.notFound)
    }
    render(
      <div>
        <nav>menu</nav>
        <RouteErrorBoundary>
          <Broken />
        </RouteErrorBoundary>
      </div>,
    )
    expect(screen.getByRole('alert').textContent).toBe('404Not Found')
    expect(screen.getByText('menu')).toBeTruthy()
    vi.restoreAllMocks()
  })
})
