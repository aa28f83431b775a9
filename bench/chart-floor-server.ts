import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createRequire } from 'node:module'

/**
 * The floor under a dashboard's cold load on this machine: a static page that draws charts with
 * the same uPlot the app uses, from series made in the page. No app, no session, no requests
 * after the page and uPlot's two files. What a cold load of the app costs beyond it is the app's.
 *
 *   GET /?charts=24&points=672,168&width=400&height=200   (points cycles over the charts)
 *
 * Each chart adds a `[data-testid=panel-value]` once drawn, as the app's panels do.
 */
export interface ChartFloorServer {
  url: string
  close(): Promise<void>
}

const require = createRequire(import.meta.url)
const UPLOT_DIR = require.resolve('uplot/dist/uPlot.iife.min.js').replace(/uPlot\.iife\.min\.js$/, '')

function page(): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>Chart floor</title>
<link rel="stylesheet" href="/uPlot.min.css"><script src="/uPlot.iife.min.js"></script></head>
<body><h1>Chart floor</h1><div id="grid" style="display:flex;flex-wrap:wrap;gap:8px"></div>
<script>
const query = new URLSearchParams(location.search)
const charts = Number(query.get('charts') ?? 24)
const points = (query.get('points') ?? '672').split(',').map(Number)
const width = Number(query.get('width') ?? 400)
const height = Number(query.get('height') ?? 200)
const now = Math.floor(Date.now() / 1000)
for (let c = 0; c < charts; c++) {
  const n = points[c % points.length]
  const step = (7 * 86400) / n
  const xs = [], ys = []
  for (let i = 0; i < n; i++) { xs.push(now - (n - i) * step); ys.push(20 + 5 * Math.sin(i / 8 + c) + (i % 7) / 10) }
  const panel = document.createElement('section')
  document.getElementById('grid').append(panel)
  new uPlot({
    width, height, legend: { show: false },
    axes: [{ space: 80 }, { size: 56 }],
    scales: { x: { time: true } },
    series: [{}, { stroke: '#2563eb', width: 2, fill: '#2563eb14' }],
  }, [xs, ys], panel)
  const value = document.createElement('strong')
  value.dataset.testid = 'panel-value'
  value.textContent = ys[n - 1].toFixed(2)
  panel.append(value)
}
</script></body></html>`
}

export async function serveChartFloor(): Promise<ChartFloorServer> {
  const files: Record<string, { type: string; body: Buffer | string }> = {
    '/uPlot.iife.min.js': { type: 'text/javascript', body: readFileSync(`${UPLOT_DIR}uPlot.iife.min.js`) },
    '/uPlot.min.css': { type: 'text/css', body: readFileSync(`${UPLOT_DIR}uPlot.min.css`) },
  }
  const html = page()
  const server: Server = createServer((req, res) => {
    const file = files[new URL(req.url ?? '/', 'http://x').pathname] ?? { type: 'text/html; charset=utf-8', body: html }
    res.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store' }).end(file.body)
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
