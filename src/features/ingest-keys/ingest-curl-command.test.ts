import { describe, expect, it } from 'vitest'
import { ingestCurlCommand } from './ingest-curl-command.ts'

describe('ingestCurlCommand', () => {
  const ts = new Date('2026-11-25T01:00:00Z')

  it('posts one point of the given metric with the key, each argument one shell word', () => {
    const command = ingestCurlCommand({
      url: 'http://127.0.0.1:1337/functions/v1/ingest',
      ingestKey: 'pb_abc',
      metricKey: 'greenhouse.temp_c',
      ts,
    })
    expect(command).toBe(
      [
        "curl -X POST 'http://127.0.0.1:1337/functions/v1/ingest' \\",
        "  -H 'Authorization: Bearer pb_abc' \\",
        "  -H 'Content-Type: application/json' \\",
        `  -d '{"points":[{"metric":"greenhouse.temp_c","ts":"2026-11-25T01:00:00.000Z","value":1}]}'`,
      ].join('\n'),
    )
  })

  it('quotes a single quote in the URL so that the shell passes it on', () => {
    const command = ingestCurlCommand({ url: "http://host/it's/ingest", ingestKey: 'pb_abc', metricKey: 'm', ts })
    expect(command.split('\n')[0]).toBe("curl -X POST 'http://host/it'\\''s/ingest' \\")
  })
})
