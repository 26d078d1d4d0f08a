// The hub's tables. Times are epoch milliseconds; ids are UUID strings.
// Scenes point at blinds by (blind, side), so a rewired blind keeps its automations working;
// the scene's `blindAddresses` are read from the blinds' current addresses.
import { sql } from 'drizzle-orm'
import {
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  sqliteView,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core'

export const users = sqliteTable('users', {
  id: text('id').primaryKey(),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  isAdmin: integer('is_admin', { mode: 'boolean' }).notNull().default(false),
  /** The UI's language, 'en' or 'de'; null follows the browser (ARCHITECTURE.md section 15). */
  language: text('language'),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
})

export const sessions = sqliteTable(
  'sessions',
  {
    /** SHA-256 of the token, hex; the token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

export const blinds = sqliteTable(
  'blinds',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** The name folded for case-insensitive uniqueness. */
    nameKey: text('name_key').notNull(),
    addressUp: text('address_up').notNull(),
    addressDown: text('address_down').notNull(),
    /** Full travel from closed to open, and from open to closed (ms). */
    travelTimeUpMs: integer('travel_time_up_ms').notNull(),
    travelTimeDownMs: integer('travel_time_down_ms').notNull(),
    /** The motor's lag after its relay closes (ms). */
    motorStartDelayMs: integer('motor_start_delay_ms').notNull().default(0),
    /** A full turn of a venetian blind's slats (ms); 0 for a blind without slats. */
    tiltTimeMs: integer('tilt_time_ms').notNull().default(0),
    room: text('room'),
    /** The household's "my" preset, 0-100. */
    myPosition: integer('my_position'),
    /** Where the blind stood when it last stopped, 0-100 (100 = open); null: not known. */
    position: real('position'),
    tilt: real('tilt'),
    /**
     * Whether the travel times were given (or timed) rather than left at the 60 s guess:
     * shading needs them to take the blind to its shade position.
     */
    travelTimeKnown: integer('travel_time_known', { mode: 'boolean' }).notNull().default(true),
    /** The facade for sun-aware shading (ARCHITECTURE.md section 12); null: none. */
    facadeAzimuth: integer('facade_azimuth'),
    fovLeft: integer('fov_left').notNull().default(90),
    fovRight: integer('fov_right').notNull().default(90),
    minElevation: integer('min_elevation').notNull().default(0),
    shadePosition: integer('shade_position'),
    shadeTilt: integer('shade_tilt'),
    shadingEnabled: integer('shading_enabled', { mode: 'boolean' }).notNull().default(false),
    shadingMinBrightness: integer('shading_min_brightness').notNull().default(40),
    shadingReturnPosition: integer('shading_return_position'),
    /** "HH:MM" in the hub's time zone; null: a person's command pauses until midnight. */
    shadingResumeAt: text('shading_resume_at'),
    /** Weather protection (ARCHITECTURE.md section 13): m/s; null: not wind-protected. */
    windLimit: real('wind_limit'),
    rainProtect: integer('rain_protect', { mode: 'boolean' }).notNull().default(false),
    frostProtect: integer('frost_protect', { mode: 'boolean' }).notNull().default(false),
    /** Where an alarm sends the blind, 0-100 (100 = raised). */
    safetyPosition: integer('safety_position').notNull().default(100),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('blinds_name_key_idx').on(t.nameKey),
    uniqueIndex('blinds_address_up_idx').on(t.addressUp),
    uniqueIndex('blinds_address_down_idx').on(t.addressDown),
  ],
)

/** Which blinds a regular user may see and move (admins see all). */
export const userBlinds = sqliteTable(
  'user_blinds',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blindId: text('blind_id')
      .notNull()
      .references(() => blinds.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.blindId] }),
    index('user_blinds_blind_idx').on(t.blindId),
  ],
)

/** Each user's own favourite blinds. */
export const blindFavorites = sqliteTable(
  'blind_favorites',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blindId: text('blind_id')
      .notNull()
      .references(() => blinds.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.blindId] })],
)

