// The Matter bridge (ARCHITECTURE.md section 14): one aggregator with a bridged WindowCovering
// endpoint per blind, for Apple Home, Google Home, Alexa, SmartThings and Home Assistant,
// locally. Loaded only when LAMELLA_MATTER=1 (hub/app imports this file dynamically); nothing
// else in the hub knows Matter. Commands go through Positions (hub/matter/covering); positions,
// motion and reachability follow HubEvents, at most once a second while a blind travels.
import { Endpoint, Environment, Logger, ServerNode, VendorId } from '@matter/main'
import { BridgedDeviceBasicInformationServer } from '@matter/main/behaviors/bridged-device-basic-information'
import { FixedLabelServer } from '@matter/main/behaviors/fixed-label'
import { WindowCovering } from '@matter/main/clusters/window-covering'
import { WindowCoveringDevice } from '@matter/main/devices/window-covering'
import { AggregatorEndpoint } from '@matter/main/endpoints/aggregator'
import { DeviceCommissioner } from '@matter/main/protocol'
import type { FastifyBaseLogger } from 'fastify'
import type { Blind } from '../db/blinds'
import type { Viewer } from '../db/visibility'
import { HubError, logInternalError } from '../errors'
import type { HubEvents } from '../events'
import type { BlindPosition } from '../position/tracker'
import { BY_MATTER } from '../position/origins'
import type { BusStatusEvent } from '../realtime/events'
import { coveringBehaviors, endpointId, toMatter } from './covering'
import { pairingSecrets } from './pairing'
import { qrRows } from './qr'
import type { MatterSettings } from './settings'
import type { MatterAdmin } from './status'
import type { Positions } from '../position/positions'

/** Who Matter commands act as: whoever paired an ecosystem may move every blind. */
const MATTER_VIEWER: Viewer = { id: 'matter', isAdmin: true }
/** How often a moving blind's position is reported while it travels. */
const MOVING_REPORT_EVERY_MS = 1000
/** How long "Allow another app to pair" keeps the window open (Matter's basic window: 15 min). */
const PAIRING_WINDOW_MS = 15 * 60 * 1000

export interface MatterDeps {
  settings: MatterSettings
  /** The `matter/` folder beside the database. */
  storageDir: string
  version: string
  events: HubEvents
  log: FastifyBaseLogger
  blinds: { list(viewer: Viewer): Blind[] }
  positions: Pick<Positions, 'move' | 'setPosition' | 'state'>
  busStatus(): BusStatusEvent
}

export interface MatterBridge extends MatterAdmin {
  start(): Promise<void>
  stop(): Promise<void>
}

/** Well-known vendors, for fabrics without a label. */
const VENDORS: Record<number, string> = {
  0x1349: 'Apple Home',
  0x6006: 'Google Home',
  0x1217: 'Amazon Alexa',
  0x110a: 'SmartThings',
  0x134b: 'Home Assistant',
  0xfff1: 'Test controller',
}

