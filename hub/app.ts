// buildApp(deps): the whole hub as a Fastify instance. It never listens; main.ts and tests do.
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { AuthService } from './auth/login'
import { LoginThrottle } from './auth/throttle'
import type { Config } from './config'
import { AutomationRepository } from './db/automations'
import { BlindRepository } from './db/blinds'
import type { OpenDatabase } from './db/open'
import { SessionRepository } from './db/sessions'
import { UserRepository } from './db/users'
import { HubEvents } from './events'
import type { Services } from './graphql/context'
import { graphqlPlugin } from './graphql/plugin'
import { hubVersion } from './paths'
import { Bus } from './bus/bus'
import type { Link } from './bus/link'
import { relaysOf } from './bus/blind-relays'
import { PositionStore } from './db/positions'
import { announceMotion, motionEvent } from './position/motion-events'
import { Positions } from './position/positions'
import { PositionTracker } from './position/tracker'
import { EmulatedMotors } from './position/emulated-motors'
import { EmulatorLink } from './bus/link-emulator'
import { Engine } from './engine/engine'
import { Holiday } from './holiday/holiday'
import { ClockWatch } from './clock/clock-watch'
import { readNtpSynchronized } from './clock/ntp-state'
import { newestRecordAt } from './db/newest-record'
import { checkId } from './validation/fields'
import { RealtimeServer } from './realtime/server'
import type { MqttBridge } from './mqtt/bridge'
import { matterForAdmins, matterOff, matterStorageDir } from './matter/storage'
import type { Photovoltaics } from './pv/photovoltaics'
import { unconfiguredPv } from './pv/service'
import { WeatherApi } from './weather/api'
import { WeatherGate } from './weather/gate'
import { WeatherService } from './weather/service'
import { ShadingStore } from './db/shading'
import { Shading } from './shading/service'
import { PausedByNames } from './shading/paused-by'
import { HouseLocation } from './location/house-location'
import { hubStatus } from './status'
import { healthPlugin } from './health'
import { answerClientError } from './client-error'
import { uiPlugin } from './ui'
import { listeningPort, uiAddress } from './ui-address'
import { logInternalError, notFound } from './errors'
import { answerErrors } from './http-errors'
import { systemClock, type Clock } from './clock/clock'
import { intervalModule, startModules, stopModules, type HubModule } from './module'

export const BODY_LIMIT_BYTES = 1024 * 1024

export interface AppDeps {
  config: Config
  database: OpenDatabase
  /**
   * The hub's one clock (hub/clock/clock.ts): tests about logic pass a TestClock and advance
   * it; default the system's.
   */
  clock?: Clock
  /** The wall clock alone, for tests that set the date but keep real timers (default the clock's). */
  now?: () => number
  /** Fastify's logger option; main.ts passes pino settings, tests usually false. */
  logger?: FastifyServerOptions['logger']
  /** How often live sockets are checked against the sessions table (default one minute). */
  sessionCheckMs?: number
  /** A bus link of the test's own (a pseudo-terminal, an emulator with faults). */
  busLink?: Link
  /** The system's view of its clock (default: systemd-timesyncd's, see hub/clock). */
  ntpSynchronized?: () => boolean | null
  /** How often the clock's state is read again (default 15 s). */
  clockCheckMs?: number
  /** How old an MQTT command may be (default 10 s, hub/mqtt). */
  mqttCommandMaxAgeMs?: number
  /** How often the PV inverter is read (default 10 s, hub/pv). */
  pvPollMs?: number
  /** How long a wind sensor may stay silent before its alarm (default 60 s, hub/weather). */
  weatherSilenceMs?: number
  /** Holiday mode's random offset source, [0, 1) (default Math.random). */
  random?: () => number
}

const PURGE_SESSIONS_MS = 60 * 60 * 1000

export interface Hub {
  app: FastifyInstance
  events: HubEvents
  services: Services
  bus: Bus
  engine: Engine
  /** Sun-aware shading; it rests while the house's location is not known. */
  shading: Shading
}

