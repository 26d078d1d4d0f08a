export function buildHub(): Promise<void>
