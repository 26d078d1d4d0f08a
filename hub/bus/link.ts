// The hardware behind one small interface: a byte pipe to the RS-485 bus. Two implementations:
// link-serial.ts (a real or pseudo terminal, through serialport) and link-emulator.ts (the
// relay-board emulator in this process). Nothing else in the hub knows which one it has.

export interface Link {
  /** The device path, or 'emulator'. */
  readonly path: string
  readonly isOpen: boolean
  /**
   * Whether an answer takes its time on the wire after the request (a real line, or the emulator
   * with a baud rate); false for an in-process emulator that answers at once. Default true.
   */
  readonly wireTimed?: boolean
  /** Opens the device; rejects with the reason when it cannot (unplugged, no permission). */
  open(): Promise<void>
  /** Sends bytes; resolves once the operating system has taken them. */
  write(bytes: Uint8Array): Promise<void>
  /** Bytes as they arrive, in whatever chunks the device delivers. Returns an unsubscribe. */
  onData(listener: (chunk: Uint8Array) => void): () => void
  /** The link went away on its own (adapter unplugged, pty closed). Returns an unsubscribe. */
  onLost(listener: (reason: Error) => void): () => void
  close(): Promise<void>
}

/** Listener sets shared by both links. */
export class LinkListeners {
  readonly data = new Set<(chunk: Uint8Array) => void>()
  readonly lost = new Set<(reason: Error) => void>()

  onData(listener: (chunk: Uint8Array) => void): () => void {
    this.data.add(listener)
    return () => this.data.delete(listener)
  }

  onLost(listener: (reason: Error) => void): () => void {
    this.lost.add(listener)
    return () => this.lost.delete(listener)
  }

  emitData(chunk: Uint8Array): void {
    for (const l of this.data) l(chunk)
  }

  emitLost(reason: Error): void {
    for (const l of this.lost) l(reason)
  }
}
