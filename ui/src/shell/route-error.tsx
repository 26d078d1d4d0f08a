// The error screen every route has (spec sections 2 and 8): a route error shows its status
// and status text, any other error its message and stack trace, anything else "Unknown Error".
// Each offers the way back home.
import { useT } from '../i18n/I18nProvider'
import type { Message, Values } from '../i18n/messages'
import { errorScreenMessages as m } from './shell.messages'
import { Component } from 'react'
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { HomeIcon } from './icons'

/** An error about the route itself, such as an unknown path or id. */
export class RouteError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: Message,
    /** A sentence for the person: what happened and what they can do. */
    readonly detail?: { message: Message; values?: Values; page?: Message },
  ) {
    super(`${status} ${statusText.en as string}`)
    this.name = 'RouteError'
  }
}

export function RouteErrorScreen({ error }: { error: unknown }) {
  const t = useT()
  return (
    <section className="error-screen">
      <ErrorText error={error} />
      <Link href="/" className="button button-primary">
        <HomeIcon />
        <span>{t(m.goHome)}</span>
      </Link>
    </section>
  )
}

function ErrorText({ error }: { error: unknown }) {
  const t = useT()
  if (error instanceof RouteError) {
    return (
      <div className="error-text" role="alert">
        <h1>{error.status}</h1>
        <p className="error-status-text">{t(error.statusText)}</p>
        {error.detail && (
          <p className="muted">
            {t(error.detail.message, {
              ...error.detail.values,
              ...(error.detail.page && { page: t(error.detail.page) }),
            })}
          </p>
        )}
      </div>
    )
  }
  if (error instanceof Error) {
    return (
      <div className="error-text" role="alert">
        <h1>{t(m.somethingWrong)}</h1>
        <p>{error.message}</p>
        {error.stack && <pre className="stack">{error.stack}</pre>}
      </div>
    )
  }
  return (
    <div className="error-text" role="alert">
      <h1>{t(m.unknown)}</h1>
    </div>
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
