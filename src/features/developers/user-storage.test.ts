import { describe, expect, it } from 'vitest'
import { userStorage } from './user-storage.ts'

/** A Web Storage over a Map, with the `key(i)` walk localStorage has. */
function memoryStorage(): Storage {
  const items = new Map<string, string>()
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
    key: (index) => [...items.keys()][index] ?? null,
    get length() {
      return items.size
    },
  }
}

describe('userStorage', () => {
  it("keeps each user's explorer state apart, and clears only the user's own", () => {
    const backing = memoryStorage()
    backing.setItem('other-app', 'kept')
    const alice = userStorage('alice', backing)
    const bob = userStorage('bob', backing)
    alice.setItem('graphiql:tabState', 'alice tabs')
    alice.setItem('graphiql:query', 'alice query')
    bob.setItem('graphiql:tabState', 'bob tabs')

    expect(alice.getItem('graphiql:tabState')).toBe('alice tabs')
    expect(bob.getItem('graphiql:tabState')).toBe('bob tabs')
    expect(bob.getItem('graphiql:query')).toBeNull()
    expect(alice.length).toBe(2)

    alice.clear()
    expect(alice.length).toBe(0)
    expect(bob.getItem('graphiql:tabState')).toBe('bob tabs')
    expect(backing.getItem('other-app')).toBe('kept')
  })
})
