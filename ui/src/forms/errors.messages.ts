// The hub's errors in the user's language, one wording per stable reason (hub/errors.ts
// HUB_ERROR_REASONS) with its values; field errors are shown at their field, so they do not
// name it. English shows the hub's own message, which says the same and more exactly.
import { defineMessages } from '../i18n/messages'

export const errorMessages = defineMessages('error', {
  INVALID: 'This value is not valid.',
  REQUIRED: 'Required.',
  EMPTY: 'Must not be empty.',
  TOO_LONG: { one: 'Must be at most # character.', other: 'Must be at most # characters.' },
  LENGTH: 'Must be {min} to {max} characters long.',
  RANGE: 'Must be a whole number from {min} to {max}.',
  ONE_OF: 'Must be one of {allowed}.',
  NOT_UUID: 'Not an id the hub made.',
  CONTROL_CHARACTERS: 'Must not contain control characters.',
  USERNAME_CHARACTERS:
    'May only contain lower-case letters a-z, digits 0-9, dot, underscore and hyphen.',
  PASSWORD_MISMATCH: 'Does not match your password.',
  UNAUTHENTICATED: 'Not logged in, or the session expired.',
  WRONG_LOGIN: 'Wrong username or password.',
  FORBIDDEN: 'You are not allowed to do this.',
  NOT_FOUND: 'This does not exist (any more).',
  CONFLICT: 'This clashes with what the hub holds already.',
  NAME_TAKEN: '{name} is taken already.',
  TOO_MANY_ATTEMPTS: {
    one: 'Too many failed logins; try again in a minute.',
    other: 'Too many failed logins; try again in # minutes.',
  },
  BUS_OFFLINE: 'The relay bus is offline, so blinds cannot move until it is back.',
  WEATHER_LOCKED: '{blindName} may only go to its safety position during the weather alarm.',
  WEATHER_FROZEN: '{blindName} is held where it stands while it freezes.',
  UNREACHABLE: 'The hub cannot be reached. Check the connection and try again.',
  somethingWrong: 'Something went wrong',
})
