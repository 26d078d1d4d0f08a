import { describe, expect, it } from 'vitest'
import { HubError } from '../errors'
import {
  checkAddress,
  checkId,
  checkIds,
  checkIntegerIn,
  checkName,
  checkPassword,
  checkUsername,
  IDS_MAX,
  nameKey,
} from './fields'

/** The HubError a checker throws, so a test can look at its code, field and message. */
function rejection(check: () => unknown): HubError {
  try {
    check()
  } catch (err) {
    if (err instanceof HubError) return err
    throw err
  }
  throw new Error('expected the checker to reject the value')
}

const UUID = '0b6f6a52-3c1e-4f6b-9d9a-5f2c8e1d7a40'

describe('checkName', () => {
  it('trims the name and keeps its inner spaces', () => {
    expect(checkName('name', '  Living room  ')).toBe('Living room')
  })

  it('accepts 1 and 64 characters, counting an emoji as one character', () => {
    expect(checkName('name', 'A')).toBe('A')
    expect(checkName('name', 'x'.repeat(64))).toBe('x'.repeat(64))
    expect(checkName('name', '🌅'.repeat(64))).toBe('🌅'.repeat(64))
  })

  it.each([
    ['an empty name', '', 'scene[2].name must not be empty'],
    ['a name of spaces only', '   \t ', 'scene[2].name must not be empty'],
    [
      'a name of 65 characters',
      'x'.repeat(65),
      'scene[2].name must be at most 64 characters (got 65)',
    ],
  ])('rejects %s, naming the field and the rule in plain words', (_, value, message) => {
    const err = rejection(() => checkName('scene[2].name', value))
    expect(err.code).toBe(400)
    expect(err.field).toBe('scene[2].name')
    expect(err.message).toBe(message)
  })

  it('rejects a name with a control character inside', () => {
    const err = rejection(() => checkName('name', 'Kitchen\u0007left'))
    expect(err.code).toBe(400)
    expect(err.message).toBe('name must not contain control characters')
  })

  it('stores an accented letter in its composed form', () => {
    expect(checkName('name', 'Cafe\u0301')).toBe('Caf\u00e9')
  })
})

describe('nameKey', () => {
  it('gives names that differ only in case the same key', () => {
    expect(nameKey('Morning Routine')).toBe(nameKey('MORNING routine'))
  })

  it('gives different names different keys', () => {
    expect(nameKey('Morning')).not.toBe(nameKey('Evening'))
  })

  it('folds compatibility characters, so a ligature matches its letters', () => {
    expect(nameKey('\ufb01re')).toBe(nameKey('Fire'))
  })
})

describe('checkUsername', () => {
  it('accepts lower-case letters, digits, dot, underscore and hyphen', () => {
    expect(checkUsername('username', 'anna.b_2-x')).toBe('anna.b_2-x')
  })

  it('trims the username', () => {
    expect(checkUsername('username', '  anna ')).toBe('anna')
  })

  it('takes a name typed with capitals in lower case, as it is stored', () => {
    expect(checkUsername('username', ' ADMIN ')).toBe('admin')
    expect(checkUsername('username', 'Anna.B')).toBe('anna.b')
  })

  it.each([
    ['no characters', '  ', 'username must not be empty'],
    ['2 characters', 'ab', 'username must be 3 to 32 characters (got 2)'],
    ['33 characters', 'a'.repeat(33), 'username must be 3 to 32 characters (got 33)'],
  ])('rejects a username of %s', (_, value, message) => {
    const err = rejection(() => checkUsername('username', value))
    expect(err.code).toBe(400)
    expect(err.message).toBe(message)
  })

  it.each([['anna b'], ['anna@home'], ['änna'], ['ÄNNA']])('rejects the username %j', (value) => {
    const err = rejection(() => checkUsername('username', value))
    expect(err.code).toBe(400)
    expect(err.field).toBe('username')
    expect(err.message).toContain('may only contain lower-case letters a-z')
  })
})

describe('checkPassword', () => {
  it('accepts 8 and 256 characters and keeps surrounding spaces', () => {
    expect(checkPassword('password', '12345678')).toBe('12345678')
    expect(checkPassword('password', ' '.repeat(256))).toBe(' '.repeat(256))
  })

  it('says an empty password must not be empty, not that it got 0 characters', () => {
    expect(rejection(() => checkPassword('password', '')).message).toBe(
      'password must not be empty',
    )
  })

  it.each([
    ['7 characters', '1234567', 7],
    ['257 characters', 'p'.repeat(257), 257],
  ])('rejects a password of %s', (_, value, length) => {
    const err = rejection(() => checkPassword('password', value))
    expect(err.code).toBe(400)
    expect(err.message).toBe(`password must be 8 to 256 characters long (got ${length})`)
  })

  it('counts characters, not UTF-16 units, so 4 emoji are too short', () => {
    expect(rejection(() => checkPassword('password', '🔑🔑🔑🔑')).message).toContain('(got 4)')
  })

  it('never echoes the password in its message', () => {
    expect(rejection(() => checkPassword('password', 'secret1')).message).not.toContain('secret1')
  })
})

