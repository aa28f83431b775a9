import {
  Kind,
  parse,
  print,
  type DefinitionNode,
  type FieldDefinitionNode,
  type InputValueDefinitionNode,
  type StringValueNode,
} from 'graphql'

type Json = Record<string, unknown>

/**
 * The metadata directory splits actions in two, as the Hasura CLI writes them: `actions.yaml` holds
 * each action's handler, kind and permissions and names the custom types, `actions.graphql` holds
 * their GraphQL signatures. This joins them into the `actions` and `custom_types` of the metadata
 * JSON, as `hasura metadata apply` does: an action's `type` (query or mutation), `arguments` and
 * `output_type` come from its field on `Query`/`Mutation`, custom types get their fields and values.
 * Throws graphql-js's `GraphQLError` on invalid SDL.
 */
export function mergeActionsGraphql(sdl: string, actions: unknown, customTypes: unknown): { actions: unknown; custom_types: unknown } {
  if (sdl.trim() === '') return { actions, custom_types: customTypes }
  const definitions = parse(sdl).definitions
  const rootFields = new Map<string, { type: 'query' | 'mutation'; field: FieldDefinitionNode }>()
  for (const def of definitions) {
    if (
      (def.kind === Kind.OBJECT_TYPE_DEFINITION || def.kind === Kind.OBJECT_TYPE_EXTENSION) &&
      (def.name.value === 'Query' || def.name.value === 'Mutation')
    ) {
      for (const field of def.fields ?? [])
        rootFields.set(field.name.value, { type: def.name.value === 'Query' ? 'query' : 'mutation', field })
    }
  }
  const mergedActions = Array.isArray(actions)
    ? actions.map((action: Json) => {
        const root = rootFields.get(String(action.name))
        if (!root) return action
        const definition: Json = {
          ...(action.definition as Json | undefined),
          type: root.type,
          arguments: (root.field.arguments ?? []).map(inputValue),
          output_type: print(root.field.type),
        }
        return { ...action, definition }
      })
    : actions
  return { actions: mergedActions, custom_types: mergeCustomTypes(definitions, customTypes) }
}

function described<T extends Json>(entry: T, description: StringValueNode | undefined): T {
  return description ? { ...entry, description: description.value } : entry
}

function inputValue(arg: InputValueDefinitionNode): Json {
  return described({ name: arg.name.value, type: print(arg.type) }, arg.description)
}

function mergeCustomTypes(definitions: readonly DefinitionNode[], customTypes: unknown): unknown {
  if (typeof customTypes !== 'object' || customTypes === null) return customTypes
  const types = customTypes as Record<string, unknown>
  const byName = new Map<string, DefinitionNode>()
  for (const def of definitions) if ('name' in def && def.name) byName.set(def.name.value, def)
  const fill = (list: unknown, build: (def: DefinitionNode) => Json | undefined) =>
    Array.isArray(list)
      ? list.map((entry: Json) => {
          const def = byName.get(String(entry.name))
          const filled = def && build(def)
          return filled ? { ...entry, ...filled } : entry
        })
      : list
  return {
    ...types,
    objects: fill(types.objects, (def) =>
      def.kind === Kind.OBJECT_TYPE_DEFINITION
        ? described(
            { fields: (def.fields ?? []).map((f) => described({ name: f.name.value, type: print(f.type) }, f.description)) },
            def.description,
          )
        : undefined,
    ),
    input_objects: fill(types.input_objects, (def) =>
      def.kind === Kind.INPUT_OBJECT_TYPE_DEFINITION
        ? described({ fields: (def.fields ?? []).map(inputValue) }, def.description)
        : undefined,
    ),
    enums: fill(types.enums, (def) =>
      def.kind === Kind.ENUM_TYPE_DEFINITION
        ? described({ values: (def.values ?? []).map((v) => described({ value: v.name.value }, v.description)) }, def.description)
        : undefined,
    ),
    scalars: fill(types.scalars, (def) => (def.kind === Kind.SCALAR_TYPE_DEFINITION ? described({}, def.description) : undefined)),
  }
}
