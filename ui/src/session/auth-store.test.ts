import { afterEach, describe, expect, it, vi } from 'vitest'
import { readToken, writeToken } from './auth-store'

describe('the authStore in local storage', () => {
  afterEach(() => vi.restoreAllMocks())

  it('keeps the token as an object with a token field under the key authStore', () => {
    writeToken('abc')
    expect(JSON.parse(localStorage.getItem('authStore') ?? 'null')).toEqual({ token: 'abc' })
    expect(readToken()).toBe('abc')
  })

  it('reads no token when nothing is stored, and removes the key on logout', () => {
    expect(readToken()).toBeNull()
    writeToken('abc')
    writeToken(null)
    expect(localStorage.getItem('authStore')).toBeNull()
  })

  it('clears a value that is not JSON, with the console message "Invalid authStore value"', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    localStorage.setItem('authStore', '{not json')
    expect(readToken()).toBeNull()
    expect(localStorage.getItem('authStore')).toBeNull()
    expect(error).toHaveBeenCalledWith('Invalid authStore value')
  })

  it('reads no token from JSON without a string token', () => {
    localStorage.setItem('authStore', JSON.stringify({ token: 42 }))
    expect(readToken()).toBeNull()
    localStorage.setItem('authStore', 'null')
    expect(readToken()).toBeNull()
  })
})
