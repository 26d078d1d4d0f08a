// Renders the PNG icons of the web app manifest from ui/public/icons/icon.svg with Debian's
// Chromium. Run it by hand after changing the SVG and commit the PNGs: the build does not
// regenerate them, so building needs no browser.
//   node scripts/render-icons.mjs
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'

const iconsFolder = join(dirname(fileURLToPath(import.meta.url)), '..', 'ui', 'public', 'icons')
const svg = readFileSync(join(iconsFolder, 'icon.svg'), 'utf8')
const PRIMARY = '#29335C'

/**
 * `fullBleed` paints the whole square in the primary colour, for platforms that cut their own
 * shape (Android's maskable icons, iOS), which would show transparent corners as black.
 * `motifShare` is the width the SVG takes: a maskable icon must keep its motif inside the
 * central circle of 80% diameter, which may be all that a launcher shows.
 */
const ICONS = [
  { file: 'icon-192.png', size: 192, fullBleed: false, motifShare: 1 },
  { file: 'icon-512.png', size: 512, fullBleed: false, motifShare: 1 },
  { file: 'icon-maskable-512.png', size: 512, fullBleed: true, motifShare: 0.8 },
  { file: 'apple-touch-icon.png', size: 180, fullBleed: true, motifShare: 1 },
]

function page({ size, fullBleed, motifShare }) {
  const motif = Math.round(size * motifShare)
  return `<!doctype html>
<style>
  html, body { margin: 0; width: ${size}px; height: ${size}px; overflow: hidden;
    background: ${fullBleed ? PRIMARY : 'transparent'}; }
  body { display: grid; place-items: center; }
  svg { display: block; width: ${motif}px; height: ${motif}px; }
</style>
${svg}`
}

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
})
try {
  for (const icon of ICONS) {
    const context = await browser.newContext({
      viewport: { width: icon.size, height: icon.size },
      deviceScaleFactor: 1,
    })
    const tab = await context.newPage()
    await tab.setContent(page(icon))
    await tab.screenshot({ path: join(iconsFolder, icon.file), omitBackground: !icon.fullBleed })
    await context.close()
    console.log(`rendered ui/public/icons/${icon.file} (${icon.size}x${icon.size})`)
  }
} finally {
  await browser.close()
}
