// The words of sun-aware shading: compass points, facing, why a blind moved and what shading
// does now. German in i18n/catalogs/de-shading.ts.
import { defineMessages } from '../i18n/messages'

export const shadingMessages = defineMessages('shading', {
  north: 'north',
  northEast: 'north-east',
  east: 'east',
  southEast: 'south-east',
  south: 'south',
  southWest: 'south-west',
  west: 'west',
  northWest: 'north-west',
  /** The dial's letters. */
  letterN: 'N',
  letterE: 'E',
  letterS: 'S',
  letterW: 'W',
  facadeDirection: 'Facade direction',
  noFacade: 'No facade set',
  windowFaces: 'Window faces {azimuth}°, {direction}',
  SUN_IN_FRONT: 'Sun in front',
  BRIGHT: 'Bright',
  ENDED: 'Ended',
  PAUSED: 'Paused',
  shading: 'Shading',
  pausedUntil: 'Paused until {until}',
  pausedByYou: 'Paused by you until {until}',
  pausedByName: 'Paused by {name} until {until}',
  pausedByOther: 'Paused by another user until {until}',
  pausedByAutomation: 'Paused by automation “{name}” until {until}',
  pausedByAnAutomation: 'Paused by an automation until {until}',
  pausedByMqtt: 'Paused by Home Assistant (MQTT) until {until}',
  pausedByMatter: 'Paused by a smart home app (Matter) until {until}',
  pausedByYourCalibration: 'Paused by your calibration until {until}',
  pausedByNamedCalibration: 'Paused by {name}’s calibration until {until}',
  pausedByCalibration: 'Paused by a calibration until {until}',
})
