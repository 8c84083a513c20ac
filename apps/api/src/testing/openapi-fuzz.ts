import fc from 'fast-check'

/** The parts of JSON Schema 2020-12 that zod's toJSONSchema() writes and the fuzzer reads. */
export type JsonSchema = {
  $ref?: string
  type?: string | string[]
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  enum?: unknown[]
  const?: unknown
  properties?: Record<string, JsonSchema>
  required?: string[]
  additionalProperties?: boolean | JsonSchema
  items?: JsonSchema
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
}

type OpenApiDocument = {
  paths: Record<string, Record<string, RawOperation>>
  components?: { schemas?: Record<string, JsonSchema> }
}
type RawOperation = {
  security?: Array<Record<string, unknown>>
  parameters?: Array<{ name: string; in: 'path' | 'query'; required?: boolean; schema: JsonSchema }>
  requestBody?: { content: Record<string, { schema: JsonSchema }> }
}

export type Operation = {
  method: string
  /** The OpenAPI path, `/admin/users/{id}`. */
  path: string
  auth: 'user' | 'admin' | undefined
  body: JsonSchema | undefined
  pathParams: string[]
  queryParams: Array<{ name: string; schema: JsonSchema }>
}

/** One malformed request; `mustReject` is false only where a well-behaved server may still answer 2xx. */
export type BadRequest = {
  label: string
  method: string
  url: string
  headers: Record<string, string>
  payload: string | undefined
  mustReject: boolean
}

type JsonType = 'string' | 'number' | 'boolean' | 'null' | 'object' | 'array'
const JSON_TYPES: JsonType[] = ['string', 'number', 'boolean', 'null', 'object', 'array']

/** What the server's default 16 KiB body limit refuses, and one over the largest route limit (512 KiB). */
const OVERSIZED_BYTES = [16 * 1024 + 1, 40 * 1024, 600 * 1024]

export function readOperations(document: OpenApiDocument): { operations: Operation[]; resolve: Resolver } {
  const schemas = document.components?.schemas ?? {}
  const resolve: Resolver = (schema) => {
    let current = schema
    for (let depth = 0; current.$ref && depth < 10; depth += 1) {
      current = schemas[current.$ref.replace('#/components/schemas/', '')] ?? {}
    }
    return current
  }
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]): Operation => {
      const schemes = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement))
      const parameters = operation.parameters ?? []
      return {
        method: method.toUpperCase(),
        path,
        auth: schemes.includes('adminToken') ? 'admin' : schemes.includes('userToken') ? 'user' : undefined,
        body: operation.requestBody?.content['application/json']?.schema,
        pathParams: parameters.filter((parameter) => parameter.in === 'path').map(({ name }) => name),
        queryParams: parameters
          .filter((parameter) => parameter.in === 'query')
          .map(({ name, schema }) => ({ name, schema })),
      }
    }),
  )
  return { operations, resolve }
}

type Resolver = (schema: JsonSchema) => JsonSchema

function branchesOf(schema: JsonSchema, resolve: Resolver): JsonSchema[] {
  const resolved = resolve(schema)
  const union = resolved.anyOf ?? resolved.oneOf
  return union ? union.flatMap((branch) => branchesOf(branch, resolve)) : [resolved]
}

function typeOfValue(value: unknown): JsonType {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  return typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string'
    ? (typeof value as JsonType)
    : 'object'
}

/** The JSON types a schema accepts, or undefined when it accepts anything (or says too little to tell). */
function acceptedTypes(schema: JsonSchema, resolve: Resolver): Set<JsonType> | undefined {
  const types = new Set<JsonType>()
  for (const branch of branchesOf(schema, resolve)) {
    if (branch.type) {
      for (const type of [branch.type].flat()) types.add(type === 'integer' ? 'number' : (type as JsonType))
    } else if (branch.enum) {
      for (const value of branch.enum) types.add(typeOfValue(value))
    } else if ('const' in branch) {
      types.add(typeOfValue(branch.const))
    } else if (branch.properties) {
      types.add('object')
    } else {
      return undefined
    }
  }
  return types
}

const letters = fc.stringMatching(/^[a-z]{1,12}$/)

/**
 * A value of a JSON type the schema refuses. Where a number is accepted, only values no coercion turns into
 * one: Number(true), Number(null) and Number([5]) are numbers, Number('abc') and Number({a: 1}) are not.
 */
