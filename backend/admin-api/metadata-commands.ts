import type { BackendContext } from '../context/backend-context.ts'
import { AdminApiError } from './admin-api-error.ts'
import { readApiLimits } from '../metadata/model/api-limits.ts'
import { getCatalogState, setCatalogState } from './catalog-state-commands.ts'
import { clearedMetadata } from '../metadata/model/default-metadata.ts'
import { dropInconsistentObjects } from './drop-inconsistent-objects.ts'
import { eventTriggerCommands } from './event-trigger-commands.ts'
import { exportMetadata } from '../metadata/model/export-metadata.ts'
import { findInconsistencies, type InconsistentObject } from '../metadata/store/find-inconsistencies.ts'
import type { JsonNode } from '../metadata/model/json-node.ts'
import { readStoredMetadata } from '../metadata/store/metadata-storage.ts'
import { readMetadata } from '../metadata/model/parse-metadata.ts'
import { scheduledTriggerCommands } from './scheduled-trigger-commands.ts'
import { tableCommands } from './table-commands.ts'
import type { Metadata } from '../metadata/model/types.ts'

/**
 * The `/v1/metadata` commands (https://hasura.io/docs/2.0/api-reference/metadata-api/manage-metadata/).
 * A command works on a metadata value and may return a changed one; the route persists the final
 * value once, so that a `bulk` is all or nothing, as in Hasura (`runMetadataQueryM` under `MetadataT`).
 */
export interface MetadataState {
  metadata: Metadata
  resourceVersion: number
}

export interface CommandOutcome {
  response: unknown
  next?: Metadata
}

export type MetadataCommand = (state: MetadataState, context: Pick<BackendContext, 'db' | 'config'>) => Promise<CommandOutcome>

const SUCCESS = { message: 'success' }

function formatInconsistencies(objects: InconsistentObject[]) {
  return { is_consistent: objects.length === 0, inconsistent_objects: objects }
}

/** Parses one request object (`{type, args, version?}`) into the command it asks for. */
export function readMetadataCommand(node: JsonNode): MetadataCommand {
  node.object()
  const type = node.required('type', (n) => n.string())
  const version = node.optional('version', (n) => n.value) ?? 1
  if (version !== 1 && version !== 2) return node.key('version').fail('expected 1 or 2')
  // Every command Hasura parses with `o .: "args"`, so a request without it is a parse error.
  const args = node.required('args', (n) => n)
  const command = commandFor(type, version, args, node)
  return async (state, context) => {
    try {
      return await command(state, context)
    } catch (error) {
      throw error instanceof AdminApiError ? error.under('args') : error
    }
  }
}

function commandFor(type: string, version: 1 | 2, args: JsonNode, node: JsonNode): MetadataCommand {
  switch (type) {
    case 'replace_metadata':
      return replaceMetadata(args, version)
    case 'export_metadata':
      return async (state) => {
        const exported = exportMetadata(withoutApiCronTriggers(state.metadata))
        return { response: version === 2 ? { resource_version: state.resourceVersion, metadata: exported } : exported }
      }
    case 'clear_metadata':
      return async (state) => ({ response: SUCCESS, next: clearedMetadata(state.metadata) })
    case 'reload_metadata':
      return async (_state, context) => {
        const stored = await readStoredMetadata(context.db)
        const metadata = stored?.metadata ?? clearedMetadata()
        const objects = await findInconsistencies(context.db, metadata)
        const response = {
          ...SUCCESS,
          is_consistent: objects.length === 0,
          ...(objects.length > 0 ? { inconsistent_objects: objects } : {}),
        }
        return { response, next: metadata }
      }
    case 'get_inconsistent_metadata':
      return async (state, context) => ({ response: formatInconsistencies(await findInconsistencies(context.db, state.metadata)) })
    case 'drop_inconsistent_metadata':
      return async (state, context) => ({
        response: SUCCESS,
        next: dropInconsistentObjects(state.metadata, await findInconsistencies(context.db, state.metadata)),
      })
    case 'get_catalog_state':
      return getCatalogState
    case 'set_catalog_state':
      return setCatalogState(args)
    case 'set_api_limits': {
      const limits = readApiLimits(args)
      return async (state) => ({ response: SUCCESS, next: { ...state.metadata, api_limits: limits } })
    }
    case 'remove_api_limits':
      return async (state) => {
        const { api_limits: _removed, ...rest } = state.metadata
        return { response: SUCCESS, next: rest as Metadata }
      }
    case 'bulk':
      return bulk(args.list(readMetadataCommand, 'expected a list of metadata requests'))
    default: {
      const command = tableCommands(type, args) ?? eventTriggerCommands(type, args) ?? scheduledTriggerCommands(type, args)
      if (command) return command
      return node.key('type').fail(unknownCommandMessage(type))
    }
  }
}

