// Messages of position (English beside the code; German in i18n/catalogs/de.ts).
import { defineMessages } from '../i18n/messages'

export const positionMessages = defineMessages('position', {
  unknown: 'Position unknown',
  open: 'Open',
  closed: 'Closed',
  /** A preset button's word, 60 px wide on a phone. */
  presetClosed: 'Closed',
  percentOpen: '{percent}\u00a0% open',
  goingFullyOpen: 'Going to fully open',
  goingClosed: 'Going to closed',
  goingTo: 'Going to {percent}\u00a0% open',
  toPercent: 'to {percent}\u00a0% open',
  toOpen: 'to open',
  toClosed: 'to closed',
  slatsUnknown: 'Slats unknown',
  slatsOpen: 'Slats open',
  slatsClosed: 'Slats closed',
  slatsPercent: 'Slats {percent}\u00a0% open',
  secondsLeft: '{seconds}\u00a0s left',
  minutesLeft: '{minutes}\u00a0min left',
  minutesSecondsLeft: '{minutes}\u00a0min {seconds}\u00a0s left',
})
