// Messages of pages/automation (English beside the code; German in i18n/catalogs/de-automation.ts).
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

export const automationListMessages = defineMessages('automationList', {
  title: 'Automation',
  newAutomation: 'New automation',
  notLoaded: 'Automations could not be loaded: {reason}',
  loading: 'Loading automations',
  noneYet: 'No automations yet',
  intro:
    'An automation moves your blinds in steps: on a schedule, at sunrise or sunset, or when you run it.',
  createFirst: 'Create your first automation',
  listLabel: 'Automations',
  triggerAndScenes: { one: '{trigger} · # scene', other: '{trigger} · # scenes' },
  disabled: 'Disabled',
  lastRun: 'Last run',
  neverRun: 'Never run',
  started: 'Started {when}',
})

export const automationActionMessages = defineMessages('automationActions', {
  runningNow: 'It is running now',
  starting: 'Starting…',
  runNow: 'Run now',
  run: 'Run {name}',
  runNowNamed: 'Run {name} now',
  started: 'Started {name}',
  cancelled: 'Cancelled {name}',
  delete: 'Delete',
  deleted: 'Deleted {name}',
  deleteTitle: 'Delete automation {name}?',
  deleteMessage: 'Its scenes and run history go with it. This cannot be undone.',
})

export const timeLeftMessages = defineMessages('timeLeft', {
  ending: 'ending',
  secondsLeft: '{seconds} s left',
  left: '{duration} left',
})

export const triggerSummaryMessages = defineMessages('triggerSummary', {
  manual: 'Manual',
  schedule: 'Schedule {cron}',
  sunrise: 'Sunrise',
  sunset: 'Sunset',
  onTheSchedule: 'On the schedule {cron}',
  bothDays: '{text} (only on days that match both)',
  presetWeekdays: 'Weekdays 07:00',
  presetEveryDay: 'Every day 08:00',
  presetQuarterHour: 'Every 15 minutes',
})

export const editPageMessages = defineMessages('automationEdit', {
  allAutomations: 'All automations',
  newAutomation: 'New automation',
  notLoaded: 'The automation could not be loaded: {reason}',
  loading: 'Loading automation',
  editTitle: 'Edit {name}',
  fixMarked: 'Fix the marked fields',
  name: 'Name',
  namePlaceholder: 'e.g. Morning',
  saving: 'Saving…',
  save: 'Save',
  saved: 'Saved',
  created: 'Automation {name} created',
  thisAutomation: 'this automation',
  theNewAutomation: 'the new automation',
})

export const triggerEditorMessages = defineMessages('triggerEditor', {
  trigger: 'Trigger',
  manual: 'Manual',
  manualHint: 'Only when you start it.',
  cron: 'Schedule (cron)',
  cronHint: 'At set times.',
  sun: 'Sunrise or sunset',
  sunHint: 'Follows the sun.',
  noLocationAdmin: "Sunrise and sunset triggers need the house's location: set it in {settings}.",
  settings: 'Settings',
  noLocation:
    "Sunrise and sunset triggers need the house's location: an admin sets it in Settings.",
  enabled: 'Enabled',
  enabledHint: 'The schedule only fires while this is on. Run now works either way.',
  cronExpression: 'Cron expression',
  cronFields: 'Minute, hour, day of month, month, day of week',
  cronPresets: 'Cron presets',
  timeZone: "Times are in {timeZone}, the hub's time zone.",
  sunEvent: 'Sun event',
  offset: 'Offset (minutes)',
  offsetHint: 'Negative = before, positive = after; -720 to 720',
  atSunrise: 'At sunrise, every day.',
  atSunset: 'At sunset, every day.',
  beforeSunrise: '{minutes} min before sunrise, every day.',
  afterSunrise: '{minutes} min after sunrise, every day.',
  beforeSunset: '{minutes} min before sunset, every day.',
  afterSunset: '{minutes} min after sunset, every day.',
})

