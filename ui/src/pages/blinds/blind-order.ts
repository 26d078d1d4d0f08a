// Lists sort by name the way people read them: case and accents aside, "Blind 2" before
// "Blind 10".
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' })

export function byName<T extends { name: string }>(a: T, b: T): number {
  return collator.compare(a.name, b.name)
}
