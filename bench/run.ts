// Measured as `npm start` runs: in production mode.
import '../backend/cli/production-mode.ts'
import { benchAlerts } from './alerts.ts'
import { benchBundleSize } from './bundle-size.ts'
import { benchCrossInstanceDelivery, benchMetadataReload, benchStreamWriters } from './cluster-sync.ts'
import { benchEvents } from './events.ts'
import { benchFirstLoad } from './first-load.ts'
import { benchFunctionsFlood } from './functions-flood.ts'
import { benchFunctions } from './functions.ts'
import { benchGraphqlInserts } from './graphql-inserts.ts'
import { benchGraphqlOverhead } from './graphql-overhead.ts'
import { benchGraphqlQueries } from './graphql-queries.ts'
import { benchImport } from './import.ts'
import { benchIngest } from './ingest.ts'
import { benchLiveRefresh } from './live-refresh.ts'
import { benchPgliteParameters } from './pglite-parameters.ts'
import { benchPgliteThread } from './pglite-thread.ts'
import { benchRateLimits } from './rate-limits.ts'
import { benchSeries } from './series.ts'
import { benchSoak } from './soak.ts'
import { benchStorage } from './storage.ts'
import { benchSubscriptions, parseRun } from './subscriptions.ts'

/**
 * `npm run bench [-- <name> [args…]]`: runs the named benchmark (all when none is named) and
 * prints its results as the Markdown rows bench/RESULTS.md records.
 */
const benchmarks: Record<string, (args: string[]) => Promise<string[]>> = {
  alerts: (args) => benchAlerts(args.length > 0 ? args.map(Number) : [100, 1_000, 10_000]),
  'bundle-size': () => benchBundleSize(),
  'cross-instance-delivery': (args) => benchCrossInstanceDelivery(...args.map(Number)),
  events: (args) => benchEvents(...args.map(Number)),
  'first-load': (args) => benchFirstLoad(...args.map(Number)),
  functions: (args) => benchFunctions(...args.map(Number)),
  'functions-flood': (args) => benchFunctionsFlood(...args.map(Number)),
  'graphql-inserts': (args) => benchGraphqlInserts(...args.map(Number)),
  'graphql-overhead': (args) => benchGraphqlOverhead(...args.map(Number)),
  'graphql-queries': (args) => benchGraphqlQueries(...args.map(Number)),
  import: (args) => benchImport(...args.map(Number)),
  ingest: (args) => benchIngest(...args.map(Number)),
  'live-refresh': (args) => benchLiveRefresh(...args.map(Number)),
  'metadata-reload': (args) => benchMetadataReload(...args.map(Number)),
  'pglite-parameters': (args) => benchPgliteParameters(...args.map(Number)),
  'pglite-thread': (args) => benchPgliteThread(...args.map(Number)),
  'rate-limits': (args) => benchRateLimits(...args.map(Number)),
  series: (args) => benchSeries(...args.map(Number)),
  soak: () => benchSoak(),
  storage: (args) => benchStorage(...args.map(Number)),
  'stream-writers': (args) => benchStreamWriters(...args.map(Number)),
  subscriptions: (args) => benchSubscriptions((args.length > 0 ? args : ['10000/200']).map(parseRun)),
}

const [name, ...args] = process.argv.slice(2)
// The soak takes an hour: it runs only when named.
const selected = name === undefined ? Object.keys(benchmarks).filter((key) => key !== 'soak') : [name]
for (const key of selected) {
  const run = benchmarks[key]
  if (!run) throw new Error(`no benchmark named ${key}; there are: ${Object.keys(benchmarks).join(', ')}`)
  console.log(`## ${key}\n`)
  console.log((await run(args)).join('\n'))
  console.log()
}
