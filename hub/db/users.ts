// Users: accounts, their assigned blinds, and the first admin. Every write is one transaction
// and is announced with `data:changed` to those who may see it.
import { randomUUID } from 'node:crypto'
import { asc, count, eq, inArray } from 'drizzle-orm'
import { checkOwnPassword } from '../auth/own-password'
import { hashPassword } from '../auth/passwords'
import type { LoginThrottle } from '../auth/throttle'
import { conflict, forbidden, notFound } from '../errors'
import type { HubEvents } from '../events'
import { checkLanguage } from '../validation/language'
import { checkCurrentPassword, checkIds, checkPassword, checkUsername } from '../validation/fields'
import { userAudience } from './audience'
import type { Db } from './open'
import { blinds, userBlinds, users } from './schema'
import type { SessionRepository } from './sessions'
import { visibleAutomationIds, visibleBlindIds, type Viewer } from './visibility'

export interface User {
  id: string
  username: string
  isAdmin: boolean
  /** 'en' or 'de'; null follows the browser. */
  language: string | null
}

export interface UserCreateInput {
  username: string
  password: string
  isAdmin?: boolean | null
  blindIds?: string[] | null
}

export interface UserUpdateInput {
  username?: string | null
  password?: string | null
  isAdmin?: boolean | null
  blindIds?: string[] | null
  /** Required, and checked, when a user changes their own password. */
  currentPassword?: string | null
}

/** Who is asking, and with which session (kept when they change their own password). */
export interface Actor extends Viewer {
  tokenHash?: string
  /** The client's address: a wrong current password counts against it as a failed login. */
  address?: string
}

const userColumns = {
  id: users.id,
  username: users.username,
  isAdmin: users.isAdmin,
  language: users.language,
}