describe('checkId', () => {
  it('accepts a UUID as it is', () => {
    expect(checkId('id', UUID)).toBe(UUID)
  })

  it.each([[''], ['42'], ['not-a-uuid'], [`${UUID}0`], [` ${UUID}`], [UUID.replace(/-/g, '')]])(
    'rejects %j',
    (value) => {
      const err = rejection(() => checkId('automationId', value))
      expect(err.code).toBe(400)
      expect(err.field).toBe('automationId')
      expect(err.message).toBe('automationId must be a UUID')
    },
  )
})

describe('checkIds', () => {
  it('folds repeated ids', () => {
    expect(checkIds('ids', [UUID, UUID, UUID])).toEqual([UUID])
  })

  it('keeps the order of the ids given', () => {
    const other = 'ffffffff-0000-4000-8000-000000000001'
    expect(checkIds('ids', [other, UUID])).toEqual([other, UUID])
  })

  it('rejects an empty list unless empty is allowed', () => {
    const err = rejection(() => checkIds('ids', []))
    expect(err.code).toBe(400)
    expect(err.message).toBe('ids must list at least one id')
    expect(checkIds('blindIds', [], true)).toEqual([])
  })

  it('names the position of a malformed id', () => {
    const err = rejection(() => checkIds('ids', [UUID, 'nope']))
    expect(err.field).toBe('ids[1]')
    expect(err.message).toBe('ids[1] must be a UUID')
  })

  it(`rejects more than ${IDS_MAX} ids`, () => {
    const many = Array.from({ length: IDS_MAX + 1 }, () => UUID)
    expect(rejection(() => checkIds('ids', many)).message).toBe(
      `ids must list at most ${IDS_MAX} ids`,
    )
    expect(checkIds('ids', many.slice(1))).toEqual([UUID])
  })
})

describe('checkAddress', () => {
  it.each([
    ['1:0', '1:0'],
    ['01:007', '1:7'],
    [' 12 : 3 ', '12:3'],
    ['247:255', '247:255'],
  ])('reads %j as %j', (value, canonical) => {
    expect(checkAddress('blindAddressUp', value)).toBe(canonical)
  })

  it.each([
    ['0:1', 'must have a unit from 1 to 247 (got 0)'],
    ['248:1', 'must have a unit from 1 to 247 (got 248)'],
    ['1:256', 'must have a coil from 0 to 255 (got 256)'],
  ])('rejects %j as out of range', (value, rule) => {
    const err = rejection(() => checkAddress('scene[0].blindAddresses[3]', value))
    expect(err.code).toBe(400)
    expect(err.field).toBe('scene[0].blindAddresses[3]')
    expect(err.message).toBe(`scene[0].blindAddresses[3] ${rule}`)
  })

  it.each([[''], ['1'], ['1-0'], ['kitchen'], ['1:0:0'], ['-1:0'], ['1:1000'], ['1.0:2']])(
    'rejects the malformed address %j',
    (value) => {
      const err = rejection(() => checkAddress('blindAddressUp', value))
      expect(err.code).toBe(400)
      expect(err.message).toBe(
        'blindAddressUp must be UNIT:COIL, a Modbus unit and a coil number such as 1:0',
      )
    },
  )

  it('shows a down address an example of its own, the relay after the up one', () => {
    expect(rejection(() => checkAddress('blindAddressDown', 'kitchen')).message).toBe(
      'blindAddressDown must be UNIT:COIL, a Modbus unit and a coil number such as 1:1',
    )
  })
})

describe('checkIntegerIn', () => {
  it('accepts both bounds', () => {
    expect(checkIntegerIn('travelTimeMs', 1000, 1000, 300000)).toBe(1000)
    expect(checkIntegerIn('travelTimeMs', 300000, 1000, 300000)).toBe(300000)
  })

  it.each([
    [999, '999'],
    [300001, '300001'],
    [1500.5, '1500.5'],
    [Number.NaN, 'NaN'],
    [Number.POSITIVE_INFINITY, 'Infinity'],
  ])('rejects %d, naming the range and its unit', (value, shown) => {
    const err = rejection(() => checkIntegerIn('travelTimeMs', value, 1000, 300000, ' ms'))
    expect(err.code).toBe(400)
    expect(err.field).toBe('travelTimeMs')
    expect(err.message).toBe(
      `travelTimeMs must be an integer from 1000 to 300000 ms (got ${shown})`,
    )
  })
})
