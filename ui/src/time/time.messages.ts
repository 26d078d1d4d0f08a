// Messages of time (English beside the code; German in i18n/catalogs/de.ts).
import { defineMessages } from '../i18n/messages'

export const timeMessages = defineMessages('time', {
  zoneNote: "Times in {timeZone}, the hub's time zone",
})
