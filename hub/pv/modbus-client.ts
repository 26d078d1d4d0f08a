// A Modbus TCP client for one connection to an inverter: connect, read holding registers (one
// request at a time, each with its own transaction id and a 3 s timeout), close. It never
// reconnects by itself: the poller opens a connection for each poll and closes it after, so an
// inverter that serves one client at a time is free for others between polls. Its errors are
// one line each, naming the address once (`connect ECONNREFUSED 192.168.1.20:502`).
import { Socket } from 'node:net'
import {
  decodeTcpResponse,
  encodeReadRequest,
  MAX_READ_REGISTERS,
  READ_HOLDING_REGISTERS,
  tcpFrameLength,
} from '../../firmware-protocol/modbus-tcp'
import { exceptionName } from '../../firmware-protocol/protocol-error'

const REQUEST_TIMEOUT_MS = 3000

export interface ModbusTcpTarget {
  host: string
  port: number
  unit: number
}

interface Pending {
  transactionId: number
  address: number
  count: number
  resolve(registers: number[]): void
  reject(err: Error): void
  timer: NodeJS.Timeout
}

/** What went wrong talking to the inverter, in one line. */
export class ModbusTcpError extends Error {
  override readonly name = 'ModbusTcpError'
}

export class ModbusTcpClient {
  private socket: Socket | null = null
  private buffer: Buffer = Buffer.alloc(0)
  private pending: Pending | null = null
  private nextTransactionId = 1
  /** Set once the connection failed or ended: every later read fails with it. */
  private broken: Error | null = null
  /** Bytes written and received over this connection, and the reads made. */
  bytesSent = 0
  bytesReceived = 0
  reads = 0

  constructor(
    private readonly target: ModbusTcpTarget,
    private readonly timeoutMs = REQUEST_TIMEOUT_MS,
  ) {}

  /** Why the connection is lost (a timeout, a reset, the peer closing it), or null. */
  get lost(): Error | null {
    return this.broken
  }

  private get where(): string {
    const { host, port } = this.target
    return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`
  }

  connect(): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = new Socket()
      this.socket = socket
      socket.setNoDelay(true)
      const timer = setTimeout(() => {
        socket.destroy()
        reject(new ModbusTcpError(`connect to ${this.where} timed out after ${this.seconds}`))
      }, this.timeoutMs)
      socket.once('connect', () => {
        clearTimeout(timer)
        socket.off('error', failConnect)
        socket.on('error', (err) => this.fail(new ModbusTcpError(err.message)))
        socket.on('close', () =>
          this.fail(new ModbusTcpError(`${this.where} closed the connection`)),
        )
        resolve()
      })
      // Node's own message already names the address: `connect ECONNREFUSED 127.0.0.1:5020`.
      const failConnect = (err: Error) => {
        clearTimeout(timer)
        this.broken = err
        reject(new ModbusTcpError(err.message))
      }
      socket.once('error', failConnect)
      socket.on('data', (chunk: Buffer) => this.receive(chunk))
      socket.connect(this.target.port, this.target.host)
    })
  }

  private get seconds(): string {
    return `${this.timeoutMs / 1000} s`
  }

  /** Reads `count` (1-125) holding registers from `address`; one request on the wire. */
  readHoldingRegisters(address: number, count: number): Promise<number[]> {
    if (count < 1 || count > MAX_READ_REGISTERS) {
      return Promise.reject(new RangeError(`cannot read ${count} registers in one request`))
    }
    if (this.broken) return Promise.reject(this.broken)
    if (this.pending) return Promise.reject(new Error('one read at a time on a connection'))
    const socket = this.socket
    if (!socket) return Promise.reject(new Error('not connected'))
    const transactionId = this.nextTransactionId
    this.nextTransactionId = (this.nextTransactionId + 1) & 0xffff
    const frame = encodeReadRequest({ transactionId, unit: this.target.unit, address, count })
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending = null
        // A late answer would then be taken for the next request's: this connection is done.
        this.fail(
          new ModbusTcpError(
            `no answer from ${this.where} within ${this.seconds} reading ${count} registers at ${address}`,
          ),
          reject,
        )
      }, this.timeoutMs)
      this.pending = { transactionId, address, count, resolve, reject, timer }
      this.reads++
      this.bytesSent += frame.length
      socket.write(frame)
    })
  }

  /** Ends the connection; pending reads fail. Safe to call more than once. */
  close(): void {
    const socket = this.socket
    this.socket = null
    if (!this.broken) this.broken = new ModbusTcpError('the connection was closed')
    this.settle(null, this.broken)
    socket?.destroy()
  }

  private receive(chunk: Buffer): void {
    this.bytesReceived += chunk.length
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk])
    try {
      for (;;) {
        const length = tcpFrameLength(this.buffer)
        if (length === null || this.buffer.length < length) return
        const frame = this.buffer.subarray(0, length)
        this.buffer = this.buffer.subarray(length)
        this.answer(frame)
      }
    } catch (err) {
      this.fail(new ModbusTcpError(`${this.where} sent a bad frame: ${(err as Error).message}`))
    }
  }

  private answer(frame: Uint8Array): void {
    const response = decodeTcpResponse(frame)
    const pending = this.pending
    // An answer to a request given up on: not ours any more.
    if (!pending || response.transactionId !== pending.transactionId) return
    if ('exception' in response) {
      const { exception } = response
      return this.settle(
        null,
        new ModbusTcpError(
          `${this.where} answered exception ${exception} (${exceptionName(exception)}) reading ${pending.count} registers at ${pending.address}`,
        ),
      )
    }
    if (response.fn !== READ_HOLDING_REGISTERS || response.registers.length !== pending.count) {
      return this.settle(
        null,
        new ModbusTcpError(
          `${this.where} answered ${response.registers.length} registers for ${pending.count} at ${pending.address}`,
        ),
      )
    }
    this.settle(response.registers, null)
  }

  private settle(registers: number[] | null, err: Error | null): void {
    const pending = this.pending
    if (!pending) return
    this.pending = null
    clearTimeout(pending.timer)
    if (err) pending.reject(err)
    else pending.resolve(registers!)
  }

  private fail(err: Error, reject?: (err: Error) => void): void {
    if (!this.broken) this.broken = err
    reject?.(err)
    this.settle(null, err)
    this.socket?.destroy()
  }
}
