// The in-process link for LAMELLA_SERIAL=emulator: bytes go straight to the relay-board
// emulator, which answers with real Modbus RTU frames (with wire timing when it has a baud).
import type { RelayBoardEmulator } from '../../firmware-protocol/emulator'
import { LinkListeners, type Link } from './link'

export class EmulatorLink implements Link {
  readonly path = 'emulator'
  private port: { receive(chunk: Uint8Array): void; close(): void } | null = null
  private readonly listeners = new LinkListeners()

  constructor(readonly emulator: RelayBoardEmulator) {}

  get wireTimed(): boolean {
    return this.emulator.wireTimed
  }

  get isOpen(): boolean {
    return this.port !== null
  }

  async open(): Promise<void> {
    this.port = this.emulator.attach((bytes) => this.listeners.emitData(bytes))
  }

  async write(bytes: Uint8Array): Promise<void> {
    if (!this.port) throw new Error('the emulator link is not open')
    this.port.receive(bytes)
  }

  onData(listener: (chunk: Uint8Array) => void): () => void {
    return this.listeners.onData(listener)
  }

  onLost(listener: (reason: Error) => void): () => void {
    return this.listeners.onLost(listener)
  }

  async close(): Promise<void> {
    this.port?.close()
    this.port = null
  }
}
