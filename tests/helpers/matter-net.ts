// A private network for Matter tests (ARCHITECTURE.md section 14): a network namespace with one
// end of a veth pair in it (the hub's side) and the other end here (the controller's side),
// both with IPv4 addresses and multicast on. Matter's mDNS and UDP stay on this pair: nothing is
// announced on the machine's real interfaces. Making one needs root and `ip` (iproute2).
import { execFileSync } from 'node:child_process'
import { randomBytes, randomInt } from 'node:crypto'

export interface MatterNet {
  /** The namespace the hub runs in (`ip netns exec NAME ...`). */
  namespace: string
  /** The hub's interface, inside the namespace, and its address. */
  hubInterface: string
  hubAddress: string
  /** The controller's interface, on this side, and its address. */
  controllerInterface: string
  controllerAddress: string
  remove(): void
}

/** Why this machine cannot make one, or null when it can. */
export function matterNetUnavailable(): string | null {
  if (process.getuid?.() !== 0) return 'needs root to make a network namespace'
  try {
    execFileSync('ip', ['netns', 'list'], { stdio: 'ignore' })
  } catch {
    return 'ip (iproute2) with network namespaces not available'
  }
  return null
}

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: 'pipe' })

export function makeMatterNet(): MatterNet {
  // Short names (interfaces take at most 15 characters), unique per network made.
  const tag = randomBytes(3).toString('hex')
  const namespace = `lamella-m${tag}`
  const hubInterface = `lmh${tag}`
  const controllerInterface = `lmc${tag}`
  const octet = 1 + randomInt(250)
  const hubAddress = `10.231.${octet}.1`
  const controllerAddress = `10.231.${octet}.2`
  const remove = () => {
    try {
      ip('link', 'del', controllerInterface)
    } catch {
      // Gone with the namespace, or never made.
    }
    try {
      ip('netns', 'del', namespace)
    } catch {
      // Never made.
    }
  }
  remove()
  ip('netns', 'add', namespace)
  ip('link', 'add', controllerInterface, 'type', 'veth', 'peer', 'name', hubInterface)
  ip('link', 'set', hubInterface, 'netns', namespace)
  const inside = (...args: string[]) => ip('netns', 'exec', namespace, 'ip', ...args)
  inside('link', 'set', 'lo', 'up')
  inside('addr', 'add', `${hubAddress}/24`, 'dev', hubInterface)
  inside('link', 'set', hubInterface, 'up', 'multicast', 'on')
  ip('addr', 'add', `${controllerAddress}/24`, 'dev', controllerInterface)
  ip('link', 'set', controllerInterface, 'up', 'multicast', 'on')
  return {
    namespace,
    hubInterface,
    hubAddress,
    controllerInterface,
    controllerAddress,
    remove,
  }
}
