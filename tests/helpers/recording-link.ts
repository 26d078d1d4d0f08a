// The in-process emulator link for bus unit tests, keeping every request written (with its
// time) and the time of every chunk answered, so a test can see the frames on the wire.
import type { RelayBoardEmulator } from '../../firmware-protocol/emulator'
import { decodeRequest, type Request } from '../../firmware-protocol/rtu'
import { EmulatorLink } from '../../hub/bus/link-emulator'

export class RecordingLink extends EmulatorLink {
  readonly writes: { at: number; request: Request }[] = []
  readonly answers: number[] = []

  /** `now`: the clock its times are on (monotonic ms; default performance.now()). */
  constructor(
    emulator: RelayBoardEmulator,
    private readonly now: () => number = () => performance.now(),
  ) {
    super(emulator)
    super.onData(() => this.answers.push(this.now()))
  }

  /** The requests written, oldest first. */
  get requests(): Request[] {
    return this.writes.map((w) => w.request)
  }

  override async write(bytes: Uint8Array): Promise<void> {
    this.writes.push({ at: this.now(), request: decodeRequest(bytes) })
    return super.write(bytes)
  }
}