function wrongTypeValue(accepted: Set<JsonType>): fc.Arbitrary<unknown> | undefined {
  const numberish = accepted.has('number')
  const candidates = JSON_TYPES.filter(
    (type) => !accepted.has(type) && !(numberish && (type === 'boolean' || type === 'null' || type === 'array')),
  )
  const byType: Record<JsonType, fc.Arbitrary<unknown>> = {
    string: numberish ? letters : fc.string(),
    number: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })),
    boolean: fc.boolean(),
    null: fc.constant(null),
    object: fc.dictionary(letters, fc.jsonValue({ maxDepth: 2 }), { minKeys: 1, maxKeys: 3 }),
    array: fc.array(fc.jsonValue({ maxDepth: 2 }), { minLength: 2, maxLength: 8 }),
  }
  return candidates.length > 0 ? fc.oneof(...candidates.map((type) => byType[type])) : undefined
}

// Nesting is built as text: JSON.stringify would recurse as deep as the value.
const depth = fc.integer({ min: 64, max: 2500 })
const deepArrays = depth.map((levels) => '['.repeat(levels) + ']'.repeat(levels))
const deepObjects = depth.map((levels) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels))

/**
 * One bad value as JSON text. `at` is its path inside the value (`text`, `0.visual`) when it sits in a member
 * of an object or array; `mayPass` marks a value a well-behaved server may still accept.
 */
type BadValue = { label: string; json: string; at?: string; mayPass?: boolean }
const asJson =
  (label: string) =>
  (value: unknown): BadValue => ({ label, json: JSON.stringify(value) ?? 'null' })
const joinPath = (name: string, at: string | undefined) => (at ? `${name}.${at}` : name)

/** Objects and arrays are searched this deep for string fields: a body's `scenes.0.visual` is three down. */
const MAX_NESTING = 3

/**
 * Characters no request text may hold: C0 controls but tab and line feed, DEL, C1 controls, and unpaired
 * surrogates, high or low (the last one a low surrogate before a high one: two unpaired halves).
 */
const UNSAFE_CHARACTERS = [
  ...['\u0000', '\u0001', '\u0008', '\u000b', '\u000c', '\u000e', '\u001b', '\u001f', '\u007f'],
  ...['\u0080', '\u0085', '\u009f', '\ud800', '\udbff', '\udc00', '\udfff', '\udc00\ud800'],
]
/** Free-text fields keep these (a carriage return as a line feed); one-line fields refuse them. */
const LINE_BREAKS = ['\r\n', '\r', '\n', '\t', 'a\r\n\r\nb']

const codePoints = (text: string) =>
  [...text].map((char) => `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`).join(' ')

/**
 * Text with one of `characters` among letters, long enough for the field's minimum and short enough for its
 * maximum, so that only the characters can be what the server refuses.
 */
function textWith(characters: string[], strings: JsonSchema[], label: string, mayPass: boolean) {
  const minLength = Math.max(...strings.map((branch) => branch.minLength ?? 0))
  const maxLength = Math.min(...strings.map((branch) => branch.maxLength ?? Infinity))
  const lettersAround = fc.stringMatching(/^[a-z]{0,6}$/)
  return fc
    .tuple(lettersAround, fc.constantFrom(...characters), lettersAround)
    .map(([before, inner, after]): BadValue => {
      const room = Math.max(0, Math.floor((maxLength - inner.length) / 2))
      const text = before.slice(0, room) + inner + after.slice(0, room)
      return {
        label: `${label} ${codePoints(inner)}`,
        json: JSON.stringify(text.padEnd(minLength, 'x')),
        ...(mayPass ? { mayPass } : {}),
      }
    })
}

/**
 * Values the schema of one property refuses, as JSON text: wrong types, lengths, ranges and shapes. With
 * `asText`, only values that still mean the same as query-string text.
 */
