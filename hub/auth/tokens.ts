// Session tokens: 32 random bytes given to the client once; only their SHA-256 is stored.
import { createHash, randomBytes } from 'node:crypto'

export const TOKEN_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000

export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}
