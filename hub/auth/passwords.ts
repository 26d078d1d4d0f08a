// Password hashing with scrypt from node:crypto at OWASP's parameters (N=2^17, r=8, p=1).
// The parameters are stored with each hash, so they can be raised later without a migration:
//   scrypt$<log2 N>$<r>$<p>$<salt base64>$<key base64>
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

const LOG2_N = 17
const R = 8
const P = 1
const KEY_LENGTH = 32
const SALT_LENGTH = 16

function derive(
  password: string,
  salt: Buffer,
  log2N: number,
  r: number,
  p: number,
): Promise<Buffer> {
  const N = 2 ** log2N
  const options: ScryptOptions = { N, r, p, maxmem: 128 * N * r * 2 }
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (err, key) =>
      err ? reject(err) : resolve(key),
    )
  })
}

/** The cost of new hashes: 2^17 always, except in a test process that lowered it. */
let log2N = LOG2_N

/**
 * For the test runner only (tests/helpers/password-cost.ts): new hashes made in this process
 * cost 2^`cost` instead of 2^17, so a suite that makes thousands of users spends seconds, not
 * minutes, in scrypt. Nothing of the hub calls it: `lamella serve` always hashes at 2^17
 * (tests/cli/cli.test.ts reads the stored hash of a user it made). Hashes keep their own
 * parameters, so every hash still verifies at the cost it was made with.
 */
export function lowerPasswordCostForTests(cost: number): void {
  log2N = cost
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH)
  const key = await derive(password, salt, log2N, R, P)
  return ['scrypt', log2N, R, P, salt.toString('base64'), key.toString('base64')].join('$')
}

/**
 * A well-formed hash that no password matches. Checking a login for an unknown user against
 * it costs the same scrypt work as a wrong password for a real one.
 */
export function unmatchableHash(): string {
  const zeros = (length: number) => Buffer.alloc(length).toString('base64')
  return `scrypt$${log2N}$${R}$${P}$${zeros(SALT_LENGTH)}$${zeros(KEY_LENGTH)}`
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, log2N, r, p, salt, key] = stored.split('$')
  if (scheme !== 'scrypt' || !log2N || !r || !p || salt === undefined || key === undefined)
    return false
  const expected = Buffer.from(key, 'base64')
  const actual = await derive(
    password,
    Buffer.from(salt, 'base64'),
    Number(log2N),
    Number(r),
    Number(p),
  )
  const matches = actual.length === expected.length && timingSafeEqual(actual, expected)
  return matches && stored !== unmatchableHash()
}

/** A readable random password for the first admin, printed once to the log. */
export function generatePassword(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789'
  const bytes = randomBytes(20)
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('')
}