/** Hasura's own wording: backend-specific commands are `<backend>_<command>`. */
function unknownCommandMessage(type: string): string {
  const [prefix, ...rest] = type.split('_')
  const backend = {
    pg: 'postgres',
    postgres: 'postgres',
    citus: 'citus',
    cockroach: 'cockroach',
    mssql: 'mssql',
    bigquery: 'bigquery',
    mysql: 'mysql',
  }[prefix!]
  if (!backend) return `unknown metadata command "${type}"; "${prefix}" was not recognized as a valid backend name`
  return `unknown metadata command "${rest.join('_')}" for backend ${backend}`
}

function replaceMetadata(args: JsonNode, version: 1 | 2): MetadataCommand {
  args.object()
  // With a `metadata` key (or request version 2) the answer reports inconsistencies; the bare form answers "success".
  const wrapped = version === 2 || args.object().metadata !== undefined
  const metadata = readMetadata(wrapped ? args.key('metadata') : args)
  const allowInconsistent = wrapped ? (args.optional('allow_inconsistent_metadata', (n) => n.boolean()) ?? false) : false
  return async (state, context) => {
    const objects = await findInconsistencies(context.db, metadata)
    if (objects.length > 0 && !allowInconsistent) {
      throw new AdminApiError(400, 'unexpected', 'cannot continue due to inconsistent metadata', '$', objects)
    }
    return { response: wrapped ? formatInconsistencies(objects) : SUCCESS, next: keepApiCronTriggers(state.metadata, metadata) }
  }
}

/**
 * Cron triggers created through the API with `include_in_metadata: false` are kept in the stored
 * metadata (so that they survive restarts) but, as in Hasura, left out of `export_metadata`…
 */
function withoutApiCronTriggers(metadata: Metadata): Metadata {
  if (!metadata.cron_triggers?.some((t) => t.include_in_metadata === false)) return metadata
  const kept = metadata.cron_triggers.filter((t) => t.include_in_metadata !== false)
  const { cron_triggers: _all, ...rest } = metadata
  return kept.length > 0 ? { ...rest, cron_triggers: kept } : rest
}

/** …and `replace_metadata` keeps them unless the new metadata has a cron trigger of the same name (Hasura's `runReplaceMetadataV2`). */
function keepApiCronTriggers(previous: Metadata, next: Metadata): Metadata {
  const named = new Set((next.cron_triggers ?? []).map((t) => t.name))
  const kept = (previous.cron_triggers ?? []).filter((t) => t.include_in_metadata === false && !named.has(t.name))
  return kept.length > 0 ? { ...next, cron_triggers: [...(next.cron_triggers ?? []), ...kept] } : next
}

/** Runs each request on the metadata the previous one left; the first error stops the bulk. */
function bulk(commands: MetadataCommand[]): MetadataCommand {
  return async (state, context) => {
    const responses: unknown[] = []
    let current = state
    let changed: Metadata | undefined
    for (const [i, command] of commands.entries()) {
      try {
        const outcome = await command(current, context)
        responses.push(outcome.response)
        if (outcome.next) {
          changed = outcome.next
          current = { ...current, metadata: outcome.next }
        }
      } catch (error) {
        throw error instanceof AdminApiError ? error.under(i) : error
      }
    }
    return changed ? { response: responses, next: changed } : { response: responses }
  }
}
