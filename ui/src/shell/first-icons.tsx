// The icons of the first page (the login page and the toast it may show): the logo and the
// close button's cross, apart from icons.tsx so a new browser downloads only these.
import type { ReactNode } from 'react'

export function Icon({ children, size = 24 }: { children: ReactNode; size?: number }) {
  return (
    <svg
      className="icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  )
}

export const CloseIcon = () => (
  <Icon size={20}>
    <path d="m6 6 12 12M18 6 6 18" />
  </Icon>
)

export const LogoMark = () => (
  <svg className="logo-mark" viewBox="0 0 32 32" width={32} height={32} aria-hidden="true">
    <rect width="32" height="32" rx="8" fill="var(--brand-primary)" />
    <path d="M8 9h16M8 13.5h16M8 18h16" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
    <circle cx="16" cy="23.5" r="2.2" fill="var(--brand-accent)" />
  </svg>
)
