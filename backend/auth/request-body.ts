import type { Context } from 'hono'
import { MAX_JSON_DEPTH, jsonNestsDeeperThan } from '../lib/json-limits.ts'
import { SchemaValidationError } from './auth-error.ts'

/**
 * The slice of OpenAPI schema that Nhost Auth's request bodies use, checked the way its
 * OpenAPI validator (kin-openapi) checks them: unknown properties are refused
 * (`additionalProperties: false`), types are strict, formats and lengths apply. The `reason`
 * strings follow kin-openapi's wording.
 */
export type FieldSchema =
  | {
      type: 'string'
      format?: 'email' | 'uri' | 'date-time'
      minLength?: number
      maxLength?: number
      pattern?: RegExp
      enum?: readonly string[]
    }
  | { type: 'boolean' }
  | { type: 'string[]' }
  /** A free-form JSON object such as `metadata`. */
  | { type: 'json-object' }
  | { type: 'object'; schema: ObjectSchema }

export interface ObjectSchema {
  properties: Record<string, FieldSchema>
  required?: readonly string[]
  /** Nhost's schemas say `additionalProperties: false` almost everywhere; `SignOutRequest` does not. */
  additionalProperties?: boolean
}

/**
 * Nhost's `auth.email` domain check, applied as the `email` format so that an address the
 * database would refuse is a 400, not a 500.
 */
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/

export function isEmail(text: string): boolean {
  return text.length <= 254 && EMAIL.test(text)
}

function fail(path: string, reason: string): never {
  throw new SchemaValidationError('schema-validation-error', path ? `${reason} at "${path}"` : reason)
}

function checkField(schema: FieldSchema, value: unknown, path: string): void {
  switch (schema.type) {
    case 'string': {
      if (typeof value !== 'string') fail(path, 'value must be a string')
      if (schema.enum && !schema.enum.includes(value)) fail(path, `value is not one of the allowed values ${JSON.stringify(schema.enum)}`)
      if (schema.minLength !== undefined && [...value].length < schema.minLength) fail(path, `minimum string length is ${schema.minLength}`)
      if (schema.maxLength !== undefined && [...value].length > schema.maxLength) fail(path, `maximum string length is ${schema.maxLength}`)
      if (schema.pattern && !schema.pattern.test(value))
        fail(path, `string doesn't match the regular expression "${schema.pattern.source}"`)
      if (schema.format === 'email' && !isEmail(value)) fail(path, 'string doesn\'t match the format "email"')
      if (schema.format === 'uri' && !URL.canParse(value)) fail(path, 'string doesn\'t match the format "uri"')
      if (schema.format === 'date-time' && !isDateTime(value)) fail(path, 'string doesn\'t match the format "date-time"')
      return
    }
    case 'boolean':
      if (typeof value !== 'boolean') fail(path, 'value must be a boolean')
      return
    case 'string[]':
      if (!Array.isArray(value)) fail(path, 'value must be an array')
      value.forEach((item, i) => {
        if (typeof item !== 'string') fail(`${path}/${i}`, 'value must be a string')
      })
      return
    case 'json-object':
      if (!isPlainObject(value)) fail(path, 'value must be an object')
      if (jsonNestsDeeperThan(value, MAX_JSON_DEPTH)) fail(path, `value nests deeper than ${MAX_JSON_DEPTH} levels`)
      return
    case 'object':
      checkObject(schema.schema, value, path)
  }
}

function checkObject(schema: ObjectSchema, value: unknown, path: string): void {
  if (!isPlainObject(value)) fail(path, 'value must be an object')
  if (!schema.additionalProperties) {
    for (const key of Object.keys(value)) {
      if (!Object.hasOwn(schema.properties, key)) fail(path, `property "${key}" is unsupported`)
    }
  }
  for (const key of schema.required ?? []) {
    if (value[key] === undefined) fail(path, `property "${key}" is missing`)
  }
  for (const [key, field] of Object.entries(schema.properties)) {
    if (Object.hasOwn(value, key) && value[key] !== undefined) checkField(field, value[key], `${path}/${key}`)
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** RFC 3339 date-time, as OpenAPI's `date-time` format requires. */
function isDateTime(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/.test(text) && !Number.isNaN(Date.parse(text))
}

/**
 * Reads and checks a JSON request body. `optional` bodies (Nhost marks a few `required: false`)
 * may be empty and then read as `{}`.
 */
export async function readBody<T>(c: Context, schema: ObjectSchema, options: { optional?: boolean } = {}): Promise<T> {
  const text = await c.req.text()
  if (text.trim() === '') {
    if (options.optional) return {} as T
    throw new SchemaValidationError('request-validation-error', 'request body has an error: value is required but missing')
  }
  const type = c.req.header('content-type') ?? ''
  if (!/^application\/json\b/i.test(type)) {
    throw new SchemaValidationError('request-validation-error', `header Content-Type has unexpected value: ${JSON.stringify(type)}`)
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new SchemaValidationError(
      'request-validation-error',
      `request body has an error: failed to decode request body: ${(error as Error).message}`,
    )
  }
  checkObject(schema, value, '')
  return value as T
}
