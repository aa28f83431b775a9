import { InMemoryCache } from '@apollo/client'

/**
 * The web app's Apollo cache. `workspaces.members` is read filtered to the signed-in user (their
 * role), and its rows carry no id, so Apollo cannot merge two answers row by row: the newer list
 * replaces the older, which is what a changed role means (without this, Apollo warns that cache
 * data may be lost on every role change).
 */
export function createAppCache(): InMemoryCache {
  return new InMemoryCache({
    typePolicies: {
      workspaces: { fields: { members: { merge: false } } },
    },
  })
}
