import { nhostEnvironment } from '../config/nhost-environment.ts'
import { shutdownGraceMs } from '../config/shutdown-grace.ts'
import type { BackendContext } from '../context/backend-context.ts'
import { topUpCronEvents } from './cron-schedule.ts'
import { DeliveryLoop } from './delivery-loop.ts'
import { eventDeliveries } from './event-deliveries.ts'
import { startInstanceHeartbeat } from './instance-heartbeat.ts'
import { scheduledDeliveries } from './scheduled-deliveries.ts'
import { applyTriggerChanges, reconcileTriggers } from './sync-triggers.ts'

/** Channels the catalog's functions and the metadata commands notify (backend/db/system/30-hdb-triggers.sql). */
export const EVENTS_CHANNEL = 'pulseboard_events'
export const SCHEDULED_CHANNEL = 'pulseboard_scheduled_events'

/** Hasura tops up each cron trigger's schedule once a minute. */
const CRON_TOP_UP_MS = 60_000

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = Number(env[name] ?? fallback)
  return Number.isInteger(value) && value > 0 ? value : fallback
}

/**
 * Runs Hasura's event triggers, cron triggers and one-off scheduled events for a backend that
 * listens at `baseUrl`: keeps the Postgres triggers in step with the metadata, and delivers due
 * events, woken by NOTIFY and by a poll (retries fall due without any notification).
 * `{{ENV}}` templates and `value_from_env` read the process environment and the variables Nhost
 * gives Hasura (NHOST_FUNCTIONS_URL, NHOST_WEBHOOK_SECRET, …). The returned stop lets deliveries
 * in flight finish (up to HASURA_GRAPHQL_GRACEFUL_SHUTDOWN_TIMEOUT seconds) and gives back the
 * rest unsent; an instance that dies instead has its jobs freed by the others' heartbeats.
 */
export async function startTriggers(
  context: BackendContext,
  baseUrl: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<() => Promise<void>> {
  const { db, log, metadata } = context
  const environment = () => ({ ...process.env, ...env, ...nhostEnvironment(context.config, baseUrl) })
  // With HASURA_GRAPHQL_STRINGIFY_NUMERIC_TYPES, big numbers reach webhooks as strings, as in Hasura.
  const payload = { stringifyNumericTypes: context.config.stringifyNumericTypes }
  const unhook = metadata.onPersist((q, previous, next) => applyTriggerChanges(q, previous, next, payload))
  await reconcileTriggers(db, metadata.current, payload)
  const options = {
    concurrency: positiveInteger(env, 'HASURA_GRAPHQL_EVENTS_HTTP_POOL_SIZE', 100),
    pollIntervalMs: positiveInteger(env, 'HASURA_GRAPHQL_EVENTS_FETCH_INTERVAL', 1_000),
    log,
  }
  const heartbeat = await startInstanceHeartbeat(db, log)
  const { instanceId } = heartbeat
  const events = new DeliveryLoop(eventDeliveries(db, metadata, environment, instanceId, log), options)
  const cron = new DeliveryLoop(scheduledDeliveries('cron', db, metadata, environment, instanceId), options)
  const oneOff = new DeliveryLoop(scheduledDeliveries('one-off', db, metadata, environment, instanceId), options)
  const unlisten = [
    await db.listen(
      EVENTS_CHANNEL,
      () => events.wake(),
      () => events.wake(),
    ),
    await db.listen(SCHEDULED_CHANNEL, () => {
      cron.wake()
      oneOff.wake()
    }),
  ]
  const topUp = setInterval(() => {
    topUpCronEvents(db, metadata.current.cron_triggers ?? []).catch((error: unknown) =>
      log.error('cron triggers: could not schedule events', { error: String(error) }),
    )
  }, CRON_TOP_UP_MS)
  topUp.unref()
  for (const loop of [events, cron, oneOff]) loop.start()
  return async () => {
    clearInterval(topUp)
    unhook()
    for (const stop of unlisten) await stop()
    const graceMs = shutdownGraceMs(env)
    await Promise.all([events.stop(graceMs), cron.stop(graceMs), oneOff.stop(graceMs)])
    await heartbeat.stop()
  }
}
