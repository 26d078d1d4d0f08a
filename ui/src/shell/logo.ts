// Lamella's mark, as markup: the login page (no React) and the app bar (LogoMark) show the same
// one. A fixed string of ours, never words from anyone.
export const LOGO_MARK_SVG =
  '<svg class="logo-mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">' +
  '<rect width="32" height="32" rx="8" fill="var(--brand-primary)"/>' +
  '<path d="M8 9h16M8 13.5h16M8 18h16" stroke="#fff" stroke-width="2.4" stroke-linecap="round"/>' +
  '<circle cx="16" cy="23.5" r="2.2" fill="var(--brand-accent)"/>' +
  '</svg>'
