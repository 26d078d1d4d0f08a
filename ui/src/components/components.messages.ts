// The words of the parts every page shares: blind cards, move buttons, dialogs.
import { defineMessages } from '../i18n/messages'

export const blindCardMessages = defineMessages('blindCard', {
  movingUp: 'Moving up',
  movingDown: 'Moving down',
  reversing: 'Reversing…',
  favourite: 'Favourite {name}',
  removeFavourite: 'Remove from favourites',
  addFavourite: 'Add to favourites',
  moveGroup: 'Move {name}',
  up: 'Up',
  stop: 'Stop',
  down: 'Down',
  upBlind: 'Up {name}',
  stopBlind: 'Stop {name}',
  downBlind: 'Down {name}',
  notWhileOffline: '{action}: not while the bus is offline',
  position: 'Position',
  ofBlind: 'of {name}',
  slats: 'Slats',
  unknown: 'Unknown',
  presetsFor: 'Presets for {name}',
  presetAria: '{name}: {position}',
  myPosition: 'My',
  myPositionAria: '{name}: my position, {position}',
  myPositionTitle: 'My position: {position}',
  busOffline: 'The relay bus is offline, so blinds cannot move until it is back.',
  details: 'Details',
})

export const dialogMessages = defineMessages('dialog', {
  close: 'Close',
  cancel: 'Cancel',
  save: 'Save',
  saving: 'Saving…',
  delete: 'Delete',
  checking: 'Checking…',
})