export const automations = sqliteTable(
  'automations',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull(),
    triggerType: text('trigger_type', { enum: ['MANUAL', 'CRON', 'SUN'] }).notNull(),
    cron: text('cron'),
    sunEvent: text('sun_event', { enum: ['SUNRISE', 'SUNSET'] }),
    offsetMinutes: integer('offset_minutes').notNull().default(0),
    enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [uniqueIndex('automations_name_key_idx').on(t.nameKey)],
)

export const scenes = sqliteTable(
  'scenes',
  {
    id: text('id').primaryKey(),
    automationId: text('automation_id')
      .notNull()
      .references(() => automations.id, { onDelete: 'cascade' }),
    index: integer('idx').notNull(),
    name: text('name').notNull(),
    type: text('type', { enum: ['BLIND_CONTROL', 'DELAY', 'POSITION'] }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    /** A POSITION scene's target, 0-100 each; at least one is set. */
    targetPosition: integer('target_position'),
    targetTilt: integer('target_tilt'),
  },
  (t) => [uniqueIndex('scenes_automation_idx').on(t.automationId, t.index)],
)

/** The relays a BLIND_CONTROL scene pulses: one side of one blind each, in input order. */
export const sceneTargets = sqliteTable(
  'scene_targets',
  {
    sceneId: text('scene_id')
      .notNull()
      .references(() => scenes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    blindId: text('blind_id')
      .notNull()
      .references(() => blinds.id, { onDelete: 'restrict' }),
    side: text('side', { enum: ['UP', 'DOWN'] }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sceneId, t.position] }),
    index('scene_targets_blind_idx').on(t.blindId),
  ],
)

/** The blinds a POSITION scene moves, in input order. */
export const sceneBlinds = sqliteTable(
  'scene_blinds',
  {
    sceneId: text('scene_id')
      .notNull()
      .references(() => scenes.id, { onDelete: 'cascade' }),
    idx: integer('idx').notNull(),
    blindId: text('blind_id')
      .notNull()
      .references(() => blinds.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.sceneId, t.idx] }),
    index('scene_blinds_blind_idx').on(t.blindId),
  ],
)

/**
 * Every blind a scene drives, whatever its type: what decides who may see an automation, who
 * hears of it, and whether a blind may be deleted.
 */
export const sceneBlindUses = sqliteView('scene_blind_uses', {
  sceneId: text('scene_id').notNull(),
  blindId: text('blind_id').notNull(),
}).as(
  sql`SELECT scene_id, blind_id FROM scene_targets UNION ALL SELECT scene_id, blind_id FROM scene_blinds`,
)

/**
 * The write-ahead record of a blind's relay run, written before the frame that starts it and
 * removed when the blind's settled position is written: after a crash or a power cut the next
 * start computes from it where the blind ended (ARCHITECTURE.md section 9).
 */
export const blindMotions = sqliteTable('blind_motions', {
  blindId: text('blind_id')
    .primaryKey()
    .references(() => blinds.id, { onDelete: 'cascade' }),
  side: text('side', { enum: ['UP', 'DOWN'] }).notNull(),
  /** How long the relay was to stay on (ms); a board-timed pulse ends by itself then. */
  relayMs: integer('relay_ms').notNull(),
  boardTimed: integer('board_timed', { mode: 'boolean' }).notNull(),
  /** What was left of the motor's start delay when the relay closed (all of it from rest). */
  delayLeftMs: integer('delay_left_ms').notNull(),
  /** Where the blind stood when the relay closed; null: not known. */
  fromPosition: real('from_position'),
  fromTilt: real('from_tilt'),
  /** Wall-clock ms: when the record was written, and when the board acknowledged the start. */
  writtenAt: integer('written_at').notNull(),
  acknowledgedAt: integer('acknowledged_at'),
  /**
   * Wall-clock ms: when the hub first asked for this run's relay to go off, written before that
   * frame went out; null while no off was asked (or none needed writing: the run's own end
   * puts the blind where the off would). The next start knows the run ended between then and
   * its all-off, however the answer was lost.
   */
  offAskedAt: integer('off_asked_at'),
})

