// A pointing hand: an automation that runs only when someone starts it. Drawn like the
// shell's icons (24 px grid, 2 px stroke) and, like them, decorative.
export function ManualIcon() {
  return (
    <svg
      className="icon"
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M9 11.5V5a1.5 1.5 0 0 1 3 0v5.5" />
      <path d="M12 10V8.5a1.5 1.5 0 0 1 3 0V11" />
      <path d="M15 10.5a1.5 1.5 0 0 1 3 0v4a6.5 6.5 0 0 1-6.5 6.5h-.8a6 6 0 0 1-4.9-2.5L4 15.5a1.6 1.6 0 0 1 2.6-1.9L9 16" />
    </svg>
  )
}
