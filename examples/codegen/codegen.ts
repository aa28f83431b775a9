/**
 * GraphQL Code Generator's config (`npx graphql-codegen --config codegen.ts`): the schema that
 * the `user` role sees, read from the running backend with the admin secret and `x-hasura-role`
 * (Hasura's way to act as a role), and typed documents for the operations in `operations.graphql`.
 */
import type { CodegenConfig } from '@graphql-codegen/cli'

const url = process.env.PULSEBOARD_URL ?? 'http://127.0.0.1:1337'

const config: CodegenConfig = {
  schema: [
    {
      [`${url}/graphql/v1`]: {
        headers: { 'x-hasura-admin-secret': process.env.PULSEBOARD_ADMIN_SECRET ?? '', 'x-hasura-role': 'user' },
      },
    },
  ],
  documents: ['operations.graphql'],
  generates: {
    'gql/': {
      preset: 'client',
      // Hasura's scalars as JSON carries them.
      config: { scalars: { uuid: 'string', timestamptz: 'string', float8: 'number', bigint: 'string', numeric: 'string' } },
    },
  },
}

export default config
