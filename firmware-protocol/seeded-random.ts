// A small seeded random source, so that a run with faults can be replayed with the seed it
// printed: the emulator's line noise and the fault tests (mulberry32: 32 bits of state).

export interface Random {
  readonly seed: number
  /** A float in [0, 1). */
  next(): number
  /** An integer in [min, max]. */
  int(min: number, max: number): number
  /** True with probability `p`. */
  chance(p: number): boolean
  pick<T>(items: readonly T[]): T
  /** Picks by weight: `[[weight, value], ...]`. */
  weighted<T>(choices: readonly (readonly [number, T])[]): T
  /** A random subset, in the original order. */
  subset<T>(items: readonly T[]): T[]
}

/** The seed from `env` (decimal), or a fresh one. */
export function seedFrom(env: string | undefined): number {
  const given = env === undefined ? NaN : Number(env)
  return Number.isInteger(given) ? given >>> 0 : Math.floor(Math.random() * 2 ** 32)
}

export function seededRandom(seed: number): Random {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  return {
    seed,
    next,
    int,
    chance: (p) => next() < p,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list')
      return items[int(0, items.length - 1)]!
    },
    weighted: (choices) => {
      const total = choices.reduce((sum, [w]) => sum + w, 0)
      let r = next() * total
      for (const [w, value] of choices) {
        if (r < w) return value
        r -= w
      }
      return choices[choices.length - 1]![1]
    },
    subset: (items) => items.filter(() => next() < 0.5),
  }
}
