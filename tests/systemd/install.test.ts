// systemd/install.sh without root and without touching this machine: `--dry-run` prints the
// plan, and `--root DIR` installs into a temporary folder as if it were / (skipping users,
// systemctl, udev and modprobe). Real runs use a small checkout with the installer's own files
// and an `npm` that records what it is asked and "builds" by writing build/hub/cli.js.
import { spawnSync } from 'node:child_process'
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { projectRoot } from '../../hub/paths'
import { temporaryFolders } from '../helpers/temporary-folders'
import { HUB_NODE_FLAGS } from '../bench/_support'

const SCRIPT = join(projectRoot, 'systemd', 'install.sh')
// The node running this test is the one the script finds first.
const PATH = `${dirname(process.execPath)}:${process.env.PATH ?? '/usr/bin:/bin'}`

const temporaryFolder = temporaryFolders('lamella-install-')

function install(args: string[], options: { path?: string; script?: string } = {}) {
  const result = spawnSync('bash', [options.script ?? SCRIPT, ...args], {
    encoding: 'utf8',
    env: { PATH: options.path ?? PATH, HOME: tmpdir(), LANG: 'C.UTF-8' },
    timeout: 60_000,
  })
  return { code: result.status, stdout: result.stdout, stderr: result.stderr }
}

function put(file: string, text: string, mode = 0o644) {
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, text)
  chmodSync(file, mode)
}

/** A checkout with the installer's files, sources, and what a developer leaves lying around. */
function fakeCheckout(options: { built: boolean }) {
  const source = temporaryFolder()
  for (const file of ['install.sh', 'lamella.service', 'lamella.env.example']) {
    mkdirSync(join(source, 'systemd'), { recursive: true })
    copyFileSync(join(projectRoot, 'systemd', file), join(source, 'systemd', file))
  }
  // The node flags come from package.json, through the script the installer runs.
  const { lamella } = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
    lamella: unknown
  }
  put(join(source, 'package.json'), `${JSON.stringify({ name: 'lamella', lamella })}\n`)
  put(
    join(source, 'scripts/node-flags.mjs'),
    readFileSync(join(projectRoot, 'scripts/node-flags.mjs'), 'utf8'),
  )
  put(join(source, 'hub/main.ts'), '// the hub\n', 0o600)
  put(join(source, 'ui/build/plugin.ts'), '// a vite plugin: source, not output\n')
  put(join(source, 'data/lamella.db'), 'a developer database')
  put(join(source, '.git/HEAD'), 'ref: refs/heads/main\n')
  put(join(source, '.vitest-attachments/x'), 'x')
  if (options.built) {
    put(join(source, 'build/hub/cli.js'), '// built in the checkout\n')
    put(join(source, 'node_modules/fastify/index.js'), '// a package\n')
    put(join(source, 'ui/dist/index.html'), '<!doctype html>\n')
  }
  // npm: logs its arguments; `run build` writes the bundle where --prefix points.
  const bin = temporaryFolder()
  const log = join(bin, 'npm-calls')
  put(
    join(bin, 'npm'),
    `#!/bin/sh\necho "$*" >> ${log}\n` +
      'if [ "$3" = run ]; then mkdir -p "$2/build/hub" && echo "// built" > "$2/build/hub/cli.js"; fi\n',
    0o755,
  )
  const npmCalls = () => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [])
  return { script: join(source, 'systemd', 'install.sh'), path: `${bin}:${PATH}`, npmCalls }
}