export const automationFavorites = sqliteTable(
  'automation_favorites',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    automationId: text('automation_id')
      .notNull()
      .references(() => automations.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.automationId] })],
)

export const automationRuns = sqliteTable(
  'automation_runs',
  {
    id: text('id').primaryKey(),
    automationId: text('automation_id')
      .notNull()
      .references(() => automations.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED'] }).notNull(),
    source: text('source').notNull(),
    startedAt: integer('started_at').notNull(),
    finishedAt: integer('finished_at'),
    sceneIndex: integer('scene_index'),
    error: text('error'),
    /** JSON list of the steps' blinds a lock refused ({ sceneIndex, blindId, reason }); null: none. */
    skipped: text('skipped'),
  },
  (t) => [
    index('automation_runs_automation_idx').on(t.automationId, t.startedAt),
    index('automation_runs_running_idx')
      .on(t.status)
      .where(sql`status = 'RUNNING'`),
  ],
)

/**
 * The PV inverter's lifetime counter as last read well (one row, id 1). Energy is what the
 * counter grew by since; the row changes in the same transaction as the slot the growth goes
 * to, so a restart never counts energy twice or loses it.
 */
export const pvCounter = sqliteTable('pv_counter', {
  id: integer('id').primaryKey(),
  wh: real('wh').notNull(),
  readAt: integer('read_at').notNull(),
  /** The inverter's serial number when it has one: another inverter starts a new count. */
  serial: text('serial'),
})

/** PV energy per 15-minute slot, with the local day (in the hub's time zone) it belongs to. */
export const pvEnergy = sqliteTable(
  'pv_energy',
  {
    slotStart: integer('slot_start').primaryKey(),
    /** YYYY-MM-DD */
    day: text('day').notNull(),
    wh: real('wh').notNull(),
  },
  (t) => [index('pv_energy_day_idx').on(t.day)],
)

/** The mean of the PV polls within each minute, kept 14 days; null when no poll had it. */
export const pvSamples = sqliteTable('pv_samples', {
  /** The minute's start. */
  at: integer('at').primaryKey(),
  powerW: real('power_w'),
  dcPowerW: real('dc_power_w'),
})

/**
 * The household's settings (one row, id 1). Holiday mode pauses every CRON and SUN trigger and
 * all shading; `holidayPausedFrom`/`holidayPausedUntil` keep the last finished holiday, so a
 * start after it neither fires nor records as missed what fell due during it.
 */
export const settings = sqliteTable('settings', {
  id: integer('id').primaryKey(),
  holidayEnabled: integer('holiday_enabled', { mode: 'boolean' }).notNull().default(false),
  /** Since when holiday mode is on; null while off. */
  holidaySince: integer('holiday_since'),
  holidayPausedFrom: integer('holiday_paused_from'),
  holidayPausedUntil: integer('holiday_paused_until'),
  /** 0-30: CRON and SUN firings are shifted by a random amount up to this. */
  randomOffsetMinutes: integer('random_offset_minutes').notNull().default(0),
  /** The house's location as an admin set it (hub/location); null until then. */
  locationLat: real('location_lat'),
  locationLon: real('location_lon'),
  /** Weather protection's release times, 1-60 minutes of calm or dry weather. */
  windReleaseMinutes: integer('wind_release_minutes').notNull().default(10),
  rainReleaseMinutes: integer('rain_release_minutes').notNull().default(10),
  /** The last time rain was seen, for frost (rain within 6 hours); null: none seen. */
  lastRainAt: integer('last_rain_at'),
})

/**
 * Each blind's shading state (hub/shading), written before its blind moves so that a restart
 * neither moves a shaded blind again nor forgets a person's pause.
 */
export const shadingStates = sqliteTable('shading_states', {
  blindId: text('blind_id')
    .primaryKey()
    .references(() => blinds.id, { onDelete: 'cascade' }),
  /** The blind is in its shade position because of shading. */
  active: integer('active', { mode: 'boolean' }).notNull(),
  /** When the state last changed (a move, a pause). */
  since: integer('since'),
  /** When shading last moved the blind, for the 10-minute dwell. */
  lastMoveAt: integer('last_move_at'),
  reason: text('reason', { enum: ['SUN_IN_FRONT', 'BRIGHT', 'ENDED', 'PAUSED'] }),
  /** Where the blind stood before shading took it (0-100); null: not known. */
  returnPosition: real('return_position'),
  returnTilt: real('return_tilt'),
  /** A command shading did not give paused shading until then; null: not paused. */
  pausedUntil: integer('paused_until'),
  /** Whose command paused it; null: not paused, or paused before the hub kept this. */
  pausedByKind: text('paused_by_kind', {
    enum: ['USER', 'AUTOMATION', 'MQTT', 'MATTER', 'CALIBRATION'],
  }),
  /** The user (USER, CALIBRATION) or automation (AUTOMATION); no reference: either may go. */
  pausedById: text('paused_by_id'),
})

/** Every move shading made, with its reason: its history, shown like an automation's runs. */
export const shadingMoves = sqliteTable(
  'shading_moves',
  {
    id: text('id').primaryKey(),
    blindId: text('blind_id')
      .notNull()
      .references(() => blinds.id, { onDelete: 'cascade' }),
    at: integer('at').notNull(),
    reason: text('reason', { enum: ['SUN_IN_FRONT', 'BRIGHT', 'ENDED'] }).notNull(),
    /** Where the blind stood (0-100; null: not known) and where shading took it. */
    fromPosition: real('from_position'),
    fromTilt: real('from_tilt'),
    toPosition: integer('to_position').notNull(),
    toTilt: integer('to_tilt'),
  },
  (t) => [index('shading_moves_blind_idx').on(t.blindId, t.at)],
)

/** Weather sensors on the bus (Modbus registers) or on MQTT topics (ARCHITECTURE.md section 13). */
export const weatherSensors = sqliteTable(
  'weather_sensors',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull(),
    kind: text('kind', { enum: ['WIND', 'RAIN', 'TEMPERATURE'] }).notNull(),
    source: text('source', { enum: ['BUS', 'MQTT'] }).notNull(),
    /** BUS: the Modbus unit, function (3 or 4), register, scale and sign. */
    unit: integer('unit'),
    function: integer('function'),
    register: integer('register'),
    scale: real('scale').notNull().default(1),
    signed: integer('signed', { mode: 'boolean' }).notNull().default(false),
    pollMs: integer('poll_ms').notNull(),
    /** MQTT: the topic whose payload is the value, a number. */
    topic: text('topic'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('weather_sensors_name_key_idx').on(t.nameKey)],
)

/** Each minute's weather, kept 14 days: wind mean and max (m/s), rain seen, temperature mean. */
export const weatherMinutes = sqliteTable('weather_minutes', {
  /** The minute's start (epoch ms). */
  at: integer('at').primaryKey(),
  windMean: real('wind_mean'),
  windMax: real('wind_max'),
  rain: integer('rain', { mode: 'boolean' }),
  temperature: real('temperature'),
})

/** Every alarm: its kind, start and end, peak and the blinds it held; kept for good. */
export const weatherAlarms = sqliteTable(
  'weather_alarms',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['WIND', 'RAIN', 'FROST', 'SENSOR'] }).notNull(),
    startedAt: integer('started_at').notNull(),
    /** Null while it holds. */
    endedAt: integer('ended_at'),
    /** WIND: the strongest wind (m/s); FROST: the lowest temperature; else null. */
    peak: real('peak'),
    /** JSON array of blind ids. */
    blindIds: text('blind_ids').notNull(),
    /** FROST lifted by an admin: who (user id); null when it ended by itself. */
    overriddenBy: text('overridden_by'),
  },
  (t) => [index('weather_alarms_started_idx').on(t.startedAt)],
)
