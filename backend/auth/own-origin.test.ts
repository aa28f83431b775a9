import { describe, expect, it } from 'vitest'
import { effectiveClientUrl, ownOrigins } from './own-origin.ts'

describe('ownOrigins', () => {
  it('names a loopback listener both ways, another host as it is', () => {
    expect(ownOrigins('http://127.0.0.1:4100')).toEqual(['http://localhost:4100', 'http://127.0.0.1:4100'])
    expect(ownOrigins('http://192.0.2.7:4100')).toEqual(['http://192.0.2.7:4100'])
  })
})

describe('effectiveClientUrl', () => {
  it.each([
    ['http://localhost:1337', 'http://localhost:4100'],
    ['http://127.0.0.1:1337/app', 'http://127.0.0.1:4100/app'],
    ['http://localhost:13370', 'http://localhost:13370'],
    ['http://localhost:5173', 'http://localhost:5173'],
    ['https://dash.example.com', 'https://dash.example.com'],
  ])('%s on port 4100 → %s', (configured, expected) => {
    expect(effectiveClientUrl(configured, 'http://127.0.0.1:4100')).toBe(expected)
  })

  it('keeps the configured URL until the server listens', () => {
    expect(effectiveClientUrl('http://localhost:1337', undefined)).toBe('http://localhost:1337')
  })
})
