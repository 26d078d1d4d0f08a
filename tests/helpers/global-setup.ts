// Builds the hub once, so tests that run the `lamella` command run the shipped bundle.
import { buildHub } from '../../scripts/build.mjs'

export default async function setup(): Promise<void> {
  await buildHub()
}
