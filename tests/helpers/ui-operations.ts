// Every GraphQL operation the web UI can send, read from its source rather than kept in a
// list, so that an operation added anywhere in ui/src is checked without anyone remembering.
// An operation is a string or template literal that starts with `query`, `mutation` or
// `subscription` (the UI names every operation, as its client sends operationName). Each
// `${...}` in it is worked out to every string it can be: a const, a conditional between
// strings, a template of those, across imports. One that cannot be worked out stops the
// collection with its place, so no operation is skipped unseen.
import { readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { projectRoot as root } from '../../hub/paths'

export interface UiOperation {
  /** Where the literal is, as `ui/src/api/operations.ts:57`. */
  where: string
  /** The GraphQL text, one per string the literal can be. */
  source: string
}

const OPERATION_START = /^\s*(query|mutation|subscription)(?![_0-9A-Za-z])/

/** The UI's own source files: no tests, no test support. */
function uiSourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.includes('test-support'))
    .map((f) => join(dir, f))
}

export function uiOperations(dir = join(root, 'ui/src')): UiOperation[] {
  const files = uiSourceFiles(dir)
  const options: ts.CompilerOptions = {
    jsx: ts.JsxEmit.ReactJSX,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    noLib: true,
    types: [],
    noEmit: true,
  }
  // Only the UI's own modules are followed: packages hold no operations, and reading their
  // types would take seconds.
  const host = ts.createCompilerHost(options)
  host.resolveModuleNames = (names, containing) =>
    names.map((name) =>
      name.startsWith('.')
        ? ts.resolveModuleName(name, containing, options, host).resolvedModule
        : undefined,
    )
  const program = ts.createProgram(files, options, host)
  const strings = new PossibleStrings(program.getTypeChecker())

  const operations: UiOperation[] = []
  for (const file of files) {
    const sourceFile = program.getSourceFile(file)!
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteralLike(node) || ts.isTemplateExpression(node)) {
        const start = ts.isTemplateExpression(node) ? node.head.text : node.text
        if (OPERATION_START.test(start)) {
          for (const source of strings.of(node)) operations.push({ where: where(node), source })
        }
        return
      }
      ts.forEachChild(node, visit)
    }
    visit(sourceFile)
  }
  return operations
}

function where(node: ts.Node): string {
  const file = node.getSourceFile()
  const { line } = file.getLineAndCharacterOfPosition(node.getStart())
  return `${relative(root, file.fileName)}:${line + 1}`
}

/**
 * One string an expression can be, with the choice it took for each const that can be more
 * than one string, so that a const used twice in one operation is the same both times.
 */
interface Possible {
  text: string
  choices: Map<ts.VariableDeclaration, string>
}

/** Joins two possibilities, unless they chose differently for the same const. */
function join2(a: Possible, b: Possible): Possible | null {
  for (const [declaration, text] of b.choices) {
    const chosen = a.choices.get(declaration)
    if (chosen !== undefined && chosen !== text) return null
  }
  return { text: a.text + b.text, choices: new Map([...a.choices, ...b.choices]) }
}

/** The strings an expression of the UI's source can be, worked out without running it. */
class PossibleStrings {
  constructor(private readonly checker: ts.TypeChecker) {}

  of(expr: ts.Expression): string[] {
    return this.possible(expr).map((p) => p.text)
  }

  private possible(expr: ts.Expression): Possible[] {
    const literal = (text: string): Possible => ({ text, choices: new Map() })
    const concat = (left: Possible[], right: Possible[]) =>
      left.flatMap((l) => right.map((r) => join2(l, r))).filter((p) => p !== null)
    if (ts.isStringLiteralLike(expr)) return [literal(expr.text)]
    if (ts.isTemplateExpression(expr)) {
      let texts = [literal(expr.head.text)]
      for (const span of expr.templateSpans) {
        texts = concat(concat(texts, this.possible(span.expression)), [literal(span.literal.text)])
      }
      return texts
    }
    if (
      ts.isParenthesizedExpression(expr) ||
      ts.isAsExpression(expr) ||
      ts.isSatisfiesExpression(expr)
    ) {
      return this.possible(expr.expression)
    }
    if (ts.isConditionalExpression(expr)) {
      return [...this.possible(expr.whenTrue), ...this.possible(expr.whenFalse)]
    }
    if (ts.isBinaryExpression(expr) && expr.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      return concat(this.possible(expr.left), this.possible(expr.right))
    }
    if (ts.isIdentifier(expr)) {
      const declaration = this.constDeclaration(expr)
      if (declaration?.initializer) {
        const values = this.possible(declaration.initializer)
        if (values.length === 1) return values
        return values.map((v) => ({
          text: v.text,
          choices: new Map([...v.choices, [declaration, v.text]]),
        }))
      }
    }
    throw new Error(
      `${where(expr)}: cannot tell which strings \`${expr.getText()}\` can be in a GraphQL operation; ` +
        'build operations from string constants, or teach tests/helpers/ui-operations.ts',
    )
  }

  /** The `const` an identifier names, followed through imports; not `let`, not a parameter. */
  private constDeclaration(id: ts.Identifier): ts.VariableDeclaration | undefined {
    let symbol = this.checker.getSymbolAtLocation(id)
    if (symbol && symbol.flags & ts.SymbolFlags.Alias)
      symbol = this.checker.getAliasedSymbol(symbol)
    const declaration = symbol?.valueDeclaration
    if (!declaration || !ts.isVariableDeclaration(declaration)) return undefined
    const isConst = (ts.getCombinedNodeFlags(declaration) & ts.NodeFlags.Const) !== 0
    return isConst ? declaration : undefined
  }
}
