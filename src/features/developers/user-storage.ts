/**
 * GraphiQL keeps its tabs, queries and history in localStorage under `graphiql:*`. Here each
 * user gets their own keys, so whoever signs in next on this browser sees none of them.
 */
export interface GraphiqlStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
  clear(): void
  readonly length: number
}

export function userStorage(userId: string, backing: Storage = localStorage): GraphiqlStorage {
  const prefix = `pulseboard:explorer:${userId}:`
  const ownKeys = () => {
    const keys: string[] = []
    for (let i = 0; i < backing.length; i++) {
      const key = backing.key(i)
      if (key?.startsWith(prefix)) keys.push(key)
    }
    return keys
  }
  return {
    getItem: (key) => backing.getItem(prefix + key),
    setItem: (key, value) => backing.setItem(prefix + key, value),
    removeItem: (key) => backing.removeItem(prefix + key),
    clear: () => ownKeys().forEach((key) => backing.removeItem(key)),
    get length() {
      return ownKeys().length
    },
  }
}