export function createMatterBridge(deps: MatterDeps): MatterBridge {
  const { settings, log, events } = deps
  const env = Environment.default
  env.vars.set('storage.path', deps.storageDir)
  env.vars.set('runtime.signals', false)
  env.vars.set('runtime.exitcode', false)
  if (settings.networkInterface) env.vars.set('mdns.networkInterface', settings.networkInterface)
  // matter.js speaks through the hub's log, warnings and worse only.
  Logger.level = 'warn'
  Logger.format = 'plain'
  Logger.destinations.default!.write = (text) => log.warn({ matter: true }, text)

  // A refusal is the hub's word to the ecosystem; anything else is ours to log.
  const logged = (command: Promise<void>) =>
    command.catch((err: unknown) => {
      if (!(err instanceof HubError)) logInternalError(log, err, 'a Matter command failed')
      throw err
    })
  const behaviors = coveringBehaviors({
    move: (id, direction) => logged(deps.positions.move(MATTER_VIEWER, [id], direction, BY_MATTER)),
    setPosition: (id, position, tilt) =>
      logged(deps.positions.setPosition(MATTER_VIEWER, [id], position, tilt, BY_MATTER)),
  })

  let server: ServerNode | null = null
  let aggregator: Endpoint<AggregatorEndpoint> | null = null
  const bridged = new Map<
    string,
    { endpoint: Endpoint; slats: boolean; name: string; room: string | null }
  >()
  const lastReported = new Map<string, number>()
  const unsubscribe: (() => void)[] = []
  let ticker: NodeJS.Timeout | null = null
  let pairingWindow: NodeJS.Timeout | undefined
  /** Changes to endpoints run one after another: adding and removing are asynchronous. */
  let queue: Promise<unknown> = Promise.resolve()
  const serially = (work: () => Promise<void>) => {
    queue = queue.then(work).catch((err: Error) => log.warn({ err }, 'Matter update failed'))
    return queue
  }

  const reachable = () => deps.busStatus().online

  function coveringState(slats: boolean, state: BlindPosition) {
    const lift = state.position === null ? null : toMatter(state.position)
    const movement =
      state.motion === 'MOVING_UP'
        ? WindowCovering.MovementStatus.Opening
        : state.motion === 'MOVING_DOWN'
          ? WindowCovering.MovementStatus.Closing
          : WindowCovering.MovementStatus.Stopped
    const target = state.target === null ? lift : toMatter(state.target)
    return {
      currentPositionLiftPercent100ths: lift,
      targetPositionLiftPercent100ths: state.motion === 'IDLE' ? lift : target,
      ...(slats && {
        currentPositionTiltPercent100ths: state.tilt === null ? null : toMatter(state.tilt),
        targetPositionTiltPercent100ths: state.tilt === null ? null : toMatter(state.tilt),
      }),
      operationalStatus: { global: movement, lift: movement, tilt: slats ? movement : 0 },
    }
  }

  async function addBlind(blind: Blind): Promise<void> {
    if (!aggregator) return
    const slats = blind.tiltTimeMs > 0
    const type = WindowCoveringDevice.with(
      slats ? behaviors.LiftTilt : behaviors.Lift,
      BridgedDeviceBasicInformationServer,
      FixedLabelServer,
    )
    const endpoint = new Endpoint(type, {
      id: endpointId(blind.id),
      bridgedDeviceBasicInformation: {
        nodeLabel: label(blind.name),
        productName: 'Lamella blind',
        vendorName: 'Lamella',
        uniqueId: blind.id.replace(/-/g, '').slice(0, 32),
        reachable: reachable(),
      },
      fixedLabel: { labelList: roomLabels(blind.room) },
      windowCovering: {
        type: slats
          ? WindowCovering.WindowCoveringType.TiltBlindLift
          : WindowCovering.WindowCoveringType.Rollershade,
        endProductType: slats
          ? WindowCovering.EndProductType.ExteriorVenetianBlind
          : WindowCovering.EndProductType.RollerShutter,
        ...coveringState(slats, deps.positions.state(blind.id)),
      },
    })
    await aggregator.add(endpoint)
    bridged.set(blind.id, { endpoint, slats, name: blind.name, room: blind.room })
  }

  /** Adds, renames and removes endpoints until they match the blinds. */
  function syncBlinds(): Promise<unknown> {
    return serially(async () => {
      const blinds = deps.blinds.list(MATTER_VIEWER)
      const ids = new Set(blinds.map((b) => b.id))
      for (const [id, entry] of bridged) {
        if (ids.has(id)) continue
        bridged.delete(id)
        lastReported.delete(id)
        await entry.endpoint.delete()
      }
      for (const blind of blinds) {
        const entry = bridged.get(blind.id)
        // Slats added or taken away change the endpoint's features: it is made again.
        if (entry && entry.slats !== blind.tiltTimeMs > 0) {
          bridged.delete(blind.id)
          await entry.endpoint.delete()
        }
        const now = bridged.get(blind.id)
        if (!now) await addBlind(blind)
        else if (now.name !== blind.name || now.room !== blind.room) {
          now.name = blind.name
          now.room = blind.room
          await patch(now.endpoint, {
            bridgedDeviceBasicInformation: { nodeLabel: label(blind.name) },
            fixedLabel: { labelList: roomLabels(blind.room) },
          })
        }
      }
    })
  }

  function report(id: string): void {
    const entry = bridged.get(id)
    if (!entry) return
    lastReported.set(id, Date.now())
    const state = deps.positions.state(id)
    // What it needs of the blind is kept with its endpoint: no database read every second.
    void serially(() =>
      patch(entry.endpoint, { windowCovering: coveringState(entry.slats, state) }),
    )
  }

  /** A start, a stop, a reversal: at once; while travelling, at most once a second. */
  function onMotion(id: string): void {
    const state = deps.positions.state(id)
    const last = lastReported.get(id) ?? 0
    if (state.motion === 'IDLE' || Date.now() - last >= MOVING_REPORT_EVERY_MS) report(id)
    followMoving()
  }

  function followMoving(): void {
    if (ticker) return
    ticker = setInterval(() => {
      let moving = false
      for (const id of bridged.keys()) {
        if (deps.positions.state(id).motion === 'IDLE') continue
        moving = true
        report(id)
      }
      if (!moving && ticker) {
        clearInterval(ticker)
        ticker = null
      }
    }, MOVING_REPORT_EVERY_MS)
    ticker.unref()
  }

  function setReachable(): void {
    const value = reachable()
    for (const entry of bridged.values()) {
      void serially(() =>
        patch(entry.endpoint, { bridgedDeviceBasicInformation: { reachable: value } }),
      )
    }
  }

  return {
    async start() {
      const secrets = pairingSecrets(deps.storageDir)
      server = await ServerNode.create({
        id: 'lamella',
        network: { port: settings.port },
        commissioning: { passcode: secrets.passcode, discriminator: secrets.discriminator },
        productDescription: { name: 'Lamella', deviceType: AggregatorEndpoint.deviceType },
        basicInformation: {
          vendorName: 'Lamella',
          vendorId: VendorId(0xfff1),
          nodeLabel: 'Lamella',
          productName: 'Lamella blinds bridge',
          productLabel: 'Blinds bridge',
          productId: 0x8000,
          hardwareVersion: 1,
          hardwareVersionString: '1',
          serialNumber: secrets.serial,
          uniqueId: `${secrets.serial}-bridge`,
          softwareVersionString: deps.version.slice(0, 64),
        },
      })
      aggregator = new Endpoint(AggregatorEndpoint, { id: 'blinds' })
      await server.add(aggregator)
      await syncBlinds()
      unsubscribe.push(
        events.on('blind:motion', ({ event }) => onMotion(event.id)),
        events.on('bus:status', () => setReachable()),
        events.on('data:changed', ({ entity }) => {
          if (entity === 'blind') void syncBlinds()
        }),
      )
      // The bus may have gone offline (an adapter not plugged in) while the blinds were being
      // bridged, before the listener above was there: their reachability is set once more.
      setReachable()
      await server.start()
      const codes = server.state.commissioning.pairingCodes
      log.info(
        {
          port: settings.port,
          networkInterface: settings.networkInterface,
          commissioned: server.state.commissioning.commissioned,
          // Until the first app is paired, a hub without a screen shows its code in the log.
          ...(!server.state.commissioning.commissioned && {
            manualPairingCode: codes.manualPairingCode,
          }),
        },
        'Matter bridge started',
      )
    },

    async stop() {
      const started = Date.now()
      unsubscribe.splice(0).forEach((off) => off())
      if (ticker) clearInterval(ticker)
      ticker = null
      clearTimeout(pairingWindow)
      await queue
      const node = server
      server = aggregator = null
      bridged.clear()
      await node?.close()
      log.info({ ms: Date.now() - started }, 'Matter bridge stopped')
    },

    status() {
      const commissioning = server?.state.commissioning
      const fabrics = Object.values(commissioning?.fabrics ?? {}).map(
        (f) => f.label || VENDORS[f.rootVendorId] || `Vendor ${f.rootVendorId}`,
      )
      return {
        enabled: true,
        commissioned: commissioning?.commissioned ?? false,
        manualPairingCode: commissioning?.pairingCodes.manualPairingCode ?? null,
        qrPairingCode: commissioning?.pairingCodes.qrPairingCode ?? null,
        qrCodeRows: qrCodeRows(commissioning?.pairingCodes.qrPairingCode),
        fabrics,
      }
    },

    async openPairing() {
      if (!server) return
      const commissioner = server.env.get(DeviceCommissioner)
      await commissioner.allowBasicCommissioning()
      // Opened this way (not by a Matter command) the window has no timer of matter.js's own. A
      // second click starts the 15 minutes anew.
      clearTimeout(pairingWindow)
      pairingWindow = setTimeout(
        () => void commissioner.endCommissioning().catch(() => undefined),
        PAIRING_WINDOW_MS,
      )
      pairingWindow.unref()
    },

    async forgetPairings() {
      if (!server) return
      // Back online by itself once erased (matter.js restarts a node that was online).
      await serially(async () => {
        await server?.erase()
      })
    },
  }
}

/** Writes attributes of a bridged blind (its type is made at run time, so not known here). */
function patch(endpoint: Endpoint, values: Record<string, object>): Promise<void> {
  return (endpoint.set as (values: object) => Promise<void>)(values)
}

/** The QR code's rows, made once per code. */
let drawn: { code: string; rows: string[] } | null = null
function qrCodeRows(code: string | undefined): string[] | null {
  if (!code) return null
  if (drawn?.code !== code) drawn = { code, rows: qrRows(code) }
  return drawn.rows
}

/** Matter's labels hold at most 32 characters. */
function label(name: string): string {
  return name.length <= 32 ? name : `${name.slice(0, 31)}…`
}

/**
 * The blind's room as the Matter spec has a bridge tell it: a fixed label "room" (its value at
 * most 16 characters). Ecosystems that sort bridged devices into rooms read it; Apple Home,
 * Google Home and Alexa leave the room to the person who pairs (README.md, Matter).
 */
function roomLabels(room: string | null): { label: string; value: string }[] {
  if (!room) return []
  return [{ label: 'room', value: room.length <= 16 ? room : `${room.slice(0, 15)}…` }]
}