describe('systemd/install.sh', () => {
  it('is valid bash', () => {
    const result = spawnSync('bash', ['-n', SCRIPT], { encoding: 'utf8' })
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
  })

  it('prints the whole plan for a Pi with --dry-run', () => {
    const { code, stdout, stderr } = install(['--dry-run', '--no-start'])
    expect(code, stderr).toBe(0)
    expect(stdout).toContain('Dry run: printing every action, changing nothing.')
    expect(stdout).toMatch(
      /\+ useradd --system --user-group --groups dialout --home-dir \/var\/lib\/lamella .*lamella\n|user lamella exists/,
    )
    expect(stdout).toContain('+ npm --prefix /opt/lamella.new ci --no-audit --no-fund')
    expect(stdout).toContain('+ npm --prefix /opt/lamella.new run build')
    expect(stdout).toContain('+ mv /opt/lamella.new /opt/lamella')
    expect(stdout).toContain(`ExecStart=${process.execPath} ${HUB_NODE_FLAGS.join(' ')}`)
    expect(stdout).toMatch(/\/etc\/systemd\/system\/lamella\.service\n/)
    expect(stdout).toMatch(/\/etc\/lamella\/lamella\.env\n/)
    expect(stdout).toMatch(/\/etc\/modules-load\.d\/lamella\.conf\n/)
    expect(stdout).toContain('+ systemctl daemon-reload')
    expect(stdout).toContain('+ systemctl enable lamella.service')
    expect(stdout).toContain('not started (--no-start)')
  })

  it('plans the restart and the health check when it is to start the hub', () => {
    const { code, stdout, stderr } = install(['--dry-run'])
    expect(code, stderr).toBe(0)
    expect(stdout).toContain('+ systemctl restart lamella.service')
    expect(stdout).toMatch(/\+ wait for http:\/\/127\.0\.0\.1:\d+\/healthz/)
  })

  it('writes nothing under --root on a dry run', () => {
    const root = temporaryFolder()
    const { code, stdout, stderr } = install(['--dry-run', '--root', root])
    expect(code, stderr).toBe(0)
    expect(stdout).toContain(`+ install -D -m 0644`)
    expect(stdout).toContain(`${root}/etc/systemd/system/lamella.service`)
    expect(stdout).toContain('skipped under --root: systemctl daemon-reload')
    expect(readdirSync(root)).toEqual([])
  })

  it('installs into a root folder, and a second run changes nothing and keeps the settings', () => {
    const checkout = fakeCheckout({ built: false })
    const root = temporaryFolder()
    const run = () => install(['--root', root, '--udev', '0403:6001:A10KXYZ1'], checkout)
    const first = run()
    expect(first.code, first.stderr).toBe(0)

    // Copied without a developer's leftovers, then built in the new copy before the swap.
    const app = join(root, 'opt', 'lamella')
    expect(checkout.npmCalls()).toEqual([
      `--prefix ${app}.new ci --no-audit --no-fund`,
      `--prefix ${app}.new run build`,
    ])
    expect(readFileSync(join(app, 'build/hub/cli.js'), 'utf8')).toBe('// built\n')
    expect(existsSync(join(app, 'ui/build/plugin.ts'))).toBe(true)
    for (const left of ['data', '.git', '.vitest-attachments']) {
      expect(existsSync(join(app, left)), left).toBe(false)
    }
    expect(existsSync(`${app}.new`) || existsSync(`${app}.old`)).toBe(false)
    // Readable by the service however the checkout's files were made.
    expect(statSync(join(app, 'hub/main.ts')).mode & 0o777).toBe(0o644)

    // The unit as shipped, pointed at this node.
    const unit = readFileSync(join(root, 'etc/systemd/system/lamella.service'), 'utf8')
    const shipped = readFileSync(join(projectRoot, 'systemd/lamella.service'), 'utf8')
    expect(unit).toBe(
      shipped
        .replaceAll('/usr/bin/node', process.execPath)
        .replace('@NODE_FLAGS@', HUB_NODE_FLAGS.join(' ')),
    )

    const settings = join(root, 'etc/lamella/lamella.env')
    expect(readFileSync(settings, 'utf8')).toBe(
      readFileSync(join(projectRoot, 'systemd/lamella.env.example'), 'utf8'),
    )
    expect(statSync(settings).mode & 0o777).toBe(0o640)
    expect(readFileSync(join(root, 'etc/modules-load.d/lamella.conf'), 'utf8')).toBe(
      'usbserial\ncdc_acm\n',
    )
    expect(readFileSync(join(root, 'etc/udev/rules.d/99-lamella-serial.rules'), 'utf8')).toContain(
      'SUBSYSTEM=="tty", ATTRS{idVendor}=="0403", ATTRS{idProduct}=="6001", ' +
        'ATTRS{serial}=="A10KXYZ1", GROUP="dialout", MODE="0660", SYMLINK+="lamella-rs485"',
    )
    const command = join(root, 'usr/local/bin/lamella')
    expect(statSync(command).mode & 0o777).toBe(0o755)
    expect(readFileSync(command, 'utf8')).toContain(
      `runuser -u lamella -- env LAMELLA_DB=/var/lib/lamella/lamella.db \\\n  ${process.execPath} ` +
        '/opt/lamella/build/hub/cli.js "$@"',
    )
    expect(first.stdout).toContain('skipped under --root: useradd --system')
    expect(first.stdout).toContain('skipped under --root: systemctl enable lamella.service')

    // The owner's settings survive an update, and the health check follows their port.
    writeFileSync(settings, 'LAMELLA_PORT=9000\n')
    chmodSync(settings, 0o600)
    const second = run()
    expect(second.code, second.stderr).toBe(0)
    expect(readFileSync(settings, 'utf8')).toBe('LAMELLA_PORT=9000\n')
    expect(statSync(settings).mode & 0o777).toBe(0o600)
    for (const file of [
      'etc/systemd/system/lamella.service',
      'etc/modules-load.d/lamella.conf',
      'etc/udev/rules.d/99-lamella-serial.rules',
      'usr/local/bin/lamella',
    ]) {
      expect(second.stdout).toContain(`up to date: ${root}/${file}`)
    }
    expect(second.stdout).toContain(`kept as it is: ${settings}`)
    expect(second.stdout).toContain('wait for http://127.0.0.1:9000/healthz')
    expect(existsSync(`${app}.new`) || existsSync(`${app}.old`)).toBe(false)
  })

  it('with --no-build copies the checkout as built, and refuses one that is not', () => {
    const built = fakeCheckout({ built: true })
    const root = temporaryFolder()
    const result = install(['--root', root, '--no-build'], built)
    expect(result.code, result.stderr).toBe(0)
    expect(built.npmCalls()).toEqual([])
    const app = join(root, 'opt', 'lamella')
    for (const kept of [
      'build/hub/cli.js',
      'node_modules/fastify/index.js',
      'ui/dist/index.html',
    ]) {
      expect(existsSync(join(app, kept)), kept).toBe(true)
    }
    expect(existsSync(join(app, 'data'))).toBe(false)

    const unbuilt = fakeCheckout({ built: false })
    const refused = install(['--root', temporaryFolder(), '--no-build'], unbuilt)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('--no-build needs a built checkout')
  })

  it.each([
    [['--udev', '0403-6001'], '--udev takes VID:PID or VID:PID:SERIAL'],
    [['--udev'], '--udev needs a value'],
    [['--udev', '--no-start'], '--udev needs a value'],
    [['--dir', 'opt/lamella'], '--dir must be an absolute path'],
    [['--dir', '/srv/lamella', '--in-place'], '--in-place runs the hub from the checkout'],
    [['--colour'], 'unknown option --colour'],
  ])('refuses %j with exit code 2 before it changes anything', (bad, message) => {
    const checkout = fakeCheckout({ built: false })
    const root = temporaryFolder()
    // The bad option last, after everything a real run would otherwise have done first.
    const { code, stdout, stderr } = install(['--root', root, ...bad], checkout)
    expect(stderr).toContain(`install.sh: ${message}`)
    expect(code).toBe(2)
    expect(stdout).toBe('')
    expect(readdirSync(root)).toEqual([])
    expect(checkout.npmCalls()).toEqual([])
  })

  it('installs no build tools when npm ci finds the prebuilt binaries', () => {
    const checkout = fakeCheckout({ built: false })
    const { code, stdout, stderr } = install(['--root', temporaryFolder()], checkout)
    expect(code, stderr).toBe(0)
    expect(checkout.npmCalls()[0]).toMatch(/ ci --no-audit --no-fund$/)
    expect(stdout).not.toContain('build-essential')
    const plan = install(['--dry-run', '--no-start'])
    expect(plan.stdout).toContain(
      '(if npm ci finds no prebuilt binary: apt-get install build-essential python3, npm ci again)',
    )
  })

  it('waits for the health check on the address and port the hub is set to listen on', () => {
    const root = temporaryFolder()
    const settings = join(root, 'etc/lamella/lamella.env')
    for (const [lines, address] of [
      ['LAMELLA_PORT=9000\n', '127.0.0.1:9000'],
      ['LAMELLA_HOST=0.0.0.0\nLAMELLA_PORT="8081"\n', '127.0.0.1:8081'],
      ['LAMELLA_HOST=192.168.1.50\n', '192.168.1.50:8080'],
      ['LAMELLA_HOST=fd00::5\nLAMELLA_PORT=80\n', '[fd00::5]:80'],
    ]) {
      put(settings, `# the Pi's own address only\n${lines}`)
      const { code, stdout, stderr } = install(['--dry-run', '--root', root])
      expect(code, stderr).toBe(0)
      expect(stdout).toContain(`wait for http://${address}/healthz`)
    }
  })

  it('installs the build tools before npm ci on Node 24, which compiles better-sqlite3', () => {
    // A PATH as on a fresh Raspberry Pi OS: this Node (saying 24.21.0), no make and no g++.
    const bin = temporaryFolder()
    writeFileSync(join(bin, 'node'), '#!/bin/sh\necho 24.21.0\n')
    chmodSync(join(bin, 'node'), 0o755)
    for (const folder of ['/usr/bin', '/bin']) {
      for (const name of readdirSync(folder)) {
        if (/^(make|g\+\+|c\+\+|node|npm)$/.test(name) || existsSync(join(bin, name))) continue
        symlinkSync(join(folder, name), join(bin, name))
      }
    }
    const npm = PATH.split(':')
      .map((folder) => join(folder, 'npm'))
      .find((file) => existsSync(file))
    symlinkSync(npm ?? '/usr/bin/npm', join(bin, 'npm'))
    const { code, stdout, stderr } = install(['--dry-run', '--no-start'], { path: bin })
    expect(code, stderr).toBe(0)
    const tools = stdout.indexOf('+ apt-get install -y build-essential python3')
    expect(stdout).toContain(
      'Node 24: npm ci compiles better-sqlite3; installing the build tools first',
    )
    expect(tools).toBeGreaterThan(-1)
    expect(tools).toBeLessThan(stdout.indexOf('+ npm --prefix /opt/lamella.new ci'))
  })

  it('refuses a Node older than 20.19 and says how to get a newer one', () => {
    const bin = temporaryFolder()
    writeFileSync(join(bin, 'node'), '#!/bin/sh\necho 18.19.0\n')
    chmodSync(join(bin, 'node'), 0o755)
    const { code, stderr } = install(['--dry-run'], { path: `${bin}:/usr/bin:/bin` })
    expect(code).toBe(1)
    expect(stderr).toContain(`node 18.19.0 at ${bin}/node is too old`)
    expect(stderr).toContain('sudo apt install nodejs npm')
    expect(stderr).toContain('deb.nodesource.com')
  })
})
