// The error screen every route has (spec sections 2 and 8): a route error shows its status
// and status text, any other error its message and stack trace, anything else "Unknown Error".
import { Component } from 'react'
import type { ReactNode } from 'react'

/** An error about the route itself, such as an unknown path or id. */
export class RouteError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
  ) {
    super(`${status} ${statusText}`)
    this.name = 'RouteError'
  }
}

export function RouteErrorScreen({ error }: { error: unknown }) {
  if (error instanceof RouteError) {
    return (
      <section className="error-screen" role="alert">
        <h1>{error.status}</h1>
        <p>{error.statusText}</p>
      </section>
    )
  }
  if (error instanceof Error) {
    return (
      <section className="error-screen" role="alert">
        <h1>Something went wrong</h1>
        <p>{error.message}</p>
        {error.stack && <pre className="stack">{error.stack}</pre>}
      </section>
    )
  }
  return (
    <section className="error-screen" role="alert">
      <h1>Unknown Error</h1>
    </section>
  )
}

interface Props {
  children: ReactNode
}

/** Give it a `key` per route so moving to another page clears the error. */
export class RouteErrorBoundary extends Component<Props, { error: unknown; failed: boolean }> {
  state = { error: undefined as unknown, failed: false }

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true }
  }

  render() {
    if (this.state.failed) return <RouteErrorScreen error={this.state.error} />
    return this.props.children
  }
}
