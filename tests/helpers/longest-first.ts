// The order in which vitest starts the test files (vitest.config.ts, sequence.sequencer). Its own
// order runs the projects one after another and, on a fresh clone with no timings cached, the
// larger files first: the 300 random commands (a 45-line file that runs for about two minutes)
// then started last and ran on alone for a minute and a half after everything else. Here the
// files known to take a minute or more start first, longest first, and every other file fills
// the workers beside them in vitest's own order.
import { relative } from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/** Longest first, as measured on a 2-core machine with four files at once. */
export const LONGEST_FILES = [
  'tests/faults/power-cut-lazy-fs.test.ts',
  'tests/position/random.test.ts',
  'tests/matter/matter-bridge.test.ts',
  'tests/faults/power-cut.test.ts',
  'tests/bus/noisy-wire.test.ts',
  'tests/mqtt/commands.test.ts',
  'tests/position/crash.test.ts',
  'tests/position/tracking.test.ts',
  'tests/engine/runs.test.ts',
  'hub/bus/noisy-bus.test.ts',
]

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root
    const rank = (spec: TestSpecification) => {
      const index = LONGEST_FILES.indexOf(relative(root, spec.moduleId))
      return index === -1 ? LONGEST_FILES.length : index
    }
    const group = (spec: TestSpecification) => spec.project.config.sequence.groupOrder
    // Array.prototype.sort is stable: the rest keep vitest's order.
    return (await super.sort(files)).sort((a, b) => group(a) - group(b) || rank(a) - rank(b))
  }
}
