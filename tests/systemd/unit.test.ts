// systemd/lamella.service as systemd itself judges it (ARCHITECTURE.md section 8): the
// hardening rated 2.0 or lower by `systemd-analyze security --offline=yes`, a clean
// `systemd-analyze verify`, and the serial adapters still reachable. systemd-analyze comes with
// Debian's "systemd" package, which .ci/run installs; where it is missing its tests are
// skipped, and fail under LAMELLA_REQUIRE_TOOLS=1 (tests/helpers/system-tools.ts).
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { projectRoot } from '../../hub/paths'
import { HUB_NODE_FLAGS } from '../bench/_support'
import { describeWithPrograms } from '../helpers/system-tools'

const UNIT = join(projectRoot, 'systemd', 'lamella.service')
const MAX_EXPOSURE = 2.0

/** `Key=value` lines of the [Service] section, in order (a key may repeat). */
function serviceSettings(text: string): [string, string][] {
  const section = text.split(/^\[Service\]$/m)[1]?.split(/^\[/m)[0] ?? ''
  return section
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const at = line.indexOf('=')
      return [line.slice(0, at), line.slice(at + 1)] as [string, string]
    })
}

function analyze(args: string[]) {
  const result = spawnSync('systemd-analyze', args, { encoding: 'utf8' })
  if (result.error) throw result.error
  return { code: result.status, output: `${result.stdout}${result.stderr}` }
}

describeWithPrograms(['systemd-analyze'], 'lamella.service as systemd judges it', () => {
  let dir = ''
  let unitCopy = ''

  beforeAll(() => {
    // `verify` insists that ExecStart's program exists. The unit names /usr/bin/node (Debian's
    // and NodeSource's path, and install.sh rewrites it to `command -v node`); this machine's
    // node may live elsewhere (nvm, /usr/local), so the copy checked names the node running
    // this test. The file name stays lamella.service: verify takes the unit name from it.
    dir = mkdtempSync(join(tmpdir(), 'lamella-unit-'))
    unitCopy = join(dir, 'lamella.service')
    const text = readFileSync(UNIT, 'utf8')
    // Its flags are package.json's, written in by install.sh in place of @NODE_FLAGS@.
    expect(text).toMatch(/^ExecStart=\/usr\/bin\/node @NODE_FLAGS@ /m)
    writeFileSync(
      unitCopy,
      text.replace(
        /^ExecStart=\/usr\/bin\/node @NODE_FLAGS@ /m,
        `ExecStart=${process.execPath} ${HUB_NODE_FLAGS.join(' ')} `,
      ),
    )
  })
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  it(`is rated an overall exposure of ${MAX_EXPOSURE} or lower by systemd-analyze security`, () => {
    const { code, output } = analyze(['security', '--offline=yes', unitCopy])
    expect(code, output).toBe(0)
    const figure = /Overall exposure level for lamella\.service: (\d+(?:\.\d+)?)/.exec(output)
    expect(figure, output).not.toBeNull()
    expect(Number(figure?.[1]), output).toBeLessThanOrEqual(MAX_EXPOSURE)
  })

  it('passes systemd-analyze verify without a warning about it', () => {
    const { code, output } = analyze(['verify', unitCopy])
    // Other units of this machine may draw complaints; only lines about ours count.
    const ours = output.split('\n').filter((line) => /lamella/.test(line))
    expect(ours, output).toEqual([])
    expect(code, output).toBe(0)
  })
})

describe('lamella.service', () => {
  it('keeps the USB serial adapters and the dialout group reachable', () => {
    const settings = serviceSettings(readFileSync(UNIT, 'utf8'))
    const values = (key: string) => settings.filter(([k]) => k === key).map(([, v]) => v)

    expect(values('User')).toEqual(['lamella'])
    expect(values('SupplementaryGroups').join(' ').split(/\s+/)).toContain('dialout')
    expect(values('DevicePolicy')).toEqual(['closed'])
    expect(values('DeviceAllow')).toEqual(
      expect.arrayContaining(['char-ttyUSB rw', 'char-ttyACM rw']),
    )
    // PrivateDevices= would give the hub a /dev without the adapter, and without it re-plugged.
    expect(values('PrivateDevices')).not.toContain('yes')
  })

  it('keeps its database in the state directory and restarts whenever it stops', () => {
    const settings = serviceSettings(readFileSync(UNIT, 'utf8'))
    const values = (key: string) => settings.filter(([k]) => k === key).map(([, v]) => v)

    expect(values('StateDirectory')).toEqual(['lamella'])
    expect(values('Environment')).toContain('LAMELLA_DB=%S/lamella/lamella.db')
    expect(values('ProtectSystem')).toEqual(['strict'])
    expect(values('Restart')).toEqual(['always'])
    expect(values('Type')).toEqual(['notify'])
    // systemd-notify, a child of the hub, sends READY=1 and WATCHDOG=1 (hub/service-notify.ts).
    expect(values('NotifyAccess')).toEqual(['all'])
    expect(values('WatchdogSec')).toHaveLength(1)
  })

  it('stops restarting after exit code 2, a bad setting that no restart can mend', () => {
    const settings = serviceSettings(readFileSync(UNIT, 'utf8'))
    const values = (key: string) => settings.filter(([k]) => k === key).map(([, v]) => v)
    // `lamella serve` exits with 2 after its one line naming the setting (tests/cli/start-failures).
    expect(values('RestartPreventExitStatus').join(' ').split(/\s+/)).toContain('2')
  })

  it('starts once the network is up, so an address not yet given at boot is not an exit 2', () => {
    // LAMELLA_HOST set to the Pi's LAN address fails with EADDRNOTAVAIL (exit 2, no restart)
    // when the hub starts before DHCP gave it: the unit waits for network-online.target.
    const text = readFileSync(UNIT, 'utf8')
    const unit = text.split(/^\[Unit\]$/m)[1]?.split(/^\[/m)[0] ?? ''
    const words = (key: string) =>
      [...unit.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].flatMap((m) => m[1]!.split(/\s+/))
    expect(words('After')).toContain('network-online.target')
    expect(words('Wants')).toContain('network-online.target')
  })
})
