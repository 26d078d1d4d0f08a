// The PV inverter as a process of its own (`lamella emulator --sunspec`), as a real inverter is
// a machine of its own: it keeps its lifetime counter while the hub dies and starts again.
import type { ChildProcessWithoutNullStreams } from 'node:child_process'
import { tmpdir } from 'node:os'
import type { Location } from '../../hub/engine/sun'
import { startCli } from '../helpers/cli'

export interface InverterProcess {
  /** For LAMELLA_PV. */
  url: string
  close(): Promise<void>
}

/** An inverter whose power follows a clear day at `location`. */
export async function startInverter(location: Location): Promise<InverterProcess> {
  const child: ChildProcessWithoutNullStreams = startCli(
    ['emulator', '--sunspec', '127.0.0.1:0', `--lat=${location.lat}`, `--lon=${location.lon}`],
    {},
    tmpdir(),
  )
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.stdout.resume()
  const port = await new Promise<number>((resolve, reject) => {
    let said = ''
    const timer = setTimeout(() => reject(new Error(`the inverter did not start: ${said}`)), 10_000)
    child.stderr.on('data', (chunk: Buffer) => {
      said += chunk.toString('utf8')
      const m = / on 127\.0\.0\.1:(\d+),/.exec(said)
      if (!m) return
      clearTimeout(timer)
      resolve(Number(m[1]))
    })
    void exited.then(() => reject(new Error(`the inverter exited: ${said}`)))
  })
  return {
    url: `modbus-tcp://127.0.0.1:${port}`,
    close: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}
