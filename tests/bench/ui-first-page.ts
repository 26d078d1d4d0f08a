// What a browser downloads for the first page, and how long until it can be used: the built
// hub (relay-board emulator, a database with 8 blinds, 4 of them the admin's favourites) on
// 127.0.0.1 serving the built UI to Debian's Chromium, driven by playwright-core. Every load is
// cold: a fresh browser context, so no HTTP cache and no service worker. Two first pages:
// - a new browser's, with no stored token: the login page, usable when the Username field is
//   visible and enabled;
// - a returning user's, with her token in local storage: Home, usable when the favourite
//   blinds have loaded and their first Up button is visible and enabled.
// Goal (issue 22): the JavaScript of the first page, with the i18n runtime, under 70 kB
// gzipped. The login page is the page that figure was measured on (86.9 kB in 6 files when the
// issue was written); it loads no React. Home is held to the same figure, which React 19 alone
// (67.7 kB) all but fills.
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import type { Browser, Locator, Page, Response } from 'playwright-core'
import { projectRoot } from '../../hub/paths'
import { launchBrowser } from '../e2e/browser'
import { graphqlClient } from '../helpers/hub'
import { BENCH_ADMIN_PASSWORD, fmt, median, seedDatabase, startHubProcess } from './_support'

const LOADS = 10
const JS_GOAL_GZIP_BYTES = 70_000
const BLINDS = 8
const FAVOURITES = 4

/** One first page, and what "usable" means for it: found in the page and by playwright alike. */
interface Target {
  /** Whose first page it is. */
  who: string
  page: string
  usableWhen: string
  goalBytes: number
  /** A JavaScript expression, run in the page, giving the element to wait for or null. */
  find: string
  locator(page: Page): Locator
}

/**
 * The Username field, found as getByLabel finds it: by a <label>, aria-label or
 * aria-labelledby containing the text, ignoring case.
 */
const LOGIN: Target = {
  who: 'a new browser',
  page: 'the login page',
  usableWhen: 'Username visible and enabled',
  goalBytes: JS_GOAL_GZIP_BYTES,
  find: `(() => {
    const named = (text) => (text ?? '').toLowerCase().includes('username')
    for (const label of document.querySelectorAll('label')) {
      if (label.control && named(label.textContent)) return label.control
    }
    for (const el of document.querySelectorAll('[aria-label], [aria-labelledby]')) {
      const ids = (el.getAttribute('aria-labelledby') ?? '').split(/\\s+/)
      const text = ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ')
      if (named(el.getAttribute('aria-label')) || named(text)) return el
    }
    return null
  })()`,
  locator: (page) => page.getByLabel('Username'),
}

/** The first favourite blind's Up button on Home: the page is there with its data. */
const HOME: Target = {
  who: 'a returning user',
  page: 'Home',
  usableWhen: "the first favourite blind's Up button visible and enabled",
  goalBytes: JS_GOAL_GZIP_BYTES,
  find: `document.querySelector('section[aria-labelledby="favourite-blinds"] button[aria-label^="Up"]')`,
  locator: (page) =>
    page.locator('section[aria-labelledby="favourite-blinds"] button[aria-label^="Up"]').first(),
}

type Kind = 'JavaScript' | 'CSS' | 'fonts' | 'other'

interface Recorded {
  path: string
  kind: Kind
  bytes: number
  /** What gzip makes of it: the hub's own encoding if it sent one, else zlib level 9 here. */
  gzipBytes: number
  compressedByHub: boolean
  /** The body's bytes as the hub sent them, in its content-encoding (`identity`: none). */
  wireBytes: number
  encoding: string
  fromServiceWorker: boolean
  /** Its headers came before the login page was usable: it counts for the first page. */
  beforeUsable: boolean
}

interface Load {
  usableMs: number
  /** Every response until the network went quiet after the page was usable. */
  responses: Recorded[]
  requests: string[]
}

function kindOf(path: string): Kind {
  if (/\.m?js$/.test(path)) return 'JavaScript'
  if (path.endsWith('.css')) return 'CSS'
  if (/\.(woff2?|ttf|otf)$/.test(path)) return 'fonts'
  return 'other'
}

/** A body's size in the content-encodings the hub sends. */
const encodedSize: Record<string, (body: Buffer) => number> = {
  br: (body) => brotliCompressSync(body).length,
  gzip: (body) => gzipSync(body, { level: 9 }).length,
}

async function record(response: Response, beforeUsable: boolean): Promise<Recorded> {
  const path = new URL(response.url()).pathname
  // A redirect has no body; neither does a response the page was closed under.
  const body = await response.body().catch(() => Buffer.alloc(0))
  const encoding = (await response.headerValue('content-encoding')) ?? 'identity'
  // Chromium reports no size (a negative one) for some responses; then the body encoded here
  // as the hub encoded it stands in.
  const reported = await response
    .request()
    .sizes()
    .then((s) => s.responseBodySize)
    .catch(() => -1)
  const wireBytes = reported >= 0 ? reported : (encodedSize[encoding]?.(body) ?? body.length)
  const compressedByHub = encoding === 'gzip'
  const gzipBytes = compressedByHub ? wireBytes : gzipSync(body, { level: 9 }).length
  return {
    path,
    kind: kindOf(path),
    bytes: body.length,
    gzipBytes,
    compressedByHub,
    wireBytes,
    encoding,
    fromServiceWorker: response.fromServiceWorker(),
    beforeUsable,
  }
}

