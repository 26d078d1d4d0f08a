// Writes a gzip and a brotli copy next to each text asset of the build, once, so the hub can
// send them compressed (@fastify/static's preCompressed) without compressing on every request
// on a Pi's CPU. Small files are left alone: compressing them saves nothing.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

const TEXT = /\.(js|css|svg|webmanifest|json)$/
const MIN_BYTES = 1024

function* filesIn(folder: string): Generator<string> {
  for (const entry of readdirSync(folder)) {
    const path = join(folder, entry)
    if (statSync(path).isDirectory()) yield* filesIn(path)
    else yield path
  }
}

export function compressPlugin(): Plugin {
  let outDir = ''
  return {
    name: 'lamella-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/')
        ? config.build.outDir
        : join(config.root, config.build.outDir)
    },
    closeBundle() {
      for (const path of filesIn(outDir)) {
        if (!TEXT.test(path)) continue
        const body = readFileSync(path)
        if (body.length < MIN_BYTES) continue
        writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }))
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        )
      }
    },
  }
}
