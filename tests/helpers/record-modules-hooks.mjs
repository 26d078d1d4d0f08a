// The loader hook of record-modules.mjs (it runs on the loader's own thread).
import { appendFileSync } from 'node:fs'
import process from 'node:process'

const log = process.env.LAMELLA_TEST_MODULE_LOG

export async function load(url, context, nextLoad) {
  if (log) appendFileSync(log, `${url}\n`)
  return nextLoad(url, context)
}
