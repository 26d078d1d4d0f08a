// The logged-in app, loaded with React once a token is stored (app/start.ts).
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'

/** Shows the app for `token` in `root`, replacing what was there; returns its unmount. */
export function mountApp(root: HTMLElement, token: string): () => void {
  root.replaceChildren()
  const reactRoot = createRoot(root)
  reactRoot.render(
    <StrictMode>
      <App token={token} />
    </StrictMode>,
  )
  return () => reactRoot.unmount()
}
