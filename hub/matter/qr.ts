// The pairing QR code as a matrix of modules, drawn by the settings page as SVG: no network, no
// QR library in the browser. matter.js's own encoder (the one it prints on terminals) makes the
// 21 x 21 symbol; it hands it out as half-block text, two module rows per line, light modules
// as the blocks (white on a dark terminal). That text is read back here into rows of '1' (dark)
// and '0' (light).
import { QrCode } from '@matter/main/types'

const SIZE = 21

/** [upper, lower] module of each character, 1 = light (a block). */
const HALVES: Record<string, [number, number]> = {
  '\u2588': [1, 1],
  '\u2580': [1, 0],
  '\u2584': [0, 1],
  '\u2800': [0, 0],
}

export function qrRows(qrPairingCode: string): string[] {
  const lines = QrCode.get(qrPairingCode).split('\n').filter(Boolean)
  // The first and last lines are the border; each other line is '█' + 21 characters + '█'.
  const body = lines.slice(1, -1).map((line) => [...line].slice(1, 1 + SIZE))
  const rows: string[] = []
  for (const line of body) {
    const upper: string[] = []
    const lower: string[] = []
    for (const char of line) {
      const halves = HALVES[char]
      if (!halves) throw new Error(`unexpected character in matter.js's QR code: ${char}`)
      upper.push(halves[0] === 1 ? '0' : '1')
      lower.push(halves[1] === 1 ? '0' : '1')
    }
    rows.push(upper.join(''))
    if (rows.length < SIZE) rows.push(lower.join(''))
  }
  if (rows.length !== SIZE || rows.some((r) => r.length !== SIZE)) {
    throw new Error('matter.js made a QR code of an unexpected size')
  }
  return rows
}