/**
 * Runs in the page before its own scripts and notes, on the page's clock (zero at navigation
 * start), the first animation frame in which the target is visible and enabled, so the figure
 * does not depend on how often playwright polls.
 */
const usableWatch = (target: Target) => `(() => {
  const frame = () => {
    const el = ${target.find}
    if (el && el.matches(':enabled') && el.checkVisibility()) {
      window.__usableAt = performance.now()
    } else requestAnimationFrame(frame)
  }
  requestAnimationFrame(frame)
})()`

/**
 * Opens `url` and waits until the target takes input, then until the network is quiet (the
 * icon), recording every response the page received.
 */
async function loadUntilUsable(page: Page, url: string, target: Target): Promise<Load> {
  const requests: string[] = []
  const arrived: Promise<Recorded>[] = []
  let usable = false
  page.on('request', (request) => requests.push(request.url()))
  page.on('response', (response) => {
    arrived.push(record(response, !usable))
  })
  await page.addInitScript(usableWatch(target))
  await page.goto(url, { waitUntil: 'commit' })
  await target
    .locator(page)
    .and(page.locator(':enabled'))
    .waitFor({ state: 'visible', timeout: 30_000 })
  usable = true
  const usableMs = (await page.evaluate('window.__usableAt')) as number | undefined
  if (usableMs === undefined) {
    throw new Error(
      `playwright found the target of ${target.page} but the page did not: align them`,
    )
  }
  await page.waitForLoadState('networkidle')
  return { usableMs, responses: await Promise.all(arrived), requests }
}

/** A fresh context: no cache, no worker; with `token`, a returning user's local storage. */
async function coldLoad(
  browser: Browser,
  url: string,
  target: Target,
  token: string | null = null,
): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  try {
    if (token !== null) {
      await context.addInitScript(
        `localStorage.setItem('authStore', ${JSON.stringify(JSON.stringify({ token }))})`,
      )
    }
    return await loadUntilUsable(await context.newPage(), url, target)
  } finally {
    await context.close()
  }
}

/** The app's worker once it has activated (within 10 s), with its caches; null if none. */
const SERVICE_WORKER_STATE = `(async () => {
  const deadline = performance.now() + 10000
  while (performance.now() < deadline) {
    const registration = await navigator.serviceWorker.getRegistration('/dist/')
    if (registration?.active?.state === 'activated') {
      const names = await caches.keys()
      const sizes = await Promise.all(
        names.map(async (name) => (await (await caches.open(name)).keys()).length),
      )
      return {
        scope: registration.scope,
        caches: names.map((name, i) => name + ' (' + sizes[i] + ' entries)'),
        controlsPage: navigator.serviceWorker.controller !== null,
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return null
})()`

/** After a cold load: did the app register its worker, and does the worker serve the next load? */
async function serviceWorkerCheck(browser: Browser, url: string): Promise<string[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  try {
    const page = await context.newPage()
    await loadUntilUsable(page, url, LOGIN)
    const state = (await page.evaluate(SERVICE_WORKER_STATE)) as {
      scope: string
      caches: string[]
      controlsPage: boolean
    } | null
    if (!state) return ['service worker: none active 10 s after load (not registered by the app?)']
    const reload = await loadUntilUsable(await context.newPage(), url, LOGIN)
    const served = reload.responses.filter((r) => r.fromServiceWorker).length
    return [
      `service worker: active, scope ${state.scope}, caches ${state.caches.join(', ')}`,
      `  controls the page at ${new URL(url).pathname}: ${state.controlsPage ? 'yes' : 'no'}; ` +
        `a second load in that context was usable after ${fmt(reload.usableMs, 0)} ms, ` +
        `${served} of ${reload.responses.length} responses from the service worker`,
    ]
  } finally {
    await context.close()
  }
}

const kB = (bytes: number) => `${fmt(bytes / 1000)} kB`
const sum = (rs: Recorded[], key: 'bytes' | 'gzipBytes' | 'wireBytes') =>
  rs.reduce((n, r) => n + r[key], 0)

function firstPage(load: Load, kind: Kind): Recorded[] {
  return load.responses.filter((r) => r.kind === kind && r.beforeUsable)
}

function afterUsable(load: Load, kind: Kind): Recorded[] {
  return load.responses.filter((r) => r.kind === kind && !r.beforeUsable)
}

