// The bridge's setup passcode and discriminator: random on the first start, then kept in the
// `matter/` folder beside the database (part of every backup), so a restart, and a restore,
// keep the codes printed on nothing but the admin's screen.
import { randomInt } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export interface PairingSecrets {
  passcode: number
  discriminator: number
  /** The bridge's serial number and unique id. */
  serial: string
}

/** Passcodes the Matter specification forbids (5.1.7.1). */
const FORBIDDEN = new Set([
  0, 11111111, 22222222, 33333333, 44444444, 55555555, 66666666, 77777777, 88888888, 99999999,
  12345678, 87654321,
])

function valid(s: Partial<PairingSecrets>): s is PairingSecrets {
  return (
    Number.isInteger(s.passcode) &&
    s.passcode! >= 1 &&
    s.passcode! <= 99999998 &&
    !FORBIDDEN.has(s.passcode!) &&
    Number.isInteger(s.discriminator) &&
    s.discriminator! >= 0 &&
    s.discriminator! <= 4095 &&
    typeof s.serial === 'string'
  )
}

export function pairingSecrets(storageDir: string): PairingSecrets {
  const file = join(storageDir, 'pairing.json')
  try {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<PairingSecrets>
    if (valid(stored)) return stored
  } catch {
    // None yet: made below.
  }
  let passcode = randomInt(1, 99999999)
  while (FORBIDDEN.has(passcode)) passcode = randomInt(1, 99999999)
  const secrets: PairingSecrets = {
    passcode,
    discriminator: randomInt(0, 4096),
    serial: `lamella-${randomInt(0, 2 ** 40).toString(16)}`,
  }
  mkdirSync(storageDir, { recursive: true, mode: 0o700 })
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 })
  return secrets
}
