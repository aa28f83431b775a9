/** One shell word: single-quoted, a quote inside closed, escaped and reopened. */
const shellQuote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`

export interface IngestCurlCommandInput {
  /** The ingest function's absolute URL (`…/functions/v1/ingest`). */
  url: string
  ingestKey: string
  /** The key of a metric of the key's workspace: any other is refused with 422. */
  metricKey: string
  /** The point's time; now, when the example is shown. */
  ts: Date
}

/** The `curl` command shown with a new ingest key: one point, ready to paste into a shell. */
export function ingestCurlCommand({ url, ingestKey, metricKey, ts }: IngestCurlCommandInput): string {
  const body = JSON.stringify({ points: [{ metric: metricKey, ts: ts.toISOString(), value: 1 }] })
  return [
    `curl -X POST ${shellQuote(url)} \\`,
    `  -H ${shellQuote(`Authorization: Bearer ${ingestKey}`)} \\`,
    "  -H 'Content-Type: application/json' \\",
    `  -d ${shellQuote(body)}`,
  ].join('\n')
}
