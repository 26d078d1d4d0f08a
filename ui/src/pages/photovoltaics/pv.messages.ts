// Messages of pages/photovoltaics (English beside the code; German in i18n/catalogs/de.ts).
import { defineMessages } from '../../i18n/messages'

export const pvStateMessages = defineMessages('pvState', {
  OFF: 'Off',
  SLEEPING: 'Sleeping: not enough sun',
  STARTING: 'Starting up',
  MPPT: 'Producing',
  THROTTLED: 'Producing, throttled',
  SHUTTING_DOWN: 'Shutting down',
  FAULT: 'Fault',
  STANDBY: 'Standby',
  notReported: 'State not reported',
})
