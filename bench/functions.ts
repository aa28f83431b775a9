import { fork } from 'node:child_process'
import { once } from 'node:events'
import { Agent, request } from 'node:http'

/**
 * Functions benchmark (issue 11): requests per second and latency of a trivial function
 * (functions/hello.ts answering JSON) called through /v1/functions — the backend's proxy and a
 * worker process — side by side with the same file served by the same Express application in a
 * process of its own. Each server runs in its own process (bench/functions-server.ts); the load
 * comes from this one: `concurrency` callers on kept-alive connections for `seconds`, after a
 * one-second warm-up, in alternating rounds.
 *
 *   npm run bench -- functions [seconds] [concurrency] [rounds]
 */
export async function benchFunctions(seconds = 5, concurrency = 32, rounds = 3): Promise<string[]> {
  const servers = { backend: await startServer('backend'), express: await startServer('express') }
  const results: Record<keyof typeof servers, Run[]> = { backend: [], express: [] }
  try {
    for (let round = 0; round < rounds; round++) {
      for (const mode of ['backend', 'express'] as const) {
        await load(servers[mode].url, 1, concurrency)
        results[mode].push(await load(servers[mode].url, seconds, concurrency))
      }
    }
  } finally {
    await Promise.all(Object.values(servers).map((server) => server.stop()))
  }
  const backend = medianRun(results.backend)
  const express = medianRun(results.express)
  const row = (name: string, run: Run) => `| ${name} | ${run.perSecond.toFixed(0)} | ${run.p50.toFixed(2)} | ${run.p99.toFixed(2)} |`
  return [
    '| served by | requests/s | p50 ms | p99 ms |',
    '|---|---|---|---|',
    row('/v1/functions (backend → worker process)', backend),
    row('the same Express app, in-process', express),
    '',
    `Ratio /v1/functions / in-process: ${(backend.perSecond / express.perSecond).toFixed(2)} (requests/s). Medians of ${rounds} rounds of ${seconds} s, ${concurrency} concurrent callers; PULSEBOARD_FUNCTIONS_WORKERS=${process.env.PULSEBOARD_FUNCTIONS_WORKERS ?? '2 (default)'}.`,
  ]
}

interface Run {
  perSecond: number
  p50: number
  p99: number
}

/** One server of bench/functions-server.ts in a process of its own. */
export async function startServer(mode: 'backend' | 'express') {
  const child = fork(new URL('./functions-server.ts', import.meta.url).pathname, [mode], { execArgv: ['--import', 'tsx'] })
  process.on('exit', () => child.kill())
  const [{ url, base, adminSecret }] = (await once(child, 'message')) as [{ url: string; base: string; adminSecret: string }]
  let stopped: Promise<unknown> | undefined
  return {
    url,
    base,
    adminSecret,
    /** Once, however often it is called. */
    async stop() {
      if (!stopped) {
        stopped = once(child, 'exit')
        child.send('stop')
      }
      await stopped
    },
  }
}

async function load(url: string, seconds: number, concurrency: number): Promise<Run> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency })
  const latencies: number[] = []
  const until = performance.now() + seconds * 1000
  const caller = async () => {
    while (performance.now() < until) {
      const started = performance.now()
      await get(url, agent)
      latencies.push(performance.now() - started)
    }
  }
  const started = performance.now()
  await Promise.all(Array.from({ length: concurrency }, caller))
  const elapsed = (performance.now() - started) / 1000
  agent.destroy()
  latencies.sort((a, b) => a - b)
  return { perSecond: latencies.length / elapsed, p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99) }
}

function get(url: string, agent: Agent): Promise<void> {
  return new Promise((resolve, reject) => {
    request(url, { agent }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`${url}: HTTP ${response.statusCode}`))
      response.resume()
      response.once('end', resolve)
    })
      .once('error', reject)
      .end()
  })
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!
}

function medianRun(runs: Run[]): Run {
  return [...runs].sort((a, b) => a.perSecond - b.perSecond)[Math.floor(runs.length / 2)]!
}
