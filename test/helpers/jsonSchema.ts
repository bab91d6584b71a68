/**
 * Checks a value against a schema of Discord's OpenAPI description (discord/discord-api-spec,
 * OpenAPI 3.1, so JSON Schema 2020-12), as copied into test/fixtures/discordApiSpec.json: the
 * keywords that description uses (`$ref` to components.schemas, type with arrays of types,
 * properties, required, items, uniqueItems, oneOf, anyOf, allOf, const, enum, pattern, minimum,
 * maximum, minLength, maxLength, minItems, maxItems, maxProperties, additionalProperties, formats
 * int32 and int64). Keywords it does not know fail the check, so a newer copy
 * cannot pass unchecked. Returns the problems, each with its path (empty: the value fits).
 */
import { readFileSync } from 'node:fs';

type Schema = Record<string, unknown>;

export interface SpecCopy {
  readonly source: { readonly repository: string; readonly commit: string; readonly path: string };
  readonly operations: Record<
    string,
    { readonly schema?: Schema; readonly requestSchema?: Schema; readonly responses?: string[] }
  >;
  readonly components: { readonly schemas: Record<string, Schema> };
}

export function loadSpecCopy(): SpecCopy {
  return JSON.parse(readFileSync(new URL('../fixtures/discordApiSpec.json', import.meta.url), 'utf8'));
}

// `x-discord-union`: Discord's own annotation on its unions (it changes nothing the check reads).
const ANNOTATIONS = new Set([
  'title',
  'description',
  'format',
  'deprecated',
  'readOnly',
  'writeOnly',
  'x-discord-union',
]);
const KNOWN = new Set([
  ...ANNOTATIONS,
  ...['$ref', 'type', 'properties', 'required', 'items', 'uniqueItems', 'oneOf', 'anyOf', 'allOf'],
  ...['const', 'enum', 'pattern', 'minimum', 'maximum', 'minLength', 'maxLength'],
  ...['minItems', 'maxItems', 'maxProperties', 'additionalProperties'],
]);
const INT_RANGES: Record<string, [number, number]> = {
  int32: [-(2 ** 31), 2 ** 31 - 1],
  int64: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
};

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

export function schemaProblems(spec: SpecCopy, schema: Schema, value: unknown, path = '$'): string[] {
  const problems: string[] = [];
  const fits = (sub: Schema) => schemaProblems(spec, sub, value, path).length === 0;
  for (const key of Object.keys(schema))
    if (!KNOWN.has(key)) problems.push(`${path}: schema keyword ${key} is not checked here`);
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = spec.components.schemas[name];
    if (!target) return [...problems, `${path}: no schema ${schema.$ref} in the copy`];
    problems.push(...schemaProblems(spec, target, value, path));
  }
  const actual = typeOf(value);
  if (schema.type !== undefined) {
    const types = ([] as unknown[]).concat(schema.type);
    if (!types.includes(actual) && !(actual === 'integer' && types.includes('number')))
      return [...problems, `${path}: ${actual}, expected ${types.join(' or ')}`];
  }
  if (actual === 'integer' && typeof schema.format === 'string' && INT_RANGES[schema.format]) {
    const [low, high] = INT_RANGES[schema.format] as [number, number];
    if ((value as number) < low || (value as number) > high)
      problems.push(`${path}: out of ${schema.format}`);
  }
  if ('const' in schema && value !== schema.const)
    problems.push(`${path}: not ${JSON.stringify(schema.const)}`);
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) problems.push(`${path}: not in its enum`);
  if (
    typeof schema.pattern === 'string' &&
    typeof value === 'string' &&
    !new RegExp(schema.pattern, 'u').test(value)
  )
    problems.push(`${path}: ${JSON.stringify(value)} does not match ${schema.pattern}`);
  if (typeof value === 'string') {
    // In code points, as JSON Schema counts.
    const length = [...value].length;
    if (typeof schema.minLength === 'number' && length < schema.minLength)
      problems.push(`${path}: shorter than ${schema.minLength}`);
    if (typeof schema.maxLength === 'number' && length > schema.maxLength)
      problems.push(`${path}: longer than ${schema.maxLength}`);
  }
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum)
      problems.push(`${path}: below ${schema.minimum}`);
    if (typeof schema.maximum === 'number' && value > schema.maximum)
      problems.push(`${path}: above ${schema.maximum}`);
  }
  if (Array.isArray(schema.allOf))
    for (const sub of schema.allOf as Schema[]) problems.push(...schemaProblems(spec, sub, value, path));
  if (Array.isArray(schema.anyOf) && !(schema.anyOf as Schema[]).some(fits))
    problems.push(`${path}: fits none of anyOf`);
  if (Array.isArray(schema.oneOf)) {
    const matching = (schema.oneOf as Schema[]).filter(fits).length;
    if (matching !== 1) problems.push(`${path}: fits ${matching} of oneOf, expected exactly 1`);
  }
  if (actual === 'object') {
    const object = value as Record<string, unknown>;
    for (const key of (schema.required as string[] | undefined) ?? [])
      if (!(key in object)) problems.push(`${path}: required ${key} is missing`);
    const properties = (schema.properties as Record<string, Schema> | undefined) ?? {};
    for (const [key, sub] of Object.entries(properties))
      if (key in object) problems.push(...schemaProblems(spec, sub, object[key], `${path}.${key}`));
    const extra = schema.additionalProperties;
    for (const key of Object.keys(object).filter((candidate) => !(candidate in properties))) {
      if (extra === false) problems.push(`${path}: ${key} is not a property it takes`);
      else if (extra && typeof extra === 'object')
        problems.push(...schemaProblems(spec, extra as Schema, object[key], `${path}.${key}`));
    }
    if (typeof schema.maxProperties === 'number' && Object.keys(object).length > schema.maxProperties)
      problems.push(`${path}: more than ${schema.maxProperties} properties`);
  }
  if (actual === 'array') {
    const items = value as unknown[];
    if (typeof schema.minItems === 'number' && items.length < schema.minItems)
      problems.push(`${path}: fewer than ${schema.minItems} items`);
    if (typeof schema.maxItems === 'number' && items.length > schema.maxItems)
      problems.push(`${path}: more than ${schema.maxItems} items`);
    if (schema.items)
      for (const [i, item] of items.entries())
        problems.push(...schemaProblems(spec, schema.items as Schema, item, `${path}[${i}]`));
    if (
      schema.uniqueItems === true &&
      new Set(items.map((item) => JSON.stringify(item))).size !== items.length
    )
      problems.push(`${path}: items are not unique`);
  }
  return problems;
}

/**
 * The V2 message writes the local Discord recorded (its newest MESSAGE_WRITES_KEPT), each checked
 * against its operation's request schema: the problems, each named by its operation.
 */
export function v2WriteProblems(discord: {
  readonly messageWrites: readonly { readonly operation: string; readonly body: Record<string, unknown> }[];
}): string[] {
  const spec = loadSpecCopy();
  const flagged = (flags: unknown) => typeof flags === 'number' && (flags & (1 << 15)) !== 0;
  return discord.messageWrites
    .filter(
      (write) =>
        flagged(write.body.flags) || flagged((write.body.data as { flags?: unknown } | undefined)?.flags),
    )
    .flatMap((write) =>
      schemaProblems(spec, spec.operations[write.operation]?.requestSchema ?? {}, write.body).map(
        (problem) => `${write.operation}: ${problem}`,
      ),
    );
}
