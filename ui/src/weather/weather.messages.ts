// Messages of weather (English beside the code; German of rain in i18n/catalogs/de.ts, of the
// rest in de-weather.ts).
import { defineMessages } from '../i18n/messages'

export const rainWords = defineMessages('rain', { raining: 'Raining', dry: 'Dry' })

/** The banner's sentences, whole per case (see alarmSentence). */
export const alarmMessages = defineMessages('weatherAlarm', {
  wind: 'Wind alarm: {wind}.',
  windRaisedUntil: {
    one: 'Wind alarm: {wind}. # blind raised and locked until {until}',
    other: 'Wind alarm: {wind}. # blinds raised and locked until {until}',
  },
  windSafetyUntil: {
    one: 'Wind alarm: {wind}. # blind sent to safety and locked until {until}',
    other: 'Wind alarm: {wind}. # blinds sent to safety and locked until {until}',
  },
  windRaisedCalm: {
    one: 'Wind alarm: {wind}. # blind raised and locked until {minutes} minutes of calm',
    other: 'Wind alarm: {wind}. # blinds raised and locked until {minutes} minutes of calm',
  },
  windSafetyCalm: {
    one: 'Wind alarm: {wind}. # blind sent to safety and locked until {minutes} minutes of calm',
    other: 'Wind alarm: {wind}. # blinds sent to safety and locked until {minutes} minutes of calm',
  },
  rain: 'Rain alarm.',
  rainRaisedUntil: {
    one: 'Rain alarm: # blind raised and locked until {until}',
    other: 'Rain alarm: # blinds raised and locked until {until}',
  },
  rainSafetyUntil: {
    one: 'Rain alarm: # blind sent to safety and locked until {until}',
    other: 'Rain alarm: # blinds sent to safety and locked until {until}',
  },
  rainRaisedDry: {
    one: 'Rain alarm: # blind raised and locked until {minutes} minutes without rain',
    other: 'Rain alarm: # blinds raised and locked until {minutes} minutes without rain',
  },
  rainSafetyDry: {
    one: 'Rain alarm: # blind sent to safety and locked until {minutes} minutes without rain',
    other: 'Rain alarm: # blinds sent to safety and locked until {minutes} minutes without rain',
  },
  frost: 'Frost.',
  frostUntil: {
    one: 'Frost: # blind held where it stands until {until}',
    other: 'Frost: # blinds held where they stand until {until}',
  },
  frostWarm: {
    one: 'Frost: # blind held where it stands until 2 hours at 4 °C or more',
    other: 'Frost: # blinds held where they stand until 2 hours at 4 °C or more',
  },
  sensor: 'Wind sensor silent.',
  sensorRaisedUntil: {
    one: 'Wind sensor silent: # blind raised and locked until {until}',
    other: 'Wind sensor silent: # blinds raised and locked until {until}',
  },
  sensorSafetyUntil: {
    one: 'Wind sensor silent: # blind sent to safety and locked until {until}',
    other: 'Wind sensor silent: # blinds sent to safety and locked until {until}',
  },
  sensorRaisedReads: {
    one: 'Wind sensor silent: # blind raised and locked until it reads again',
    other: 'Wind sensor silent: # blinds raised and locked until it reads again',
  },
  sensorSafetyReads: {
    one: 'Wind sensor silent: # blind sent to safety and locked until it reads again',
    other: 'Wind sensor silent: # blinds sent to safety and locked until it reads again',
  },
})

/** The short words on a locked blind's card. */
export const lockMessages = defineMessages('weatherLock', {
  WIND: 'Locked: wind alarm',
  RAIN: 'Locked: rain alarm',
  SENSOR: 'Locked: wind sensor silent',
  FROST: 'Held: frost',
})

/**
 * A lock's reason in a language other than English, from its kind, its figures (the wind and the
 * limit, the temperature, why the sensor holds) and when it may lift; the hub words its `reason`
 * in English only. The bare kind (WIND, ...) is for a lock without its figures.
 */
export const lockReasonMessages = defineMessages('weatherLockReason', {
  WIND: 'Wind alarm',
  RAIN: 'Rain alarm',
  SENSOR: 'The wind sensor gives no reading',
  FROST: 'Frost after rain',
  liftsAt: '{cause}; it may lift at {time}.',
  liftsWIND: '{cause}; it lifts after the release time of calm.',
  liftsRAIN: '{cause}; it lifts after the release time without rain.',
  liftsFROST: '{cause}; it lifts after 2 hours at 4 °C or more, or when an admin lifts it.',
  liftsSENSOR: '{cause}; it lifts once the wind sensor reads again.',
  windOver: 'Wind {wind} over the limit of {limit}',
  windUnder: 'Wind now {wind}, under the limit of {limit} but not yet calm long enough',
  frostAt: 'Frost: {temperature} after rain',
  sensorNO_SENSOR: 'No wind sensor is set up',
  sensorWAITING: 'Waiting for the wind sensor’s first reading',
  sensorSILENT: 'The wind sensor has given no reading for 60 s',
})

/** The kind of an alarm as a list names it. */
export const alarmNameMessages = defineMessages('weatherAlarmName', {
  WIND: 'Wind',
  RAIN: 'Rain',
  FROST: 'Frost',
  SENSOR: 'Wind sensor silent',
})

export const windChartMessages = defineMessages('windChart', {
  gust: 'Gust',
  mean: 'Mean',
  readout: '{time} · {mean}, gust {gust}',
})
