// The frame's first icons: the logo and the close button's cross, apart from icons.tsx so the
// toasts need not load every icon.
import type { ReactNode } from 'react'
import { LOGO_MARK_SVG } from './logo'

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

/** The mark in a box of no layout of its own: the svg is laid out as if it stood alone. */
export const LogoMark = () => (
  <span style={{ display: 'contents' }} dangerouslySetInnerHTML={{ __html: LOGO_MARK_SVG }} />
)
