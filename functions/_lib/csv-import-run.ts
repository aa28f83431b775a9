import { createReadStream } from 'node:fs'
import { adminGraphql } from './graphql.ts'
import { withDownloadedFile } from './download-to-temp-file.ts'
import { csvLines, splitCsvPoint } from './csv-lines.ts'
import { parsePointTime, parsePointValue, pointTimeOutOfRange } from './point-time.ts'
import { insertPoints, type PointRow } from './write-points.ts'

/**
 * Runs one claimed CSV import (status `processing`): streams the file from storage, writes its
 * points in batches and reports progress on the imports row (SPEC §4, §5).
 */
export const MAX_IMPORT_BYTES = 20_000_000
export const MAX_IMPORT_ROWS = 500_000
const BATCH_ROWS = 5000
const PROGRESS_EVERY_MS = 400
const REPORTED_ERRORS = 20

export interface ImportJob {
  id: string
  metric_id: string
  file_id: string
}

export interface RejectedLine {
  line: number
  reason: string
}

interface Progress {
  bytes_read: number
  rows_total: number
  rows_imported: number
  rows_rejected: number
  errors: RejectedLine[]
}

class ImportFailure extends Error {}

export async function runCsvImport(job: ImportJob): Promise<void> {
  const progress: Progress = { bytes_read: 0, rows_total: 0, rows_imported: 0, rows_rejected: 0, errors: [] }
  try {
    await importRows(job, progress)
    if (progress.rows_imported === 0) throw new ImportFailure('the file has no valid row')
    await finish(job.id, 'succeeded', progress)
  } catch (error) {
    const reason = error instanceof ImportFailure ? error.message : 'the import stopped on a server error; retry it'
    if (!(error instanceof ImportFailure)) console.error('import', job.id, error)
    progress.errors = [...progress.errors.slice(0, REPORTED_ERRORS - 1), { line: 0, reason }]
    await finish(job.id, 'failed', progress)
  }
}

async function importRows(job: ImportJob, progress: Progress): Promise<void> {
  const { file } = await adminGraphql<{ file: { size: number; mimeType: string; bucketId: string } | null }>(
    'query ($id: uuid!) { file(id: $id) { size mimeType bucketId } }',
    { id: job.file_id },
  )
  if (!file) throw new ImportFailure('the file is gone')
  if (file.bucketId !== 'imports' || !/^text\/(csv|plain)\b/.test(file.mimeType)) throw new ImportFailure('the file is not a CSV file')
  if (file.size > MAX_IMPORT_BYTES) throw new ImportFailure('the file is larger than 20 MB')

  await withDownloadedFile(job.file_id, (path) => readRows(path, job, progress))
}

async function readRows(path: string, job: ImportJob, progress: Progress): Promise<void> {
  let batch: PointRow[] = []
  let reportedAt = Date.now()
  const flush = async () => {
    if (batch.length > 0) await insertPoints(batch)
    progress.rows_imported += batch.length
    batch = []
    if (Date.now() - reportedAt >= PROGRESS_EVERY_MS) {
      reportedAt = Date.now()
      await report(job.id, progress)
    }
  }
  const now = new Date()
  for await (const { line, text, bytesRead } of csvLines(createReadStream(path))) {
    progress.bytes_read = bytesRead
    if (line === 1) {
      if (
        text
          .replace(/^\uFEFF/, '')
          .replace(/\s/g, '')
          .toLowerCase() !== 'ts,value'
      )
        throw new ImportFailure('line 1: the header must be ts,value')
      continue
    }
    if (text.trim() === '') continue
    if (++progress.rows_total > MAX_IMPORT_ROWS) throw new ImportFailure('the file has more than 500,000 rows')
    const row = parseRow(text, job.metric_id, now)
    if (typeof row === 'string') {
      progress.rows_rejected++
      if (progress.errors.length < REPORTED_ERRORS) progress.errors.push({ line, reason: row })
      continue
    }
    batch.push(row)
    if (batch.length === BATCH_ROWS) await flush()
  }
  await flush()
}

function parseRow(text: string, metricId: string, now: Date): PointRow | string {
  const fields = splitCsvPoint(text)
  if (typeof fields === 'string') return fields
  const ms = parsePointTime(fields.ts)
  if (ms === null) return 'ts is not ISO-8601 or Unix seconds or milliseconds'
  const outOfRange = pointTimeOutOfRange(ms, now)
  if (outOfRange) return outOfRange
  const value = parsePointValue(fields.value)
  if (value === null) return 'value is not a finite number'
  return { metric_id: metricId, ts: new Date(ms).toISOString(), value }
}

function report(id: string, progress: Progress): Promise<unknown> {
  return adminGraphql(
    'mutation ($id: uuid!, $set: imports_set_input!) { update_imports_by_pk(pk_columns: {id: $id}, _set: $set) { id } }',
    {
      id,
      set: { ...progress, heartbeat_at: new Date().toISOString() },
    },
  )
}

function finish(id: string, status: 'succeeded' | 'failed', progress: Progress): Promise<unknown> {
  return adminGraphql(
    'mutation ($id: uuid!, $set: imports_set_input!) { update_imports_by_pk(pk_columns: {id: $id}, _set: $set) { id } }',
    {
      id,
      set: { ...progress, status, heartbeat_at: new Date().toISOString(), finished_at: new Date().toISOString() },
    },
  )
}