export async function buildHub(deps: AppDeps): Promise<Hub> {
  const { config, database } = deps
  const clock = deps.clock ?? systemClock
  const now = deps.now ?? (() => clock.now())
  const startedAt = now()
  const { db } = database

  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    clientErrorHandler: answerClientError,
  })

  const events = new HubEvents()
  const sessions = new SessionRepository(db, now)
  const throttle = new LoginThrottle(now)
  const users = new UserRepository(db, sessions, events, now, throttle)
  const blinds = new BlindRepository(db, events, now)
  // Where the house stands, for SUN triggers and shading: LAMELLA_LAT/LON or an admin's setting.
  const location = new HouseLocation({ db, events, fromEnvironment: config.location })
  const automations = new AutomationRepository(db, events, now, {
    get hasLocation() {
      return location.current !== undefined
    },
  })

  // Where each blind is: the tracker hears of every relay run from the bus's driver.
  const tracker = new PositionTracker({
    store: new PositionStore(db),
    clock,
    changed: announceMotion({ db, events, now }),
  })
  // Weather protection's locks, which the relay driver asks before every command (hub/weather).
  const weatherGate = new WeatherGate({
    blind: (id) => blinds.row(id),
    position: (id) => tracker.state(id).position,
    moving: (id): boolean => bus.driver.motion(id) !== 'IDLE',
    timeZone: config.timeZone,
  })
  const bus = new Bus({
    config,
    gate: weatherGate,
    log: app.log.child({ module: 'bus' }),
    knownBlinds: () => blinds.all().map(relaysOf),
    onStatus: (status) => events.emit('bus:status', status),
    observer: tracker,
    clock,
    ...(deps.busLink && { link: deps.busLink }),
  })
  const positions = new Positions({ tracker, driver: bus.driver, blinds, events, clock })
  // The built-in board gets a motor behind each blind's relays, so it really moves.
  const motors =
    bus.link instanceof EmulatorLink
      ? new EmulatedMotors({
          emulator: bus.link.emulator,
          blinds: () => blinds.all(),
          tracker,
          events,
          clock,
          log: app.log.child({ module: 'emulator' }),
        })
      : null
  const busStatus = () => bus.status()

  // Holiday mode pauses schedules (and shading); other modules ask it and hear 'holiday:changed'.
  const holiday = new Holiday({ db, events, now })

  // The engine asks the clock whether schedules may fire; the clock tells the engine when
  // that changes. Neither calls the other before both exist.
  const engine: Engine = new Engine({
    db,
    events,
    driver: bus.driver,
    positions,
    config,
    location: () => location.current,
    now,
    clock,
    clockTrusted: () => clockWatch.trusted,
    holiday,
    ...(deps.random && { random: deps.random }),
    log: app.log,
  })
  const clockWatch = new ClockWatch({
    now,
    clock,
    floor: () => newestRecordAt(db),
    ntpSynchronized: deps.ntpSynchronized ?? (() => readNtpSynchronized()),
    trust: config.clock === 'trust',
    onChange: () => engine.clockChanged(),
    log: app.log.child({ module: 'clock' }),
    ...(deps.clockCheckMs && { checkEveryMs: deps.clockCheckMs }),
  })

  // The PV inverter, read over SunSpec when LAMELLA_PV is set; its code loads only then.
  const pv: Photovoltaics | null = config.pv
    ? new (await import('./pv/photovoltaics')).Photovoltaics({
        settings: config.pv,
        db,
        events,
        log: app.log.child({ module: 'pv' }),
        now,
        clock,
        timeZone: config.timeZone,
        ...(deps.pvPollMs && { pollMs: deps.pvPollMs }),
      })
    : null

  // Wind, rain and frost: sensors on the bus, locks on the protected blinds (hub/weather).
  const weather = new WeatherService({
    db,
    events,
    log: app.log.child({ module: 'weather' }),
    now,
    clock,
    read: (request) => bus.transport.read(request),
    gate: weatherGate,
    blinds,
    positions,
    ...(deps.weatherSilenceMs && { silenceMs: deps.weatherSilenceMs }),
  })

  // Sun-aware shading (hub/shading), resting while the house's location is not known.
  const shading = new Shading({
    db,
    events,
    positions,
    blinds,
    now,
    clock,
    location: () => location.current,
    timeZone: config.timeZone,
    ...(pv && { pv }),
    holiday,
    weatherLocked: (id) => weatherGate.lockOf(id) !== null,
    log: app.log.child({ module: 'shading' }),
  })

  // Apple Home, Google Home, Alexa... over Matter, when LAMELLA_MATTER=1: its code (and
  // matter.js, seconds to load) loads only then, in the background once the hub listens.
  const matter = config.matter
    ? (await import('./matter/later')).matterLater({
        settings: config.matter,
        storageDir: matterStorageDir(config.dbPath),
        version: hubVersion,
        events,
        log: app.log.child({ module: 'matter' }),
        blinds,
        positions,
        busStatus,
      })
    : null

  const services: Services = {
    matter: matterForAdmins(matter ?? matterOff),
    auth: new AuthService(users, sessions, throttle, events),
    users,
    blinds,
    automations,
    positions,
    schedule: (automation) => engine.schedule(automation),
    runAutomation: (viewer, id, source = 'manual') => {
      automations.get(viewer, id)
      return engine.runner.start(id, source)
    },
    runEndEstimate: (runId) => engine.runner.estimatedEndAt(runId),
    cancelRun: async (viewer, runId) => {
      checkId('runId', runId)
      const run = engine.getRun(runId)
      if (!run) throw notFound('Run', runId, 'runId')
      automations.get(viewer, run.automationId, 'runId')
      return engine.runner.cancel(runId)
    },
    hubStatus: () =>
      hubStatus({
        version: hubVersion,
        startedAt,
        now,
        timeZone: config.timeZone,
        locationConfigured: location.current !== undefined,
        clockSynchronized: clockWatch.synchronized,
        bus: busStatus,
        strayFrames: () => bus.transport.strayFrames,
        pulses: bus.driver.pulses,
        mqtt: () => mqtt?.status() ?? null,
      }),
    pv: pv ?? unconfiguredPv,
    pvAddress: () => config.pv?.url ?? null,
    holiday,
    location,
    shading,
    pausedBy: new PausedByNames(db),
    shadingHistory: new ShadingStore(db),
    weather: new WeatherApi({
      service: weather,
      visibleBlindIds: (viewer) => new Set(blinds.list(viewer).map((b) => b.id)),
      mqttEnabled: config.mqtt !== undefined,
      timeZone: config.timeZone,
      now,
    }),
  }

  // Home Assistant and other hubs, over MQTT when LAMELLA_MQTT_URL is set; its code (and the
  // MQTT client library) loads only then.
  const mqtt: MqttBridge | null = config.mqtt
    ? new (await import('./mqtt/bridge')).MqttBridge({
        settings: config.mqtt,
        version: hubVersion,
        events,
        log: app.log.child({ module: 'mqtt' }),
        blinds,
        automations,
        positions,
        runAutomation: (viewer, id) => services.runAutomation(viewer, id, 'mqtt'),
        busStatus,
        weather: weather.mqttSource(),
        weatherLock: (id) => services.weather.lockOf(id),
        uiUrl: () => uiAddress({ ...config, port: listeningPort(app) ?? config.port }),
        ...(deps.mqttCommandMaxAgeMs && { maxCommandAgeMs: deps.mqttCommandMaxAgeMs }),
      })
    : null

  answerErrors(app)
  await app.register(graphqlPlugin, { services, sessions, development: config.development })
  await app.register(uiPlugin)
  await app.register(healthPlugin, {
    sqlite: database.sqlite,
    version: hubVersion,
    startedAt,
    now,
    bus: busStatus,
    clockSynchronized: () => clockWatch.synchronized,
  })

  const realtime = new RealtimeServer({
    httpServer: app.server,
    sessions,
    events,
    busStatus,
    clock,
    movingBlindsFor: (userId) => {
      const viewer = users.get(userId)
      if (!viewer) return []
      return blinds
        .list(viewer)
        .map((b) => motionEvent(b.id, positions.state(b.id), now()))
        .filter((m) => m.motion !== 'IDLE' || m.reversing)
    },
    ...(deps.sessionCheckMs && { sessionCheckMs: deps.sessionCheckMs }),
  })

  // Started in this order, stopped in the reverse: schedules end before the bus's all-off,
  // which browsers still hear; where every blind stopped goes to disk after it.
  const modules: HubModule[] = [
    positions,
    ...(motors ? [motors] : []),
    clockWatch,
    realtime,
    // Expired sessions are dead weight: dropped now and every hour.
    intervalModule('session purge', PURGE_SESSIONS_MS, () => sessions.purgeExpired(), clock),
    bus,
    weather,
    engine,
    // MQTT and Matter start once the hub listens.
    ...(mqtt ? [mqtt] : []),
    ...(matter ? [matter] : []),
    ...(pv ? [pv] : []),
    shading,
  ]
  const failedToStop = (name: string, err: unknown) =>
    logInternalError(app.log, err, 'a module failed to stop', { module: name })
  await startModules(modules, failedToStop)
  app.addHook('onListen', () => {
    for (const m of modules) m.listening?.()
  })
  app.addHook('preClose', () => stopModules(modules, failedToStop))

  return { app, events, services, bus, engine, shading }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  return (await buildHub(deps)).app
}
