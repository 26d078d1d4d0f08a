import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import './style.css'

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
} else {
  document.body.innerHTML =
    '<p style="color:#c62828;font:16px sans-serif;padding:16px">Lamella cannot start: the root element is missing.</p>'
}
