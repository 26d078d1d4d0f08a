import { startUi } from './app/start'
import { registerServiceWorker } from './service-worker-registration'
import { installHistoryGuard } from './shell/history-guard'
import { applyColorMode, readColorMode } from './theme/color-scheme'
import './style.css'

// Before the first paint, so a dark page never flashes light.
applyColorMode(readColorMode())
// Before the router (loaded with the logged-in app) listens to history, so unsaved changes
// can hold the back button.
installHistoryGuard()

const root = document.getElementById('root')
if (root) {
  startUi(root)
  registerServiceWorker()
} else {
  // Spec sections 2 and 8: without a root element there is no app, only a red message.
  document.body.innerHTML =
    '<p style="color:#c62828;font:16px sans-serif;padding:16px">Lamella cannot start: the root element is missing.</p>'
}
