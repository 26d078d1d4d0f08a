// The hub's modules import downwards only: no file reaches itself again through its imports
// (type-only imports count too, as they tie the files' meaning together all the same). A new
// circle fails here with its files named, the way in which they lead back to the first.
import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const ROOTS = ['hub', 'firmware-protocol'].map((d) => path.resolve(__dirname, '../..', d))

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
  })
}

/** The project files `file` imports or re-exports from, resolved as the compiler would. */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, false)
  return importedFiles
    .map((i) => i.fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => path.resolve(path.dirname(file), name))
    .flatMap((base) => [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')])
    .filter((candidate) => fs.existsSync(candidate))
}

/** Every circle, each as the path from one of its files back to itself (Tarjan's components). */
export function importCircles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const circles: string[][] = []
  const visit = (v: string) => {
    index.set(v, index.size)
    low.set(v, index.get(v)!)
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!))
    }
    if (low.get(v) !== index.get(v)) return
    const component: string[] = []
    let w: string
    do {
      w = stack.pop()!
      onStack.delete(w)
      component.push(w)
    } while (w !== v)
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) circles.push(component.sort())
  }
  for (const v of graph.keys()) if (!index.has(v)) visit(v)
  return circles
}

describe('the import graph', () => {
  it('finds a circle when there is one, and none in a chain', () => {
    const chain = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', []],
    ])
    expect(importCircles(chain)).toEqual([])
    chain.set('c', ['a'])
    expect(importCircles(chain)).toEqual([['a', 'b', 'c']])
  })

  it('of the hub and the protocol code has no circle', () => {
    const repo = path.resolve(__dirname, '../..')
    const graph = new Map(
      ROOTS.flatMap(sourceFiles).map((file) => [file, importsOf(file)] as [string, string[]]),
    )
    expect(graph.size).toBeGreaterThan(100)
    const named = importCircles(graph).map((c) => c.map((f) => path.relative(repo, f)))
    expect(named).toEqual([])
  })
})
