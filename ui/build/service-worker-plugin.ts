// Writes dist/sw.js, the service worker that precaches the built UI. It sits at the root of
// dist/, served by the hub as /dist/sw.js, because a worker's scope can only be the folder it
// is served from or below it, and the assets live under /dist/.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import type { Plugin } from 'vite'

const WORKER_FILE = 'sw.js'
const TEMPLATE_FILE = new URL('./service-worker.template.js', import.meta.url)
/** A language's catalog, loaded by import() for its readers (ui/src/i18n/I18nProvider). */
const CATALOG = /[\\/]ui[\\/]src[\\/]i18n[\\/]catalogs[\\/][^\\/]+\.ts$/

/**
 * Sourcemaps are only for debugging, and index.html is never fetched from /dist/: the hub
 * serves it on every app route, so the worker has no use for either.
 */
function isPrecached(fileName: string): boolean {
  return fileName !== WORKER_FILE && !fileName.endsWith('.map') && !fileName.endsWith('.html')
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    return entry.isDirectory() ? filesUnder(path) : [path]
  })
}

export function serviceWorkerPlugin(): Plugin {
  let base = '/'
  let publicDir = ''
  return {
    name: 'lamella-service-worker',
    apply: 'build',
    configResolved(config) {
      base = config.base
      publicDir = config.publicDir
    },
    generateBundle(_options, bundle) {
      const contents = new Map<string, string | Uint8Array>()
      // A language's catalog (ui/src/i18n/catalogs) is fetched by its readers only: a reader of
      // another language never downloads it, not even into this cache. The worker keeps it once
      // a reader has fetched it.
      const onDemand: string[] = []
      for (const file of Object.values(bundle)) {
        if (
          file.type === 'chunk' &&
          file.isDynamicEntry &&
          CATALOG.test(file.facadeModuleId ?? '')
        ) {
          onDemand.push(file.fileName)
          continue
        }
        contents.set(file.fileName, file.type === 'chunk' ? file.code : file.source)
      }
      // Vite copies public/ (the manifest, the icons) to dist/ outside the bundle.
      if (publicDir) {
        for (const path of filesUnder(publicDir)) {
          contents.set(relative(publicDir, path).split(sep).join('/'), readFileSync(path))
        }
      }
      const precached = [...contents.keys()].filter(isPrecached).sort()

      // Names and contents both: public files keep their names when they change.
      const hash = createHash('sha256')
      for (const fileName of precached) {
        hash.update(fileName).update('\0').update(contents.get(fileName)!).update('\0')
      }
      // A new catalog is a new cache too, so the old one's copy goes with the old cache.
      for (const fileName of onDemand.sort()) hash.update(fileName).update('\0')
      const cacheName = `lamella-${hash.digest('hex').slice(0, 16)}`
      const urls = precached.map((fileName) => `${base}${fileName}`)
      const onDemandUrls = onDemand.map((fileName) => `${base}${fileName}`)

      // Replacer functions, so that a `$` in a file name is not read as a replacement pattern.
      const source = readFileSync(TEMPLATE_FILE, 'utf8')
        .replace(/^\/\* global .*\*\/\n/m, () => '')
        .replace('__LAMELLA_CACHE_NAME__', () => JSON.stringify(cacheName))
        .replace('__LAMELLA_PRECACHE__', () => JSON.stringify(urls, null, 2))
        .replace('__LAMELLA_ON_DEMAND__', () => JSON.stringify(onDemandUrls, null, 2))
      this.emitFile({ type: 'asset', fileName: WORKER_FILE, source })
    },
  }
}
