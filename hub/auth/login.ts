// Logging in and out: throttled, and as slow for an unknown user as for a wrong password.
import type { SessionRepository } from '../db/sessions'
import type { UserRepository } from '../db/users'
import { badInput, HubError, tooManyAttempts } from '../errors'
import type { HubEvents } from '../events'
import { PASSWORD_MAX, USERNAME_MAX } from '../validation/fields'
import { unmatchableHash, verifyPassword } from './passwords'
import type { LoginThrottle } from './throttle'

export interface LoginResult {
  token: string
  expiresAt: string
}

export class AuthService {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionRepository,
    private readonly throttle: LoginThrottle,
    private readonly events: HubEvents,
  ) {}

  async login(usernameInput: string, password: string, address: string): Promise<LoginResult> {
    // Usernames are stored in lower case (checkUsername): "Anna" logs in as anna.
    const username = usernameInput.trim().toLowerCase()
    if (username === '') throw badInput('username', 'is required', 'REQUIRED')
    if (username.length > USERNAME_MAX)
      throw badInput('username', `must be at most ${USERNAME_MAX} characters`, 'TOO_LONG', {
        max: USERNAME_MAX,
      })
    if (password === '') throw badInput('password', 'is required', 'REQUIRED')
    if ([...password].length > PASSWORD_MAX)
      throw badInput('password', `must be at most ${PASSWORD_MAX} characters`, 'TOO_LONG', {
        max: PASSWORD_MAX,
      })

    const wait = this.throttle.retryAfter(username, address)
    if (wait > 0) throw tooManyAttempts(wait / 1000)

    const account = this.users.findForLogin(username)
    const ok = await verifyPassword(password, account?.passwordHash ?? unmatchableHash())
    if (!account || !ok) {
      this.throttle.recordFailure(username, address)
      throw new HubError(401, 'Wrong username or password', undefined, { reason: 'WRONG_LOGIN' })
    }
    this.throttle.recordSuccess(username)
    const { token, expiresAt } = this.sessions.create(account.id)
    return { token, expiresAt: new Date(expiresAt).toISOString() }
  }

  logout(tokenHash: string): void {
    this.sessions.revoke(tokenHash)
    // The session's sockets end with it.
    this.events.emit('sessions:revoked', { tokenHashes: [tokenHash] })
  }
}
