// On Node 24 scripts/sqlite-node24.mjs compiles better-sqlite3 against a copy of Node's headers
// whose node::ObjectWrap has no environment cleanup hook: with it, the hub aborts when V8
// collects a statement (nodejs/node#65446). These are the header's two shapes, shortened.
import { describe, expect, it } from 'vitest'
import { withoutCleanupHooks } from '../../scripts/object-wrap-header.mjs'

const NODE_24_18 = `class ObjectWrap {
 public:
  ObjectWrap() {
    refs_ = 0;
  }

  virtual ~ObjectWrap() {
    if (persistent().IsEmpty())
      return;
    persistent().ClearWeak();
    persistent().Reset();
  }
`

const NODE_24_19 = `class ObjectWrap {
 public:
  ObjectWrap() {
    refs_ = 0;
    AddCleanupHook();
  }

  virtual ~ObjectWrap() {
    RemoveCleanupHook();
    if (persistent().IsEmpty())
      return;
    persistent().ClearWeak();
    persistent().Reset();
  }
  void AddCleanupHook() {
    AddEnvironmentCleanupHook(v8::Isolate::GetCurrent(), CleanupHook, this);
  }

  void RemoveCleanupHook() {
    RemoveEnvironmentCleanupHook(v8::Isolate::GetCurrent(), CleanupHook, this);
  }
`

describe("node::ObjectWrap's header for better-sqlite3 on Node 24", () => {
  it('takes the cleanup hook out of the constructor and the destructor, nothing else', () => {
    const patched = withoutCleanupHooks(NODE_24_19)
    expect(patched).not.toMatch(/^\s*AddCleanupHook\(\);/m)
    expect(patched).not.toMatch(/^\s*RemoveCleanupHook\(\);/m)
    expect(patched.startsWith(NODE_24_18)).toBe(true)
    // The helpers themselves stay, uncalled: other code may name them.
    expect(patched).toContain('void AddCleanupHook() {')
  })

  it('leaves a header without the hook as it is', () => {
    expect(withoutCleanupHooks(NODE_24_18)).toBe(NODE_24_18)
  })

  it('refuses a header of a shape it does not know', () => {
    expect(() => withoutCleanupHooks(NODE_24_19.replace('    RemoveCleanupHook();\n', ''))).toThrow(
      /one of AddCleanupHook\(\) and RemoveCleanupHook\(\)/,
    )
  })
})
