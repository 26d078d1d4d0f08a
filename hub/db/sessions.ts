// Login sessions: a token's SHA-256, its user and its expiry.
import { and, eq, gt, inArray, lte, ne } from 'drizzle-orm'
import { hashToken, newToken, TOKEN_LIFETIME_MS } from '../auth/tokens'
import type { Db } from './open'
import { sessions, users } from './schema'

export interface SessionUser {
  id: string
  username: string
  isAdmin: boolean
}

export interface Authenticated {
  user: SessionUser
  tokenHash: string
}

export class SessionRepository {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  create(userId: string): { token: string; expiresAt: number } {
    const token = newToken()
    const createdAt = this.now()
    const expiresAt = createdAt + TOKEN_LIFETIME_MS
    this.db
      .insert(sessions)
      .values({ tokenHash: hashToken(token), userId, createdAt, expiresAt })
      .run()
    return { token, expiresAt }
  }

  /** The user behind a token, or null when it is unknown, revoked or expired. */
  authenticate(token: string): Authenticated | null {
    if (token.length === 0 || token.length > 256) return null
    const tokenHash = hashToken(token)
    const row = this.db
      .select({ id: users.id, username: users.username, isAdmin: users.isAdmin })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, this.now())))
      .get()
    return row ? { user: row, tokenHash } : null
  }

  /** Which of these sessions still exist and have not expired. */
  liveTokenHashes(tokenHashes: string[]): Set<string> {
    if (tokenHashes.length === 0) return new Set()
    return new Set(
      this.db
        .select({ tokenHash: sessions.tokenHash })
        .from(sessions)
        .where(and(inArray(sessions.tokenHash, tokenHashes), gt(sessions.expiresAt, this.now())))
        .all()
        .map((r) => r.tokenHash),
    )
  }

  revoke(tokenHash: string): void {
    this.db.delete(sessions).where(eq(sessions.tokenHash, tokenHash)).run()
  }

  /** Revokes a user's sessions, but for the one given; returns the revoked token hashes. */
  revokeForUser(userId: string, keepTokenHash?: string): string[] {
    const condition = keepTokenHash
      ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash))
      : eq(sessions.userId, userId)
    return this.db
      .delete(sessions)
      .where(condition)
      .returning({ tokenHash: sessions.tokenHash })
      .all()
      .map((r) => r.tokenHash)
  }

  purgeExpired(): number {
    return this.db.delete(sessions).where(lte(sessions.expiresAt, this.now())).run().changes
  }
}