function badValues(
  schema: JsonSchema,
  resolve: Resolver,
  { asText = false, depth = 0 } = {},
): Array<fc.Arbitrary<BadValue>> {
  const accepted = acceptedTypes(schema, resolve)
  const branches = branchesOf(schema, resolve)
  const strings = branches.filter((branch) => branch.type === 'string')
  const numbers = branches.filter((branch) => branch.type === 'number' || branch.type === 'integer')
  const arbitraries: Array<fc.Arbitrary<BadValue>> = []
  const wrong = !asText && accepted && wrongTypeValue(accepted)
  if (wrong) arbitraries.push(wrong.map(asJson('wrong type')))
  if (!asText && accepted && !accepted.has('array') && !accepted.has('object')) {
    arbitraries.push(fc.oneof(deepArrays, deepObjects).map((json) => ({ label: 'deep nesting', json })))
  }
  if (strings.length > 0 && strings.every((branch) => branch.maxLength !== undefined)) {
    const max = Math.max(...strings.map((branch) => branch.maxLength ?? 0))
    // Letters, not spaces: a schema that trims first would shorten spaces back under the limit.
    arbitraries.push(fc.integer({ min: 1, max: 64 }).map((extra) => asJson('too long')('x'.repeat(max + extra))))
  }
  if (strings.length > 0 && strings.every((branch) => (branch.minLength ?? 0) >= 1)) {
    arbitraries.push(fc.constant(asJson('empty string')('')))
  }
  if (strings.length > 0) {
    arbitraries.push(textWith(UNSAFE_CHARACTERS, strings, 'unsafe character', false))
    arbitraries.push(textWith(LINE_BREAKS, strings, 'line break or tab', true))
  }
  if (strings.length > 0 && strings.every((branch) => branch.enum)) {
    const allowed = new Set(strings.flatMap((branch) => branch.enum ?? []))
    arbitraries.push(
      fc
        .string()
        .filter((value) => !allowed.has(value))
        .map(asJson('not in enum')),
    )
  }
  if (numbers.length > 0 && accepted?.has('number')) {
    if (numbers.every((branch) => branch.minimum !== undefined)) {
      const min = Math.min(...numbers.map((branch) => branch.minimum ?? 0))
      arbitraries.push(fc.integer({ min: 1, max: 1_000_000 }).map((below) => asJson('below minimum')(min - below)))
    }
    if (numbers.every((branch) => branch.maximum !== undefined)) {
      const max = Math.max(...numbers.map((branch) => branch.maximum ?? 0))
      arbitraries.push(fc.integer({ min: 1, max: 1_000_000 }).map((above) => asJson('above maximum')(max + above)))
    }
    if (numbers.every((branch) => branch.type === 'integer')) {
      arbitraries.push(fc.integer({ min: 1, max: 50 }).map((whole) => asJson('not an integer')(whole + 0.5)))
    }
  }
  if (!asText && depth < MAX_NESTING) arbitraries.push(...badMembers(schema, resolve, depth + 1))
  return arbitraries
}

/** Objects and arrays of the schema's shape with one bad value inside: in a property, or as the first item. */
function badMembers(schema: JsonSchema, resolve: Resolver, depth: number): Array<fc.Arbitrary<BadValue>> {
  if (!acceptedTypes(schema, resolve)) return []
  const branches = branchesOf(schema, resolve)
  const objects = branches.filter((branch) => branch.properties || branch.type === 'object')
  const arrays = branches.filter((branch) => branch.type === 'array')
  const members = badProperties(objects, resolve, depth)
  const items = arrays.flatMap((branch) => (branch.items ? [branch.items] : []))
  // An array branch that says nothing of its items would let any item through.
  if (arrays.length > 0 && items.length === arrays.length) {
    for (const bad of badValues({ anyOf: items }, resolve, { depth })) {
      members.push(bad.map((value) => ({ ...value, at: joinPath('0', value.at), json: `[${value.json}]` })))
    }
  }
  return members
}

const objectText = (entries: Array<[string, string]>) =>
  `{${entries.map(([key, json]) => `${JSON.stringify(key)}:${json}`).join(',')}}`

const knownProperties = (objects: JsonSchema[]) => [
  ...new Set(objects.flatMap((branch) => Object.keys(branch.properties ?? {}))),
]

/** Some of the known properties but `except`, each with any JSON value. */
const otherProperties = (known: string[], except: string) =>
  fc
    .subarray(known.filter((name) => name !== except))
    .chain((names) =>
      fc.tuple(
        ...names.map((name) =>
          fc.jsonValue({ maxDepth: 2 }).map((value) => [name, JSON.stringify(value)] as [string, string]),
        ),
      ),
    )

