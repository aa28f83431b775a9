import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'

/**
 * `npm run bench -- bundle-size`: builds the web app with Vite (production mode, into a
 * throw-away folder) and reports what a browser downloads, raw and gzipped (zlib level 6, what
 * compressing proxies use by default): the first page (index.html and what it loads at once),
 * the first load of each route (each screen is a lazy chunk, see src/app/router.tsx), and every
 * chunk. Source maps are not counted: browsers fetch them only with developer tools open.
 */

interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  css?: string[]
}
type Manifest = Record<string, ManifestChunk>

/** Each URL with the lazy route chunks it renders (src/app/router.tsx nests /w/:slug pages in a layout). */
const PAGES: [string, string[]][] = [
  ['/sign-in', ['sign-in']],
  ['/sign-up', ['sign-up']],
  ['/workspaces', ['workspaces']],
  ['/w/:slug', ['workspace-layout', 'workspace-home']],
  ['/w/:slug/metrics', ['workspace-layout', 'metrics']],
  ['/w/:slug/metrics/:key', ['workspace-layout', 'metric']],
  ['/w/:slug/dashboards/:id', ['workspace-layout', 'dashboard']],
  ['/w/:slug/alerts', ['workspace-layout', 'alerts']],
  ['/w/:slug/alerts/:id', ['workspace-layout', 'alert']],
  ['/w/:slug/settings', ['workspace-layout', 'settings']],
  ['/forgot-password', ['forgot-password']],
  ['/reset-password', ['reset-password']],
  ['/account', ['account']],
  ['/developers', ['developers']],
  ['/invite/:token', ['invite']],
  ['/s/:shareToken', ['shared-dashboard']],
  ['/no-such-page', ['not-found']],
]

/** Issue 14: no first load may make the browser download more JavaScript than this, gzipped. */
const FIRST_LOAD_JS_BUDGET_KIB = 200
/**
 * The API explorer is a tool for developers, not a page of the product: GraphiQL and its Monaco
 * editor alone are twice the budget. It is measured, and reported apart from the verdict.
 */
const OUTSIDE_BUDGET = new Set(['/developers'])

interface Size {
  raw: number
  gzip: number
}

export async function benchBundleSize(): Promise<string[]> {
  const projectDir = resolve(import.meta.dirname, '..')
  const outDir = mkdtempSync(join(tmpdir(), 'pulseboard-bundle-'))
  try {
    execFileSync(
      process.execPath,
      [
        join(projectDir, 'node_modules/vite/bin/vite.js'),
        'build',
        '--outDir',
        outDir,
        '--emptyOutDir',
        '--manifest',
        '--logLevel',
        'error',
      ],
      {
        cwd: projectDir,
        stdio: 'inherit',
      },
    )
    const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest
    const sizes = new Map<string, Size>()
    const sizeOf = (file: string): Size => {
      let size = sizes.get(file)
      if (!size) {
        const bytes = readFileSync(join(outDir, file))
        size = { raw: bytes.length, gzip: gzipSync(bytes, { level: 6 }).length }
        sizes.set(file, size)
      }
      return size
    }
    const total = (files: Iterable<string>): Size => {
      let raw = 0
      let gzip = 0
      for (const file of files) {
        raw += sizeOf(file).raw
        gzip += sizeOf(file).gzip
      }
      return { raw, gzip }
    }

    const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry)
    if (!entryKey) throw new Error('the Vite manifest has no entry')
    const firstPage = closure(manifest, [entryKey])
    const firstPageFiles = ['index.html', ...firstPage]
    const rows = [
      '| what the browser loads | files | raw KiB | gzip KiB | of which JavaScript, gzip KiB |',
      '|---|---|---|---|---|',
      row(
        'first page: index.html, its script, the chunks it preloads and its CSS',
        firstPageFiles.length,
        total(firstPageFiles),
        total(firstPageFiles.filter(isJs)),
      ),
    ]
    let largestJs = total(firstPageFiles.filter(isJs)).gzip
    const outsideBudget: string[] = []
    const measured = new Set<string>()
    const firstLoad = (what: string, keys: string[], url?: string) => {
      keys.forEach((key) => measured.add(key))
      const files = new Set([...firstPageFiles, ...closure(manifest, keys)])
      const js = total([...files].filter(isJs))
      if (url && OUTSIDE_BUDGET.has(url)) outsideBudget.push(`\`${url}\` ${kib(js.gzip)} KiB`)
      else largestJs = Math.max(largestJs, js.gzip)
      rows.push(row(what, files.size, total(files), js))
    }
    for (const [url, routes] of PAGES) {
      const keys = routes.map((route) => `src/app/routes/${route}.tsx`)
      // A screen renamed or gone is left out rather than failing the whole report.
      if (!keys.every((key) => manifest[key])) continue
      firstLoad(`first load of \`${url}\` (first page + ${routes.join(' + ')} and their imports)`, keys, url)
    }
    // A screen added to src/app/router.tsx but not to PAGES still counts, on its own.
    for (const key of Object.keys(manifest)
      .filter((k) => k.startsWith('src/app/routes/') && !measured.has(k))
      .sort()) {
      firstLoad(`first load of ${key} (not in PAGES: first page + this screen alone)`, [key])
    }
    const verdict = largestJs <= FIRST_LOAD_JS_BUDGET_KIB * 1024 ? 'within' : 'OVER'

    const assets = readdirSync(join(outDir, 'assets'))
      .filter((file) => /\.(js|css)$/.test(file))
      .map((file) => `assets/${file}`)
    const js = assets.filter((file) => file.endsWith('.js'))
    const css = assets.filter((file) => file.endsWith('.css'))
    rows.push(row('all JavaScript chunks', js.length, total(js), total(js)), row('all CSS', css.length, total(css), { raw: 0, gzip: 0 }))

    rows.push('', '| chunk | raw KiB | gzip KiB |', '|---|---|---|')
    for (const file of [...assets].sort((a, b) => sizeOf(b).gzip - sizeOf(a).gzip)) {
      rows.push(`| ${file.replace(/-[\w-]{8}\.(js|css)$/, '.$1')} | ${kib(sizeOf(file).raw)} | ${kib(sizeOf(file).gzip)} |`)
    }
    rows.push('', `First page: ${firstPageFiles.map((file) => file.replace(/-[\w-]{8}\.(js|css)$/, '.$1')).join(', ')}.`)
    rows.push(
      '',
      `Largest first load: ${kib(largestJs)} KiB of JavaScript gzipped, ${verdict} the budget of ${FIRST_LOAD_JS_BUDGET_KIB} KiB` +
        (outsideBudget.length > 0 ? ` (outside the budget: ${outsideBudget.join(', ')}).` : '.'),
    )
    return rows
  } finally {
    rmSync(outDir, { recursive: true, force: true })
  }
}

/** The files a chunk needs at once: itself, its static imports (recursively) and their CSS. */
function closure(manifest: Manifest, keys: string[]): string[] {
  const files = new Set<string>()
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    const chunk = manifest[key]
    if (!chunk) throw new Error(`the Vite manifest has no ${key}`)
    files.add(chunk.file)
    for (const css of chunk.css ?? []) files.add(css)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  keys.forEach(visit)
  return [...files]
}

function row(what: string, files: number, size: Size, js?: Size): string {
  return `| ${what} | ${files} | ${kib(size.raw)} | ${kib(size.gzip)} |${js ? ` ${kib(js.gzip)} |` : ''}`
}

const isJs = (file: string) => file.endsWith('.js')

function kib(bytes: number): string {
  return (bytes / 1024).toFixed(1)
}