export class UserRepository {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionRepository,
    private readonly events: HubEvents,
    private readonly now: () => number,
    /** Counts wrong current passwords as failed logins; the CLI, which asks none, has none. */
    private readonly throttle?: LoginThrottle,
  ) {}

  list(): User[] {
    return this.db.select(userColumns).from(users).orderBy(asc(users.username)).all()
  }

  get(id: string): User | undefined {
    return this.db.select(userColumns).from(users).where(eq(users.id, id)).get()
  }

  require(id: string, field = 'id'): User {
    const user = this.get(id)
    if (!user) throw notFound('User', id, field)
    return user
  }

  findForLogin(username: string): { id: string; passwordHash: string } | undefined {
    return this.db
      .select({ id: users.id, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.username, username))
      .get()
  }

  count(): number {
    return this.db.select({ n: count() }).from(users).get()?.n ?? 0
  }

  async create(input: UserCreateInput): Promise<User> {
    const username = checkUsername('username', input.username)
    const password = checkPassword('password', input.password)
    const blindIds = checkIds('blindIds', input.blindIds ?? [], true)
    this.checkUsernameFree(username)
    this.checkBlindsExist(blindIds)
    const passwordHash = await hashPassword(password)
    const user: User = {
      id: randomUUID(),
      username,
      isAdmin: input.isAdmin ?? false,
      language: null,
    }
    const t = this.now()
    this.db.transaction(
      (tx) => {
        // Checked again inside the transaction: the hash took time and others may have written.
        this.checkUsernameFree(username)
        this.checkBlindsExist(blindIds)
        tx.insert(users)
          .values({ ...user, passwordHash, createdAt: t, updatedAt: t })
          .run()
        if (blindIds.length > 0) {
          tx.insert(userBlinds)
            .values(blindIds.map((blindId) => ({ userId: user.id, blindId })))
            .run()
        }
      },
      { behavior: 'immediate' },
    )
    this.announce([user.id])
    return user
  }

  /** Admins change anything; a regular user only their own password. */
  async update(actor: Actor, id: string, input: UserUpdateInput): Promise<User> {
    const changesOnlyOwnPassword =
      id === actor.id && input.username == null && input.isAdmin == null && input.blindIds == null
    if (!actor.isAdmin && !changesOnlyOwnPassword) {
      throw forbidden('Only an admin may change users, but for your own password')
    }
    const username = input.username != null ? checkUsername('username', input.username) : undefined
    const password = input.password != null ? checkPassword('password', input.password) : undefined
    const blindIds = input.blindIds != null ? checkIds('blindIds', input.blindIds, true) : undefined
    const ownPassword = password !== undefined && id === actor.id
    const currentPassword = ownPassword
      ? checkCurrentPassword('currentPassword', input.currentPassword)
      : undefined
    const before = this.require(id)
    this.validateUpdate(before, username, input.isAdmin, blindIds)
    if (currentPassword !== undefined) {
      const { passwordHash } = this.findForLogin(before.username) ?? { passwordHash: '' }
      await checkOwnPassword(
        { username: before.username, passwordHash },
        currentPassword,
        actor.address ?? '',
        this.throttle,
      )
    }
    const passwordHash = password !== undefined ? await hashPassword(password) : undefined

    const viewBefore = this.viewOf(id)
    let revoked: string[] = []
    this.db.transaction(
      (tx) => {
        const current = this.require(id)
        this.validateUpdate(current, username, input.isAdmin, blindIds)
        tx.update(users)
          .set({
            ...(username !== undefined && { username }),
            ...(input.isAdmin != null && { isAdmin: input.isAdmin }),
            ...(passwordHash !== undefined && { passwordHash }),
            updatedAt: this.now(),
          })
          .where(eq(users.id, id))
          .run()
        if (blindIds !== undefined) {
          tx.delete(userBlinds).where(eq(userBlinds.userId, id)).run()
          if (blindIds.length > 0) {
            tx.insert(userBlinds)
              .values(blindIds.map((blindId) => ({ userId: id, blindId })))
              .run()
          }
        }
        if (passwordHash !== undefined) {
          // A new password ends every other session of that user, not the one changing it.
          revoked = this.sessions.revokeForUser(id, id === actor.id ? actor.tokenHash : undefined)
        }
      },
      { behavior: 'immediate' },
    )
    if (revoked.length > 0) this.events.emit('sessions:revoked', { tokenHashes: revoked })
    this.announce([id])
    this.announceViewChange(id, viewBefore)
    return this.require(id)
  }

  /** One's own UI language, kept on the user so it follows her to every device. */
  setLanguage(id: string, value: unknown): User {
    const language = checkLanguage(value)
    this.require(id)
    this.db.update(users).set({ language, updatedAt: this.now() }).where(eq(users.id, id)).run()
    this.announce([id])
    return this.require(id)
  }

  /** Deletes the users that exist; unknown ids are skipped. Returns the ids deleted. */
  delete(ids: string[]): string[] {
    const wanted = checkIds('ids', ids)
    let deleted: string[] = []
    const revoked: string[] = []
    const audience = userAudience(this.db, wanted)
    this.db.transaction(
      (tx) => {
        const found = tx.select(userColumns).from(users).where(inArray(users.id, wanted)).all()
        const adminsLeft = this.adminCount() - found.filter((u) => u.isAdmin).length
        if (found.some((u) => u.isAdmin) && adminsLeft < 1) {
          throw conflict(
            'The last admin cannot be deleted; make another user an admin first',
            'ids',
            { reason: 'LAST_ADMIN' },
          )
        }
        for (const u of found) revoked.push(...this.sessions.revokeForUser(u.id))
        deleted = found.map((u) => u.id)
        if (deleted.length > 0) tx.delete(users).where(inArray(users.id, deleted)).run()
      },
      { behavior: 'immediate' },
    )
    if (revoked.length > 0) this.events.emit('sessions:revoked', { tokenHashes: revoked })
    if (deleted.length > 0) {
      this.events.emit('data:changed', { entity: 'user', ids: deleted, audience })
    }
    return deleted
  }

  /** The blinds assigned to a user (what a regular user may see and move). */
  assignedBlindIds(userId: string): string[] {
    return this.db
      .select({ id: userBlinds.blindId })
      .from(userBlinds)
      .where(eq(userBlinds.userId, userId))
      .all()
      .map((r) => r.id)
  }

  /**
   * Creates user `admin` when there is no user at all, with the given password or a generated
   * one. Returns what happened so the caller can print a generated password once.
   */
  async ensureFirstAdmin(
    password: string | undefined,
    generate: () => string,
  ): Promise<{ created: false } | { created: true; generatedPassword: string | null }> {
    const first = await this.prepareFirstAdmin(password, generate)
    if (!first?.commit()) return { created: false }
    return { created: true, generatedPassword: first.generatedPassword }
  }

  /**
   * The first admin in two steps: the slow hash now, the row only at `commit()`, which is
   * synchronous. main.ts commits once the hub listens, so a start that fails before that
   * (a port in use) leaves no admin whose generated password nobody kept. Null when a user
   * exists; `commit()` is false when one appeared meanwhile (`lamella user add`).
   */
  async prepareFirstAdmin(
    password: string | undefined,
    generate: () => string,
  ): Promise<{ generatedPassword: string | null; commit(): boolean } | null> {
    if (this.count() > 0) return null
    const chosen = password ?? generate()
    const passwordHash = await hashPassword(checkPassword('password', chosen))
    return {
      generatedPassword: password === undefined ? chosen : null,
      commit: () => {
        const user: User = { id: randomUUID(), username: 'admin', isAdmin: true, language: null }
        const t = this.now()
        const made = this.db.transaction(
          (tx) => {
            if (this.count() > 0) return false
            tx.insert(users)
              .values({ ...user, passwordHash, createdAt: t, updatedAt: t })
              .run()
            return true
          },
          { behavior: 'immediate' },
        )
        if (made) this.announce([user.id])
        return made
      },
    }
  }

  private adminCount(): number {
    return this.db.select({ n: count() }).from(users).where(eq(users.isAdmin, true)).get()?.n ?? 0
  }

  private validateUpdate(
    current: User,
    username: string | undefined,
    isAdmin: boolean | null | undefined,
    blindIds: string[] | undefined,
  ): void {
    if (username !== undefined && username !== current.username) this.checkUsernameFree(username)
    if (isAdmin === false && current.isAdmin && this.adminCount() <= 1) {
      throw conflict(
        'The last admin cannot be made a regular user; make another user an admin first',
        'isAdmin',
        { reason: 'LAST_ADMIN' },
      )
    }
    if (blindIds !== undefined) this.checkBlindsExist(blindIds)
  }

  private checkUsernameFree(username: string): void {
    const taken = this.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, username))
      .get()
    if (taken)
      throw conflict(`username ${username} is already taken`, 'username', {
        reason: 'NAME_TAKEN',
        name: username,
      })
  }

  private checkBlindsExist(blindIds: string[]): void {
    if (blindIds.length === 0) return
    const found = new Set(
      this.db
        .select({ id: blinds.id })
        .from(blinds)
        .where(inArray(blinds.id, blindIds))
        .all()
        .map((r) => r.id),
    )
    const i = blindIds.findIndex((id) => !found.has(id))
    if (i >= 0) throw notFound('Blind', blindIds[i] as string, `blindIds[${i}]`)
  }

  private viewOf(userId: string): { blinds: Set<string>; automations: Set<string> } {
    const viewer = this.get(userId)
    if (!viewer) return { blinds: new Set(), automations: new Set() }
    return {
      blinds: visibleBlindIds(this.db, viewer),
      automations: visibleAutomationIds(this.db, viewer),
    }
  }

  /** When a user's assignments or role change, what they may see changes: tell their browsers. */
  private announceViewChange(
    userId: string,
    before: { blinds: Set<string>; automations: Set<string> },
  ): void {
    const after = this.viewOf(userId)
    const changed = (a: Set<string>, b: Set<string>) =>
      [...new Set([...a, ...b])].filter((id) => a.has(id) !== b.has(id))
    const blindIds = changed(before.blinds, after.blinds)
    const automationIds = changed(before.automations, after.automations)
    if (blindIds.length > 0) {
      this.events.emit('data:changed', {
        entity: 'blind',
        ids: blindIds,
        audience: new Map([[userId, blindIds]]),
      })
    }
    if (automationIds.length > 0) {
      this.events.emit('data:changed', {
        entity: 'automation',
        ids: automationIds,
        audience: new Map([[userId, automationIds]]),
      })
    }
  }

  private announce(ids: string[]): void {
    this.events.emit('data:changed', { entity: 'user', ids, audience: userAudience(this.db, ids) })
  }
}
