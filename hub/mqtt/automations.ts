// Every automation for Home Assistant (ARCHITECTURE.md section 10): a button that runs it, and
// its retained `state` (`running`/`idle`) and `last_run` under `<base>/automation/<id>/`.
import type { Automation, AutomationRun } from '../db/automations'
import { buttonConfig, type DiscoveryContext, type RetainedOut } from './discovery'
import type { AutomationLeaf } from './topics'

const LEAVES: readonly AutomationLeaf[] = ['state', 'last_run']

export interface AutomationSource {
  list(): Automation[]
  lastRun(automationId: string): AutomationRun | null
}

export class MqttAutomations {
  /** Ids announced to the broker, to clear what was deleted. */
  private announced = new Set<string>()

  constructor(
    private readonly source: AutomationSource,
    private readonly ctx: DiscoveryContext,
    private readonly out: RetainedOut,
  ) {}

  has(id: string): boolean {
    return this.announced.has(id)
  }

  /** The discovery configs of the automations there are now. */
  configTopics(): string[] {
    return [...this.announced].flatMap((id) => this.ctx.topics.discovery('button', id) ?? [])
  }

  /** An automation's retained topics but its config. */
  leaves(id: string): string[] {
    return LEAVES.map((leaf) => this.ctx.topics.automation(id, leaf))
  }

  /** Automations created, changed or deleted, or a new connection: every button and state. */
  announce(): void {
    if (!this.out.linked()) return
    const automations = this.source.list()
    const now = new Set(automations.map((a) => a.id))
    for (const id of this.announced) {
      if (now.has(id)) continue
      this.out.clear(this.ctx.topics.discovery('button', id))
      this.leaves(id).forEach((topic) => this.out.clear(topic))
    }
    this.announced = now
    for (const automation of automations) {
      const topic = this.ctx.topics.discovery('button', automation.id)
      if (topic) this.out.publish(topic, JSON.stringify(buttonConfig(automation, this.ctx)))
      this.publish(automation.id)
    }
  }

  /** A run started, stepped or ended. */
  publish(id: string): void {
    if (!this.announced.has(id)) return
    const { topics } = this.ctx
    const last = this.source.lastRun(id)
    // The run first: whoever sees the state change finds the run it belongs to already there.
    if (last) {
      const { id: runId, status, source, startedAt, finishedAt, error } = last
      this.out.publish(
        topics.automation(id, 'last_run'),
        JSON.stringify({ runId, status, source, startedAt, finishedAt, error }),
      )
    }
    this.out.publish(
      topics.automation(id, 'state'),
      last?.status === 'RUNNING' ? 'running' : 'idle',
    )
  }
}
