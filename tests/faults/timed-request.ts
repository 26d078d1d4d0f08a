// One GraphQL request, timed and judged against what the test expects of it, and the figures
// of many: for the load test, which reports latency and judges only correctness.

export interface Outcome {
  kind: string
  /** 200, or the status of an error the test asked for on purpose. */
  expected: number
  status: number
  /** The answer is what was expected: data without errors, or that one error's code. */
  ok: boolean
  ms: number
  detail: string
}

export async function timedRequest(
  url: string,
  kind: string,
  query: string,
  variables: Record<string, unknown>,
  token: string,
  expected = 200,
): Promise<Outcome & { data: Record<string, unknown> | null }> {
  const sent = performance.now()
  try {
    const res = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-auth-token': token },
      body: JSON.stringify({ query, variables }),
      signal: AbortSignal.timeout(10_000),
    })
    const body = (await res.json()) as {
      data?: Record<string, unknown> | null
      errors?: { message: string; extensions?: { code?: number } }[]
    }
    const ms = performance.now() - sent
    const ok =
      expected === 200
        ? res.status === 200 && !body.errors && !!body.data
        : res.status === expected && body.errors?.[0]?.extensions?.code === expected
    const detail = ok ? '' : `${res.status} ${JSON.stringify(body.errors)}`
    return { kind, expected, status: res.status, ok, ms, detail, data: body.data ?? null }
  } catch (err) {
    const ms = performance.now() - sent
    return { kind, expected, status: 0, ok: false, ms, detail: String(err), data: null }
  }
}

/** "p50 …, p99 …, max …" of the outcomes `which` picks. */
export function latencies(outcomes: Outcome[], which: (o: Outcome) => boolean): string {
  const sorted = outcomes
    .filter(which)
    .map((o) => o.ms)
    .sort((a, b) => a - b)
  const at = (p: number) =>
    `${(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN).toFixed(1)} ms`
  return `p50 ${at(50)}, p99 ${at(99)}, max ${at(100)}`
}
