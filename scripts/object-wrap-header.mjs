// node_object_wrap.h as Node 24.18 and earlier had it: without the environment cleanup hook that
// Node 24.19 added to every node::ObjectWrap (see scripts/sqlite-node24.mjs for why).

const ADD = /^([ \t]*)AddCleanupHook\(\);[ \t]*\r?\n/m
const REMOVE = /^([ \t]*)RemoveCleanupHook\(\);[ \t]*\r?\n/m

/**
 * The header's text with the constructor's AddCleanupHook() and the destructor's
 * RemoveCleanupHook() calls taken out; a header without them comes back unchanged. Throws when
 * only one of the two is there: a header of a shape this does not know.
 */
export function withoutCleanupHooks(header) {
  const adds = ADD.test(header)
  const removes = REMOVE.test(header)
  if (adds !== removes) {
    throw new Error(
      'node_object_wrap.h has one of AddCleanupHook() and RemoveCleanupHook() without the other',
    )
  }
  return header.replace(ADD, '').replace(REMOVE, '')
}