/** Objects in which one property holds a value its schema refuses, beside any of the others. */
function badProperties(objects: JsonSchema[], resolve: Resolver, depth: number): Array<fc.Arbitrary<BadValue>> {
  const known = knownProperties(objects)
  const arbitraries: Array<fc.Arbitrary<BadValue>> = []
  for (const name of known) {
    // The bad value makes the object invalid only if no branch lets the property through unchecked.
    const owners = objects.filter((branch) => branch.properties?.[name])
    if (!objects.every((branch) => branch.properties?.[name] || branch.additionalProperties === false)) continue
    const propertySchema: JsonSchema = { anyOf: owners.map((branch) => branch.properties?.[name] ?? {}) }
    for (const bad of badValues(propertySchema, resolve, { depth })) {
      arbitraries.push(
        fc.tuple(bad, otherProperties(known, name)).map(([value, others]) => ({
          ...value,
          at: joinPath(name, value.at),
          json: objectText([...others, [name, value.json]]),
        })),
      )
    }
  }
  return arbitraries
}

/** Bodies the operation's body schema refuses, each as the JSON text a client would send. */
function badBodies(schema: JsonSchema, resolve: Resolver): Array<fc.Arbitrary<BadValue>> {
  const accepted = acceptedTypes(schema, resolve)
  const objects = branchesOf(schema, resolve).filter((branch) => branch.properties || branch.type === 'object')
  const strict = objects.length > 0 && objects.every((branch) => branch.additionalProperties === false)
  const known = knownProperties(objects)
  const arbitraries: Array<fc.Arbitrary<BadValue>> = []

  const wrongTop = accepted && wrongTypeValue(accepted)
  if (wrongTop) arbitraries.push(wrongTop.map(asJson('body of the wrong type')))
  if (accepted && !accepted.has('array')) {
    arbitraries.push(deepArrays.map((json) => ({ label: 'deeply nested array body', json })))
  }
  if (strict) {
    arbitraries.push(deepObjects.map((json) => ({ label: 'deeply nested unknown property', json })))
    arbitraries.push(
      fc
        .tuple(
          fc.string({ minLength: 1 }).filter((name) => !known.includes(name)),
          fc.jsonValue({ maxDepth: 2 }),
          otherProperties(known, ''),
        )
        .map(([name, value, others]) => ({
          label: `unknown property ${JSON.stringify(name)}`,
          json: objectText([...others, [name, JSON.stringify(value)]]),
        })),
    )
  }
  if (objects.length > 0 && objects.every((branch) => (branch.required ?? []).length > 0)) {
    arbitraries.push(fc.constant({ label: 'empty object', json: '{}' }))
  }
  arbitraries.push(
    ...badProperties(objects, resolve, 0).map((arbitrary) =>
      arbitrary.map(({ at, ...value }) => ({ ...value, label: `${at ?? ''}: ${value.label}` })),
    ),
  )
  return arbitraries
}

const invalidJson = fc.oneof(
  fc.constantFrom(
    '{',
    '{"email":',
    '[1,]',
    "{'email':'a@example.com'}",
    'nul',
    '{"a":1}}',
    '"unterminated',
    '{"a":NaN}',
    '{"a":Infinity}',
    '01',
    '{"a":1,}',
    '\u0000',
    '{"a":"\\x41"}',
  ),
  fc.string({ minLength: 1 }).filter((text) => {
    try {
      JSON.parse(text)
      return false
    } catch {
      return true
    }
  }),
)

/** Content types the server has no parser for, so any body sent with them is refused (415). */
const unparsedContentType = fc.constantFrom(
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'image/png',
  'application/octet-stream',
  'not a media type',
)

type BodyCase = { label: string; payload: string | undefined; contentType: string | undefined; mayPass?: boolean }

/** Bodies no route may accept: broken framing, whatever its schema. */
function badFraming(accepted: Set<JsonType> | undefined): Array<fc.Arbitrary<BodyCase>> {
  const json = 'application/json'
  return [
    invalidJson.map((payload) => ({ label: 'invalid JSON', payload, contentType: json })),
    fc
      .constantFrom('{"__proto__":{"role":"admin"}}', '{"constructor":{"prototype":{"role":"admin"}}}')
      .map((payload) => ({
        label: 'prototype poisoning',
        payload,
        contentType: json,
      })),
    fc.constant({ label: 'empty JSON body', payload: '', contentType: json }),
    fc.tuple(unparsedContentType, fc.jsonValue({ maxDepth: 2 })).map(([contentType, value]) => ({
      label: `content-type ${contentType}`,
      payload: JSON.stringify(value),
      contentType,
    })),
    fc.jsonValue({ maxDepth: 2 }).map((value) => ({
      label: 'body without content-type',
      payload: JSON.stringify(value) || '{}',
      contentType: undefined,
    })),
    fc.constantFrom(...OVERSIZED_BYTES).map((bytes) => ({
      label: `oversized body (${bytes} bytes)`,
      // Of a type the schema refuses, so a route with a larger limit still says no.
      payload: accepted?.has('string') ? `[${'1,'.repeat(bytes / 2)}1]` : JSON.stringify('x'.repeat(bytes)),
      contentType: json,
    })),
  ]
}

