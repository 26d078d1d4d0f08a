export function buildHub(): Promise<void>
export function buildUi(options?: { outDir?: string }): void
export function build(options?: { only?: 'hub' | 'ui'; ifStale?: boolean }): Promise<void>
export function inputsHash(sources: string[], base?: string): string
