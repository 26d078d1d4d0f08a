export function withoutCleanupHooks(header: string): string
