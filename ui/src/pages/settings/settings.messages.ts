// Messages of the settings page (English beside the code; German in
// i18n/catalogs/de-settings.ts).
import { defineMessages } from '../../i18n/messages'

export const settingsMessages = defineMessages('settings', {
  title: 'Settings',
  intro: 'For the whole house. Each blind’s own settings are in its dialog on Blinds.',
  setOnHubWith: 'Set on the hub with',
  and: 'and',
  off: 'Off.',
  link: 'Link',
  error: 'Error',
  online: 'Online',
  offline: 'Offline',
  offlineSince: 'Offline since',
  // Holiday mode
  holidayTitle: 'Holiday mode',
  holidayDescription:
    'Pauses every schedule and all shading while you are away. Runs started by hand still work.',
  livedIn: 'Look lived-in',
  onTime: 'Schedules on time',
  upToLater: 'Up to {minutes} min later',
  livedInHint: 'Schedules start that much later at random, holiday or not.',
  holidayNotSwitched: 'Could not switch holiday mode: {reason}',
  // MQTT
  mqttTitle: 'Home Assistant (MQTT)',
  mqttOff: 'With it set, Home Assistant and other hubs see and move the blinds.',
  broker: 'Broker',
  hubId: 'Hub id',
  connected: 'Connected',
  disconnectedSince: 'Disconnected since',
  connecting: 'Connecting…',
  // Photovoltaics
  pvTitle: 'Photovoltaics',
  pvOff: 'With it set, Home shows the inverter’s power and shading can wait for real sun.',
  inverter: 'Inverter',
  notKnown: 'Not known',
  powerAndEnergy: 'Power and energy',
})

export const locationMessages = defineMessages('location', {
  title: 'House location',
  description:
    'Sunrise and sunset triggers and sun-aware shading work out where the sun is from it.',
  typeBoth: 'Type the latitude and the longitude',
  cleared: 'House location cleared',
  saved: 'House location saved',
  standsAt: 'The house stands at {place}',
  setOnHub: 'set on the hub',
  change: 'Change',
  unknown: 'The hub does not know where the house stands, so it cannot tell where the sun is.',
  form: 'The house’s location',
  latitude: 'Latitude (° north)',
  longitude: 'Longitude (° east)',
  hint: 'From a map app: the first number is the latitude. South and west are negative.',
  saving: 'Saving…',
  set: 'Set location',
  cancelChange: 'Cancel location change',
  cancel: 'Cancel',
  notSaved: 'Could not save the location: {reason}',
  north: 'N',
  south: 'S',
  east: 'E',
  west: 'W',
})

export const matterMessages = defineMessages('matter', {
  title: 'Apple Home, Google Home, Alexa (Matter)',
  description:
    'Every blind in your phone’s home app and its voice assistant, on your own network, without a cloud.',
  notLoaded: 'Could not load Matter: {reason}',
  offStart: 'Off. Start the hub with',
  offToPair: ' to pair it with a home app.',
  starting: 'Starting the bridge…',
  windowOpened: 'Another app may pair for 15 minutes',
  forgotten: 'Every pairing forgotten',
  pairedWith: 'Paired with',
  qrLabel: 'Matter pairing QR code',
  openForAnother: 'Open for another app for 15 minutes',
  ready: 'Ready to pair',
  stepAdd: 'In your home app, choose Add device (or Add accessory), then Matter.',
  stepScan: 'Scan this code, or type the manual code:',
  manualCode: 'Manual pairing code',
  sameNetwork: 'Your phone must be on the same network as the hub.',
  allowAnother: 'Allow another app to pair',
  forgetAll: 'Forget all pairings',
  forgetTitle: 'Forget all pairings?',
  forgetMessage:
    'Every home app loses the blinds, with their rooms, scenes and automations there. You can pair again with the code shown here.',
  forgetConfirm: 'Forget all',
})
