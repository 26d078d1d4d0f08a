// An emulated SunSpec inverter on Modbus TCP, for tests, the benchmark and trying the page
// (`lamella emulator --sunspec`). Its power follows a clear-sky day at a location; its time is
// the simulated time `startAt + elapsed * speed`, so a day passes in minutes, and a test that
// passes its own `now` moves it at will. The lifetime counter integrates the power over whole
// simulated seconds (a float inside, whole Wh on the wire), so it only grows and is the same
// however often it is read. Like many inverters it reports the counter as 0 at night. With
// `maxClients: 1` a second connection is closed at once, as a Fronius does; stop() makes it
// vanish from the network and start() brings it back on the same port.
import { createServer, type Server, type Socket } from 'node:net'
import { tcpFrameLength } from '../../firmware-protocol/modbus-tcp'
import {
  answerTcpRequest,
  inverterImage,
  type InverterReading,
} from '../../firmware-protocol/sunspec-inverter'
import { sunPosition, type Location } from '../engine/sun'
import { clearSkyPowerW, DEFAULT_LOCATION } from './clear-sky'

export interface InverterEmulatorOptions {
  host?: string
  /** 0 (the default) takes a free port, kept across stop() and start(). */
  port?: number
  /** Model 113 (float32) instead of 103 with scale factors and 160. */
  float?: boolean
  serial?: string
  peakW?: number
  location?: Location
  /** The wall clock (default Date.now); tests pass their own. */
  now?: () => number
  /** Simulated seconds per real second (default 1). */
  speed?: number
  /** The simulated time at construction (default now()). */
  startAt?: number
  /** Report the lifetime counter as 0 while the sun is 6° or more below the horizon. */
  zeroAtNight?: boolean
  /** Connections served at once; more are closed as they come (default: any number). */
  maxClients?: number
  /** The lifetime counter at start, Wh. */
  lifetimeWh?: number
}

/** Where the MPPT trackers' share of the DC power goes: two strings, 60 % and 40 %. */
const MPPT_SHARES = [0.6, 0.4]
const EFFICIENCY = 0.96
/** The counter reads 0 once the sun is this far below the horizon (civil dusk). */
const NIGHT_ALTITUDE = -6
const STEP_MS = 1000

export class InverterEmulator {
  private server: Server | null = null
  private readonly sockets = new Set<Socket>()
  private readonly now: () => number
  private readonly speed: number
  private readonly realStart: number
  private readonly simulatedStart: number
  private readonly location: Location
  private readonly peakW: number
  private port: number
  /** The counter integrated up to `integratedTo` (a whole simulated second). */
  private integratedTo: number
  private integratedWh: number
  /** Requests answered, connections taken and connections refused (over maxClients). */
  readonly stats = { requests: 0, connections: 0, refused: 0 }

  constructor(private readonly options: InverterEmulatorOptions = {}) {
    this.now = options.now ?? Date.now
    this.speed = options.speed ?? 1
    this.realStart = this.now()
    this.simulatedStart = options.startAt ?? this.realStart
    this.location = options.location ?? DEFAULT_LOCATION
    this.peakW = options.peakW ?? 5000
    this.port = options.port ?? 0
    this.integratedTo = Math.floor(this.simulatedStart / STEP_MS) * STEP_MS
    this.integratedWh = options.lifetimeWh ?? 1_000_000
  }

  /** The simulated time now. */
  simulatedNow(): number {
    return this.simulatedStart + (this.now() - this.realStart) * this.speed
  }

  get address(): { host: string; port: number } {
    return { host: this.options.host ?? '127.0.0.1', port: this.port }
  }

  get openConnections(): number {
    return this.sockets.size
  }

  powerW(at: number): number {
    return clearSkyPowerW(at, this.location, this.peakW)
  }

  /** The counter at `at` (Wh, float): the power integrated over every whole second before. */
  lifetimeWh(at = this.simulatedNow()): number {
    const until = Math.floor(at / STEP_MS) * STEP_MS
    for (; this.integratedTo < until; this.integratedTo += STEP_MS) {
      this.integratedWh += (this.powerW(this.integratedTo + STEP_MS / 2) * STEP_MS) / 3_600_000
    }
    return this.integratedWh
  }

  /** What the inverter shows at `at`, as its registers carry it. */
  reading(at = this.simulatedNow()): InverterReading {
    const acPowerW = this.powerW(at)
    const dcPowerW = acPowerW / EFFICIENCY
    const total = Math.floor(this.lifetimeWh(at))
    const night =
      (this.options.zeroAtNight ?? true) &&
      sunPosition(at, this.location).elevation <= NIGHT_ALTITUDE
    const lifetimeWh = night ? 0 : total
    const dcVoltageV = acPowerW > 0 ? 300 + (80 * acPowerW) / this.peakW : 0
    return {
      acPowerW,
      dcPowerW,
      lifetimeWh,
      state: acPowerW > 0 ? 'MPPT' : 'SLEEPING',
      acVoltageV: 230,
      acFrequencyHz: 50,
      mppt: MPPT_SHARES.map((share) => ({
        dcVoltageV,
        dcCurrentA: dcVoltageV > 0 ? (dcPowerW * share) / dcVoltageV : 0,
        dcPowerW: dcPowerW * share,
        lifetimeWh: night ? 0 : Math.floor(total * share),
      })),
    }
  }

  /** Listens; resolves once it accepts connections. */
  async start(): Promise<void> {
    if (this.server) return
    const server = createServer((socket) => this.accept(socket))
    this.server = server
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(this.port, this.address.host, () => {
        server.off('error', reject)
        resolve()
      })
    })
    const address = server.address()
    if (address && typeof address === 'object') this.port = address.port
  }

  /** Gone from the network: no listener, every connection cut. */
  async stop(): Promise<void> {
    const server = this.server
    this.server = null
    for (const socket of this.sockets) socket.destroy()
    this.sockets.clear()
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
  }

  private accept(socket: Socket): void {
    const max = this.options.maxClients
    if (max !== undefined && this.sockets.size >= max) {
      this.stats.refused++
      socket.destroy()
      return
    }
    this.stats.connections++
    this.sockets.add(socket)
    socket.setNoDelay(true)
    socket.on('close', () => this.sockets.delete(socket))
    socket.on('error', () => socket.destroy())
    let buffer: Buffer = Buffer.alloc(0)
    socket.on('data', (chunk: Buffer) => {
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk])
      try {
        for (;;) {
          const length = tcpFrameLength(buffer)
          if (length === null || buffer.length < length) return
          const frame = buffer.subarray(0, length)
          buffer = buffer.subarray(length)
          socket.write(this.answer(frame))
        }
      } catch {
        // Not Modbus TCP: a real device drops such a peer.
        socket.destroy()
      }
    })
  }

  private answer(frame: Uint8Array): Uint8Array {
    this.stats.requests++
    const { float = false, serial = 'LAMELLA-0001' } = this.options
    const image = inverterImage({ float, serial, reading: this.reading() })
    return answerTcpRequest(frame, (address) => image.get(address))
  }
}