function describe(rs: Recorded[]): string {
  const names = rs.map((r) => r.path.replace(/^.*\//, '') || r.path)
  return (
    `${rs.length} files, ${kB(sum(rs, 'bytes'))} raw, ${kB(sum(rs, 'gzipBytes'))} gz` +
    (rs.length ? ` (${names.join(', ')})` : '')
  )
}

// The benchmark measures the UI as built now: build it if its sources are newer than dist/.
execFileSync(process.execPath, [join(projectRoot, 'scripts/build.mjs'), '--ui', '--if-stale'], {
  stdio: 'inherit',
})

/** Logs the admin in over GraphQL and stars the first `FAVOURITES` blinds; her token. */
async function returningUser(hubUrl: string): Promise<string> {
  const gql = graphqlClient(hubUrl)
  const data = async <T>(query: string, variables: Record<string, unknown>, token?: string) => {
    const { data, errors, status } = await gql<T>(query, variables, token)
    if (!data) throw new Error(`${query}: ${errors?.[0]?.message ?? status}`)
    return data
  }
  const { login } = await data<{ login: { token: string } }>(
    'query($u: String!, $p: String!) { login(username: $u, password: $p) { token } }',
    { u: 'admin', p: BENCH_ADMIN_PASSWORD },
  )
  const { blindList } = await data<{ blindList: { id: string }[] }>(
    '{ blindList { id } }',
    {},
    login.token,
  )
  for (const { id } of blindList.slice(0, FAVOURITES)) {
    await data('mutation($id: ID!) { setFavoriteBlind(id: $id) }', { id }, login.token)
  }
  return login.token
}

/** The first page's figures: its files, sizes, what came after, and how soon it was usable. */
function report(target: Target, first: Load, loads: Load[]): void {
  const load = loads[0]!
  const js = firstPage(load, 'JavaScript')
  const jsGzip = sum(js, 'gzipBytes')
  const gzipSource = js.every((r) => r.compressedByHub) ? 'as the hub sent it' : 'gzip level 9 here'
  const goal = jsGzip < target.goalBytes ? 'met' : 'NOT met'
  console.log(
    `JavaScript until ${target.page} was usable: ${js.length} files, ` +
      `${kB(sum(js, 'bytes'))} raw, ${kB(jsGzip)} gzipped (${jsGzip} bytes; ${gzipSource}) ` +
      `- goal under ${kB(target.goalBytes)} gz: ${goal}`,
  )
  for (const r of [...js].sort((a, b) => b.bytes - a.bytes)) {
    console.log(
      `  ${r.path.padEnd(52)} ${kB(r.bytes).padStart(9)} raw ${kB(r.gzipBytes).padStart(9)} gz` +
        ` ${kB(r.wireBytes).padStart(9)} sent (${r.encoding})`,
    )
  }
  console.log(`JavaScript as sent by the hub to Chromium: ${kB(sum(js, 'wireBytes'))}`)
  for (const kind of ['CSS', 'fonts', 'other'] as const) {
    console.log(`${kind} until usable: ${describe(firstPage(load, kind))}`)
  }
  for (const kind of ['JavaScript', 'CSS', 'fonts', 'other'] as const) {
    const later = afterUsable(load, kind)
    if (later.length)
      console.log(`${kind} after usable, until the network was quiet: ${describe(later)}`)
  }
  const jsBytes = (l: Load) => sum(firstPage(l, 'JavaScript'), 'bytes')
  if (!loads.every((l) => jsBytes(l) === jsBytes(load))) {
    console.log('note: the JavaScript loaded differed between loads; the figures are of the first')
  }
  const usable = loads.map((l) => l.usableMs)
  console.log(
    `${target.page} usable (${target.usableWhen}) after navigation start: ` +
      `median ${fmt(median(usable), 0)} ms, max ${fmt(Math.max(...usable), 0)} ms ` +
      `(first load, not counted: ${fmt(first.usableMs, 0)} ms)`,
  )
}

const hub = await startHubProcess(seedDatabase(BLINDS, 0))
const url = `http://127.0.0.1:${hub.port}/`
const browser = await launchBrowser()
try {
  console.log(
    `node ${process.version}, Chromium ${browser.version()}, ${LOADS} cold loads of ${url} ` +
      'each way (each in a fresh browser context: no HTTP cache, no service worker)',
  )
  const token = await returningUser(`http://127.0.0.1:${hub.port}`)
  const all: Load[] = []
  for (const [target, stored] of [
    [LOGIN, null],
    [HOME, token],
  ] as const) {
    console.log(`-- ${target.who}: ${target.page}`)
    // The first of each includes the hub's and the browser's warm-up; shown, not counted.
    const first = await coldLoad(browser, url, target, stored)
    const loads: Load[] = []
    for (let i = 0; i < LOADS; i++) loads.push(await coldLoad(browser, url, target, stored))
    report(target, first, loads)
    all.push(first, ...loads)
  }
  const foreign = all.flatMap((l) => l.requests).filter((request) => !request.startsWith(url))
  console.log(`requests to any host but the hub: ${[foreign.length, ...foreign].join(' ')}`)
  for (const line of await serviceWorkerCheck(browser, url)) console.log(line)
} finally {
  await browser.close()
  await hub.stop()
}
