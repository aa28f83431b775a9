import { describe, expect, it } from 'vitest'
import { validateAlertRule } from './validate-alert-rule.ts'

describe('validateAlertRule', () => {
  const ok = { name: 'High latency', threshold: '250', windowSeconds: '300', forSeconds: '0' }
  it('accepts a rule within SPEC §5', () => {
    expect(validateAlertRule(ok)).toEqual({})
  })
  it('names each field that breaks a rule', () => {
    expect(validateAlertRule({ name: ' ', threshold: 'Infinity', windowSeconds: '5', forSeconds: '86401' })).toEqual({
      name: expect.any(String),
      threshold: expect.any(String),
      windowSeconds: expect.any(String),
      forSeconds: expect.any(String),
    })
    expect(validateAlertRule({ ...ok, threshold: '' }).threshold).toBeDefined()
    expect(validateAlertRule({ ...ok, windowSeconds: '86400', forSeconds: '86400' })).toEqual({})
  })
})
