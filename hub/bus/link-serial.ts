// The serial link: the only file in the hub that imports serialport.
import { SerialPort } from 'serialport'
import type { Parity } from '../config'
import { LinkListeners, type Link } from './link'

export interface SerialLinkOptions {
  path: string
  baud: number
  parity: Parity
}

export class SerialLink implements Link {
  readonly path: string
  readonly wireTimed = true
  private port: SerialPort | null = null
  private readonly listeners = new LinkListeners()
  private closing = false

  constructor(private readonly options: SerialLinkOptions) {
    this.path = options.path
  }

  get isOpen(): boolean {
    return this.port?.isOpen ?? false
  }

  open(): Promise<void> {
    const port = new SerialPort({
      path: this.options.path,
      baudRate: this.options.baud,
      dataBits: 8,
      parity: this.options.parity,
      stopBits: 1,
      autoOpen: false,
      // Never hold the device for another process (a second hub, the emulator command).
      lock: true,
    })
    this.closing = false
    return new Promise((resolve, reject) => {
      port.open((err) => {
        if (err) return reject(err)
        this.port = port
        port.on('data', (chunk: Buffer) => this.listeners.emitData(chunk))
        port.on('error', (e: Error) => this.lose(port, e))
        port.on('close', (e?: Error | null) =>
          this.lose(port, e ?? new Error('the serial device closed')),
        )
        resolve()
      })
    })
  }

  write(bytes: Uint8Array): Promise<void> {
    const port = this.port
    if (!port?.isOpen) return Promise.reject(new Error(`${this.path} is not open`))
    return new Promise((resolve, reject) => {
      port.write(Buffer.from(bytes), (err) => {
        if (err) return reject(err)
        port.drain((e) => (e ? reject(e) : resolve()))
      })
    })
  }

  onData(listener: (chunk: Uint8Array) => void): () => void {
    return this.listeners.onData(listener)
  }

  onLost(listener: (reason: Error) => void): () => void {
    return this.listeners.onLost(listener)
  }

  close(): Promise<void> {
    const port = this.port
    this.port = null
    this.closing = true
    if (!port?.isOpen) return Promise.resolve()
    return new Promise((resolve) => port.close(() => resolve()))
  }

  private lose(port: SerialPort, reason: Error): void {
    if (this.port !== port) return
    this.port = null
    if (port.isOpen) port.close(() => undefined)
    if (!this.closing) this.listeners.emitLost(reason)
  }
}