const encodeLoosely = (text: string) => text.replace(/[^\x21-\x7e]|[#?]/gu, (char) => encodeURIComponent(char))

/**
 * A lone surrogate cannot be sent in a URL: UTF-8 has no bytes for it. These are the bytes it would get if it
 * had (`%ED%A0%80` for U+D800), which a server must refuse or keep as plain text.
 */
const encodeSurrogate = (code: number) =>
  [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
    .map((byte) => `%${byte.toString(16).toUpperCase()}`)
    .join('')

/** encodeURIComponent, but without throwing on unpaired surrogates. */
const encodeUrlText = (text: string) =>
  [...text]
    .map((char) => (char.isWellFormed() ? encodeURIComponent(char) : encodeSurrogate(char.charCodeAt(0))))
    .join('')

/** Path segments that name nothing: garbage, broken escapes, traversal, overlong, unsafe characters. */
const badPathSegment = fc.oneof(
  fc.string({ minLength: 1, unit: 'binary' }).map(encodeURIComponent),
  fc.constantFrom('%', '%zz', '%E0%A4%A', '%00', '..', '%2e%2e', '%2F', 'a%2Fb', '%20', '%C0%AF', '-1', '0'),
  fc.integer({ min: 65, max: 2000 }).map((length) => 'x'.repeat(length)),
  fc
    .tuple(fc.constantFrom(...UNSAFE_CHARACTERS, ...LINE_BREAKS), fc.constantFrom('', 'a'))
    .map(([characters, letter]) => encodeUrlText(`${letter}${characters}${letter}`)),
)

/** Query strings that may or may not mean anything to a route: it must not fail on them. */
const chaoticQuery = fc.oneof(
  fc.string({ unit: 'binary' }).map(encodeLoosely),
  fc.constantFrom(
    '%',
    '%zz',
    'a=%E0%A4%A',
    '&&&',
    '=',
    '==',
    'a[b]=c',
    '__proto__=x',
    '__proto__[role]=admin',
    'constructor[prototype][role]=admin',
    'a=1&a=2&a=3',
    `q=${'x'.repeat(4000)}`,
  ),
)

type BadQueryValue = { label: string; value: string; mayPass: boolean }

function badQueryValues(schema: JsonSchema, resolve: Resolver): Array<fc.Arbitrary<BadQueryValue>> {
  // A query value is always a string: the bad values become their text (a JSON string loses its quotes).
  const accepted = acceptedTypes(schema, resolve)
  return badValues(schema, resolve, { asText: true })
    .map((arbitrary) =>
      arbitrary.map(({ label, json, mayPass }) => {
        const value = json.startsWith('"') ? (JSON.parse(json) as string) : json
        // An unpaired surrogate reaches the route as the literal text of its escapes, which may be fine.
        return { label, value, mayPass: mayPass === true || !value.isWellFormed() }
      }),
    )
    .concat(
      accepted?.has('number') && !accepted.has('string')
        ? [letters.map((value) => ({ label: 'not a number', value, mayPass: false }))]
        : [],
    )
}

export type TokenMode = 'none' | 'valid' | 'garbage' | 'wrong kind'

const garbageToken = fc.oneof(
  fc.string().map((token) => `Bearer ${token}`),
  fc.stringMatching(/^[A-Za-z0-9_-]{20,128}$/).map((token) => `Bearer ${token}`),
  fc.constantFrom('Bearer', 'Bearer ', 'bearer', 'Basic dXNlcjpwYXNz', `Bearer ${'A'.repeat(4096)}`, 'Token abc'),
)

/**
 * Every kind of malformed request for one operation, with each token the caller can hold. `tokens` are
 * the valid user and admin tokens (admin undefined when the server has no admin sign-in yet).
 */
export function badRequests(
  operation: Operation,
  resolve: Resolver,
  tokens: { user: string; admin: string | undefined },
): fc.Arbitrary<BadRequest> {
  const validToken = operation.auth === 'admin' ? tokens.admin : tokens.user
  const modes: TokenMode[] = ['none', 'garbage', ...(validToken ? (['valid'] as const) : []), 'wrong kind']
  type Token = { mode: TokenMode; header: string | undefined }
  const token = fc.constantFrom(...modes).chain((mode): fc.Arbitrary<Token> => {
    if (mode === 'none') return fc.constant({ mode, header: undefined })
    if (mode === 'garbage') return garbageToken.map((header) => ({ mode, header }))
    const value = mode === 'valid' ? validToken : operation.auth === 'admin' ? tokens.user : tokens.admin
    return fc.constant({ mode, header: value ? `Bearer ${value}` : undefined })
  })

  const bodyless = operation.method === 'GET' || operation.method === 'HEAD'
  const placeholders = Object.fromEntries(
    operation.pathParams.map((name) => [name, '00000000-0000-4000-8000-000000000000']),
  )
  const fillPath = (values: Record<string, string>) =>
    operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => values[name] ?? '')

  type Part = { label: string; path: string; query: string; body: BodyCase | undefined; mustReject: boolean }
  const parts: Array<fc.Arbitrary<Part>> = []
  const basePath = fillPath(placeholders)

  if (!bodyless) {
    const accepted = operation.body && acceptedTypes(operation.body, resolve)
    const bodies: Array<fc.Arbitrary<BodyCase>> = [
      ...badFraming(accepted),
      ...(operation.body
        ? badBodies(operation.body, resolve).map((arbitrary) =>
            arbitrary.map(({ label, json, mayPass }) => ({
              label,
              payload: json,
              contentType: 'application/json',
              mayPass,
            })),
          )
        : []),
      // With a typed body, sending none at all is as wrong as sending the wrong thing.
      ...(operation.body && accepted
        ? [fc.constant({ label: 'no body', payload: undefined, contentType: undefined })]
        : []),
      ...(operation.body && accepted && !accepted.has('string')
        ? [fc.string().map((payload) => ({ label: 'text/plain body', payload, contentType: 'text/plain' }))]
        : []),
    ]
    parts.push(
      fc.tuple(fc.oneof(...bodies), fc.option(chaoticQuery, { nil: '' })).map(([body, query]) => ({
        label: body.label,
        path: basePath,
        query,
        body,
        mustReject: body.mayPass !== true,
      })),
    )
  } else {
    parts.push(
      chaoticQuery.map((query) => ({
        label: 'odd query string',
        path: basePath,
        query,
        body: undefined,
        mustReject: false,
      })),
    )
  }
  if (operation.pathParams.length > 0) {
    parts.push(
      fc.tuple(fc.constantFrom(...operation.pathParams), badPathSegment).map(([name, segment]) => ({
        label: `path parameter ${name}: ${segment.slice(0, 40)}`,
        path: fillPath({ ...placeholders, [name]: segment }),
        query: '',
        body: undefined,
        mustReject: true,
      })),
    )
  }
  for (const { name, schema } of operation.queryParams) {
    const values = [
      ...badQueryValues(schema, resolve),
      ...(acceptedTypes(schema, resolve)?.has('array')
        ? []
        : [fc.constant({ label: 'repeated', value: '1', mayPass: false }).map((bad) => ({ ...bad, repeat: true }))]),
    ]
    if (values.length === 0) continue
    parts.push(
      fc.oneof(...values).map((bad) => ({
        label: `query ${name}: ${bad.label}`,
        path: basePath,
        query:
          'repeat' in bad
            ? `${encodeURIComponent(name)}=1&${encodeURIComponent(name)}=2`
            : `${encodeURIComponent(name)}=${encodeUrlText(bad.value)}`,
        body: undefined,
        mustReject: !bad.mayPass,
      })),
    )
  }

  return fc.tuple(fc.oneof(...parts), token).map(([part, { mode, header }]) => ({
    label: `${part.label} (token: ${mode})`,
    method: operation.method,
    url: `${part.path}${part.query ? `?${part.query}` : ''}`,
    headers: {
      ...(header !== undefined ? { authorization: header } : {}),
      ...(part.body?.contentType ? { 'content-type': part.body.contentType } : {}),
    },
    payload: part.body?.payload,
    // A protected route refuses anything but its own valid token before it looks at the request.
    mustReject: part.mustReject || (operation.auth !== undefined && mode !== 'valid'),
  }))
}
