// The web UI's component tests answer from a hand-written stub (ui/src/test-support), which
// takes any query. Here every operation the UI can send, collected from its source, is held
// to what the hub itself checks before running one: graphql's validation against
// hub/graphql/schema.graphql, no introspection, the depth limit and the field limit.
import {
  buildSchema,
  NoSchemaIntrospectionCustomRule,
  parse,
  specifiedRules,
  validate,
  type DefinitionNode,
  type DocumentNode,
} from 'graphql'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import {
  FIELD_LIMIT,
  fieldLimitRule,
  fieldsSelected,
  QUERY_DEPTH_LIMIT,
} from '../../hub/graphql/request-limits'
import { graphqlSchemaFile } from '../../hub/paths'
import { uiOperations, type UiOperation } from '../helpers/ui-operations'

// The hub's depth limit is mercurius's own count (hub/graphql/plugin.ts passes queryDepth).
const queryDepth = createRequire(import.meta.url)('mercurius/lib/queryDepth.js') as (
  definitions: readonly DefinitionNode[],
  limit: number,
) => Error[]

const schema = buildSchema(readFileSync(graphqlSchemaFile, 'utf8'))

/** What the hub says of a request before running it: nothing when it would run it. */
function hubRefusals(source: string): string[] {
  let document: DocumentNode
  try {
    document = parse(source)
  } catch (err) {
    return [(err as Error).message]
  }
  const rules = [fieldLimitRule(), ...specifiedRules, NoSchemaIntrospectionCustomRule]
  const invalid = validate(schema, document, rules).map((e) => e.message)
  if (invalid.length > 0) return invalid
  return queryDepth(document.definitions, QUERY_DEPTH_LIMIT).map((e) => e.message)
}

const nameOf = (op: UiOperation) => /^\s*\w+\s+(\w+)/.exec(op.source)?.[1] ?? '(anonymous)'

const operations = uiOperations()

/** Fields selected; an operation that does not parse fails its own test below. */
function fieldsOf(op: UiOperation): number {
  try {
    return Math.max(0, ...fieldsSelected(parse(op.source)).map((o) => o.fields))
  } catch {
    return 0
  }
}
const fieldCounts = operations
  .map((op) => ({ name: nameOf(op), fields: fieldsOf(op) }))
  .sort((a, b) => b.fields - a.fields)
const largest = fieldCounts[0] ?? { name: 'none', fields: 0 }

describe('the GraphQL operations of the web UI', () => {
  it('are found in the UI source: each query the UI caches, login, and both sides of each favourite', () => {
    const names = operations.map(nameOf)
    for (const name of [
      'whoAmI',
      'blindList',
      'blind',
      'automationList',
      'automation',
      'automationRuns',
      'userList',
      'user',
      'hubStatus',
      'login',
      'logout',
      'blindMove',
      'setFavoriteBlind',
      'unsetFavoriteBlind',
      'setFavoriteAutomation',
      'unsetFavoriteAutomation',
    ]) {
      expect(names).toContain(name)
    }
  })

  it.each(operations.map((op) => [nameOf(op), op.where, op] as const))(
    'sends %s (%s) as the hub accepts it',
    (_name, _where, op) => {
      expect(hubRefusals(op.source)).toEqual([])
    },
  )

  it(`stay within a tenth of the field limit of ${FIELD_LIMIT}: the largest, ${largest.name}, selects ${largest.fields}`, () => {
    const all = fieldCounts.map((c) => `${c.name} ${c.fields}`).join(', ')
    expect(largest.fields * 10, `fields per operation: ${all}`).toBeLessThanOrEqual(FIELD_LIMIT)
  })

  it('would be refused with a field the schema does not have', () => {
    // The check itself, on a copy of one operation with a misspelt field.
    const blindList = operations.find((op) => nameOf(op) === 'blindList')!
    const misspelt = blindList.source.replace('blindAddressUp', 'blindAdressUp')
    expect(misspelt).not.toBe(blindList.source)
    expect(hubRefusals(misspelt)).toEqual([
      expect.stringMatching(/^Cannot query field "blindAdressUp" on type "Blind"\./),
    ])
  })
})
