import { describe, expect, it } from 'vitest'
import { matchesSearch } from './search-dashboards.ts'

const dashboard = { title: 'Météo — greenhouse', description: 'Temperature and humidity of bay 3' }

describe('matchesSearch', () => {
  it('matches every word in the title or description, whatever the case and accents', () => {
    expect(matchesSearch(dashboard, '')).toBe(true)
    expect(matchesSearch(dashboard, '  ')).toBe(true)
    expect(matchesSearch(dashboard, 'meteo')).toBe(true)
    expect(matchesSearch(dashboard, 'GREENHOUSE humidity')).toBe(true)
    expect(matchesSearch(dashboard, 'bay 3')).toBe(true)
  })

  it('refuses a dashboard missing any word', () => {
    expect(matchesSearch(dashboard, 'greenhouse pressure')).toBe(false)
    expect(matchesSearch(dashboard, 'bay 4')).toBe(false)
  })
})
