// Time from process start to the first answered request, and resident memory of the idle hub,
// for an empty household and for one with 1,000 blinds and 200 automations.
// Goals (issue 2): ready under 1.5 s with 1,000 blinds and 200 automations; idle RSS under 70 MB.
import { fmt, median, rssMiB, seedDatabase, startHubProcess } from './_support'

const RUNS = 5

async function measure(label: string, blinds: number, automations: number): Promise<void> {
  const dbPath = seedDatabase(blinds, automations)
  const ready: number[] = []
  const rss: number[] = []
  const anon: number[] = []
  const file: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const hub = await startHubProcess(dbPath)
    ready.push(hub.readyMs)
    // Idle: give start-up garbage a moment to be collected, as a hub that has run a while.
    await new Promise((r) => setTimeout(r, 3000))
    const m = rssMiB(hub.child.pid!)
    rss.push(m.total)
    anon.push(m.anon)
    file.push(m.file)
    await hub.stop()
  }
  console.log(
    `${label.padEnd(34)} ready: median ${fmt(median(ready), 0)} ms, max ${fmt(Math.max(...ready), 0)} ms` +
      ` | idle RSS after 3 s: median ${fmt(median(rss))} MiB (anonymous ${fmt(median(anon))}, file-backed ${fmt(median(file))}), max ${fmt(Math.max(...rss))} MiB`,
  )
}

console.log(
  `node ${process.version}, ${RUNS} starts each, first admin already created after the first start`,
)
await measure('empty database', 0, 0)
await measure('1,000 blinds and 200 automations', 1000, 200)
