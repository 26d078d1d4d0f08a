// Messages of holiday (English beside the code; German in i18n/catalogs/de.ts).
import { defineMessages } from '../i18n/messages'

export const holidayMessages = defineMessages('holiday', {
  off: 'Holiday mode is off',
  paused: 'Holiday mode: schedules and shading paused',
  pausedSince: 'Holiday mode: schedules and shading paused since {since}',
})
