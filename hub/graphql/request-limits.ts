// What one GraphQL request may ask of the hub beyond what the schema allows (ARCHITECTURE.md
// section 7): how deep it nests and how many fields it selects. A Pi answers any query the UI
// sends in milliseconds, but one request of 5000 aliased blindList fields took 1.56 s and
// returned 1.6 MB; these limits refuse such a request with 400 before any of it runs.
import {
  BREAK,
  GraphQLError,
  Kind,
  type ASTVisitor,
  type DocumentNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
} from 'graphql'

/** Levels of nesting, as mercurius counts them (each field and inline fragment is one). */
export const QUERY_DEPTH_LIMIT = 10

/**
 * Fields one operation may select, every alias and every use of a fragment counted. The UI's
 * largest operation selects 27 (tests/api/ui-operations.test.ts prints them all).
 */
export const FIELD_LIMIT = 500

/**
 * A graphql validation rule: refuses an operation that selects more than `limit` fields. It
 * runs before graphql's own rules, which may call fragments that do not exist or spread one
 * into itself; those count nothing here and are refused by the rules that follow.
 */
export function fieldLimitRule(limit = FIELD_LIMIT) {
  return (context: ValidationContext): ASTVisitor => ({
    Document(document) {
      for (const { operation, fields } of fieldsSelected(document)) {
        if (fields <= limit) continue
        const selects =
          fields <= Number.MAX_SAFE_INTEGER ? fields : `over ${Number.MAX_SAFE_INTEGER}`
        context.reportError(
          new GraphQLError(
            `A request may select at most ${limit} fields; this one selects ${selects}`,
            { nodes: operation },
          ),
        )
      }
      // Everything is counted from the document: the rest of the tree needs no visit.
      return BREAK
    },
  })
}

/** How many fields each operation of a document selects, fragments spread included. */
export function fieldsSelected(
  document: DocumentNode,
): { operation: OperationDefinitionNode; fields: number }[] {
  const fragments = new Map<string, FragmentDefinitionNode>()
  for (const d of document.definitions) {
    if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d)
  }
  const counter = new FieldCounter(fragments)
  return document.definitions
    .filter((d) => d.kind === Kind.OPERATION_DEFINITION)
    .map((operation) => ({ operation, fields: counter.count(operation.selectionSet) }))
}

/**
 * Counts the fields of selection sets, a fragment's once per spread of it. Each fragment is
 * counted once and remembered, so fragments that spread each other many times over (a
 * "billion laughs" of fragments) cost no more to count than to parse.
 */
class FieldCounter {
  private readonly counted = new Map<string, number>()
  private readonly counting = new Set<string>()

  constructor(private readonly fragments: Map<string, FragmentDefinitionNode>) {}

  count(selectionSet: SelectionSetNode): number {
    let fields = 0
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        fields += 1 + (selection.selectionSet ? this.count(selection.selectionSet) : 0)
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        fields += this.count(selection.selectionSet)
      } else {
        fields += this.fragment(selection.name.value)
      }
    }
    return fields
  }

  private fragment(name: string): number {
    const known = this.counted.get(name)
    if (known !== undefined) return known
    const fragment = this.fragments.get(name)
    // Unknown, or spread within itself: graphql's own rules refuse the request.
    if (!fragment || this.counting.has(name)) return 0
    this.counting.add(name)
    const fields = this.count(fragment.selectionSet)
    this.counting.delete(name)
    this.counted.set(name, fields)
    return fields
  }
}
