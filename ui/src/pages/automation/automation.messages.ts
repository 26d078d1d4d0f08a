// Messages of pages/automation (English beside the code; German in i18n/catalogs/de.ts).
import { defineMessages } from '../../i18n/messages'

export const RUN_STATUS_LABEL = defineMessages('runStatus', {
  RUNNING: 'Running',
  SUCCEEDED: 'Succeeded',
  FAILED: 'Failed',
  CANCELLED: 'Cancelled',
})

export const nextRunMessages = defineMessages('nextRun', {
  pausedHoliday: 'Paused: holiday mode',
  wouldRun: 'would run',
  pausedClock: 'Paused until the hub’s clock is set',
  nextRun: 'Next run',
})
