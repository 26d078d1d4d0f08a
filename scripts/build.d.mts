export function buildHub(): Promise<void>
export function buildUi(options?: { outDir?: string }): void