export const runPanelMessages = defineMessages('runPanel', {
  status: 'Status',
  trigger: 'Trigger',
  nextRun: 'Next run',
  lastRun: 'Last run',
  never: 'Never',
  onlyByHand: 'Only when run by hand',
  noneWhileDisabled: 'None while disabled',
  notScheduled: 'Not scheduled',
  cancelling: 'Cancelling…',
  cancelRun: 'Cancel run',
  unsavedTitle: 'Run with unsaved changes?',
  cancel: 'Cancel',
  runSaved: 'Run saved version',
  saveAndRun: 'Save and run',
  unsavedMessage:
    'Your changes to {name} are not saved yet. The hub runs the saved version unless you save them first.',
})

export const runHistoryMessages = defineMessages('runHistory', {
  title: 'Run history',
  notLoaded: 'The run history could not be loaded: {reason}',
  loading: 'Loading run history',
  noneYet: 'No runs yet. Each run shows here as it happens.',
  listLabel: 'Runs, newest first',
  sourceManual: 'Run by hand',
  sourceCron: 'Schedule',
  sourceSun: 'Sun',
  sourceMqtt: 'From Home Assistant / MQTT',
  step: 'step {step} of {count}',
  skipped: 'Skipped: {name} ({reason})',
  aBlind: 'a blind',
})

export const sceneMessages = defineMessages('sceneEditor', {
  scenes: 'Scenes',
  countOfMax: '{count} of at most {max}',
  order: 'Scenes run one after another, from top to bottom.',
  addScene: 'Add scene',
  scene: 'Scene {n}',
  moveUpNamed: 'Move scene {n} up',
  moveUp: 'Move up',
  moveDownNamed: 'Move scene {n} down',
  moveDown: 'Move down',
  removeNamed: 'Remove scene {n}',
  remove: 'Remove',
  needsOne: 'An automation needs at least one scene',
  sceneName: 'Scene name',
  type: 'Type',
  typePosition: 'Position',
  typeBlindControl: 'Blind control (timed)',
  typeDelay: 'Delay',
  nameSetPosition: 'Set position',
  nameMoveBlinds: 'Move blinds',
  nameWait: 'Wait',
  duration: 'Duration (seconds)',
  delayRange: '{min} s to 24 h',
  timedRange: '{min}–{max} s',
  rangeThatIs: '{range}; that is {duration}',
  delayNote: 'Waits, then the next scene starts.',
  fullTravel: 'Full travel',
  tickForTravel: 'Tick blinds to set the duration from their travel times.',
  setsTravel: 'Sets {seconds} s: the longest travel of the ticked blinds, plus 2 s.',
  whereTo: 'Where to',
  fullyOpen: 'Fully open',
  fullyClosed: 'Fully closed',
  partOpen: 'Part open',
  keepPosition: 'Keep position',
  percentSlider: 'Percent open, slider',
  percentOpen: 'Percent open',
  percentHint: '0 closed, 100 open',
  alsoSlats: 'Also turn the slats',
  slatsSlider: 'Slats percent open, slider',
  slatsOpen: 'Slats (% open)',
  lastsUntil: 'Lasts until the blinds arrive; then the next scene starts.',
  lastsAtMost:
    'Lasts until the blinds arrive, at most about {duration}; then the next scene starts.',
})

export const pickerMessages = defineMessages('blindPicker', {
  blindsToMove: 'Blinds to move',
  loading: 'Loading blinds',
  noBlinds: 'There are no blinds to move yet. {link} first.',
  addBlinds: 'Add blinds',
  slats: 'slats',
  gone: 'A blind that no longer exists',
  up: 'Up',
  down: 'Down',
  blindUp: '{name} up',
  blindDown: '{name} down',
  unknownAddress: 'Unknown address {address}',
  tickHint: 'Tick up or down for each blind this scene moves.',
  unknownHint: 'An unknown address belongs to no blind; untick it to save.',
})

export const draftErrorMessages = defineMessages('automationDraft', {
  enterSeconds: 'Enter {min} to {max} seconds',
  enterSecondsHours: 'Enter {min} to {max} seconds ({hours} hours)',
  tickOne: 'Tick at least one blind to move',
  tickMovements: 'Tick at most {max} blind movements',
  tickBlinds: 'Tick at most {max} blinds',
  positionOrSlats: 'Choose a position, or turn the slats',
  wholePercent: 'Enter a whole number from 0 (closed) to 100 (open)',
})
