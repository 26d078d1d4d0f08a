// A QR code drawn from its modules (the hub encodes it: no QR library in the browser, nothing
// from the network). Always dark on white, in dark mode too, with the quiet zone of 4 modules
// that phone cameras need around it.
const QUIET = 4

interface Props {
  /** Rows of '1' (dark) and '0' (light). */
  rows: string[]
  /** What the code is, for screen readers. */
  label: string
}

export function QrCode({ rows, label }: Props) {
  const size = rows.length + 2 * QUIET
  const path = rows
    .flatMap((row, y) =>
      [...row].flatMap((module, x) =>
        module === '1' ? [`M${x + QUIET} ${y + QUIET}h1v1h-1z`] : [],
      ),
    )
    .join('')
  return (
    <svg
      className="qr-code"
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}
