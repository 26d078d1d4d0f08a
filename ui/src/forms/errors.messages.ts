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
  NUMBER_RANGE: 'Must be a number from {min} to {max}.',
  NOT_ZERO_RANGE: 'Must be a number from {min} to {max}, other than 0.',
  ZERO_OR_RANGE: 'Must be 0 (no slats) or a whole number from {min} to {max}.',
  TOO_MANY_BYTES: { one: 'Must be at most # byte long.', other: 'Must be at most # bytes long.' },
  TIME_OF_DAY: 'Must be a time of day from 00:00 to 23:59, such as 07:30.',
  DATE_TIME: 'Must be a date and time with its time zone, such as 2026-06-21T00:00:00Z.',
  LIST_LENGTH: 'Must list {min} to {max} entries.',
  REPEATED: '{value} is listed twice.',
  REQUIRED_WITH: 'Required together with {other}.',
  REQUIRED_OR: 'Give this or {other}.',
  REQUIRES_OTHER: 'Needs {other} first.',
  MUST_BE_EMPTY_UNLESS: 'Must stay empty (or 0) unless {other} is {value}.',
  MUST_BE_EMPTY_FOR: 'Must stay empty when {other} is {value}.',
  MUST_DIFFER: 'Must differ from {other} ({value}).',
  MUST_MATCH: 'Must be the same as {other}.',
  WITHIN_DAYS: {
    one: 'Must be after {other}, by at most # day.',
    other: 'Must be after {other}, by at most # days.',
  },
  ADDRESS: 'Must be UNIT:COIL, a Modbus unit and a coil number such as {example}.',
  ADDRESS_UNIT: 'The unit must be from {min} to {max}.',
  ADDRESS_COIL: 'The coil must be from {min} to {max}.',
  UNKNOWN_BLIND: 'No blind has {value}.',
  BOTH_RELAYS: 'Must not drive both the up and the down relay of {blindName} in one scene.',
  NO_SLATS: 'Only for a blind with slats (its slat turn time is 0).',
  CRON: 'Not a schedule the hub can run.',
  CRON_SHORTCUT: 'The hub does not take shortcuts such as {value}: write {shortcut}.',
  CRON_CHARACTER: '“{value}” is not part of a cron expression.',
  CRON_FIELD_COUNT: {
    one: 'Has # field; it needs 5 (minute, hour, day of month, month, day of week), or 6 with seconds first.',
    other:
      'Has # fields; it needs 5 (minute, hour, day of month, month, day of week), or 6 with seconds first.',
  },
  CRON_ITEM: 'The {part} field has “{value}”, which the hub cannot read.',
  CRON_VALUE: 'The {part} field has {value}; it goes from {min} to {max}.',
  CRON_STEP: 'The step in “{value}” ({part} field) must be {min} to {max}.',
  CRON_NEVER_DAY: 'Never fires: day of month {day} never comes in the months given.',
  CRON_NEVER_BOTH:
    'Never fires: no date matches both the day of month ({day}) and the day of week ({weekday}).',
  NEEDS_LOCATION: "Needs the house's location: an admin sets it in Settings.",
  NEEDS_MQTT: 'Needs MQTT, which this hub does not use: read the sensor on the bus instead.',
  MQTT_WILDCARD: 'Must be one topic, without the wildcards + and #.',
  IN_USE: 'Still used by automations: {by}.',
  ADDRESS_TAKEN: '{address} already belongs to {name}.',
  LAST_ADMIN: 'The last admin must stay an admin; make another user an admin first.',
  ALREADY_RUNNING: 'This automation is running already; cancel it first.',
  ALREADY_ENDED: 'This run has ended already.',
  NO_CALIBRATION: 'No calibration run is going on for this blind.',
  SET_ON_HUB:
    "The house's location is set on the hub (LAMELLA_LAT and LAMELLA_LON); change it there.",
  MATTER_OFF: 'Matter is off: start the hub with LAMELLA_MATTER=1 to pair apps.',
  MATTER_STARTING: 'Matter is still starting; try again in a moment.',
  UNREACHABLE: 'The hub cannot be reached. Check the connection and try again.',
  somethingWrong: 'Something went wrong',
})

/** The fields an error names as its `other`, as a sentence names them. */
export const errorFieldMessages = defineMessages('errorField', {
  travelTimeMs: 'the travel time',
  facadeAzimuth: 'the direction of the window',
  shadePosition: 'a shade position',
  lat: 'the latitude',
  lon: 'the longitude',
  tilt: 'a tilt',
  type: 'the type',
  triggerType: 'the trigger',
  blindAddressUp: 'the up address',
  password: 'the new password',
  from: 'the start',
})

/** The fields of a cron expression, as an error names them (`part`). */
export const cronPartMessages = defineMessages('cronPart', {
  second: 'second',
  minute: 'minute',
  hour: 'hour',
  dayOfMonth: 'day of month',
  month: 'month',
  dayOfWeek: 'day of week',
})
