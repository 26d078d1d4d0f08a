// A user changing their own password proves first that they know the current one, so a
// session left open on a shared tablet cannot take the account over. A wrong one counts as a
// failed login for that username and address (auth/throttle.ts), so this check is no faster
// way to guess a password than the login itself.
import { badInput, tooManyAttempts } from '../errors'
import { verifyPassword } from './passwords'
import type { LoginThrottle } from './throttle'

export interface PasswordOwner {
  username: string
  passwordHash: string
}

export async function checkOwnPassword(
  owner: PasswordOwner,
  currentPassword: string,
  address: string,
  throttle: LoginThrottle | undefined,
): Promise<void> {
  const wait = throttle?.retryAfter(owner.username, address) ?? 0
  if (wait > 0) throw tooManyAttempts(wait / 1000)
  if (!(await verifyPassword(currentPassword, owner.passwordHash))) {
    throttle?.recordFailure(owner.username, address)
    throw badInput('currentPassword', 'does not match your password', 'PASSWORD_MISMATCH')
  }
  throttle?.recordSuccess(owner.username)
}
