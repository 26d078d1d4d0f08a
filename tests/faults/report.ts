// The figures a fault test measures (counts, rates, latency, memory) go to stdout, one line
// each, for a person or a CI log to read; tests judge correctness only.
export function report(line: string): void {
  process.stdout.write(`${line}\n`)
}
