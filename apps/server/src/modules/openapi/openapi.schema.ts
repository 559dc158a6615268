import { z } from 'zod';

/** A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) as plain data. */
export type JsonSchema = Record<string, unknown>;

const DEFS = '#/$defs/';
const COMPONENTS = '#/components/schemas/';

/**
 * Converts the domain's zod schemas to JSON Schema with zod's own generator (`z.toJSONSchema`,
 * draft 2020-12) and keeps the definitions they need (recursive schemas) as components of the
 * document: a `$ref` to `#/$defs/X` becomes `#/components/schemas/X` (renamed when another
 * schema already took the name with other content).
 */
export class JsonSchemas {
  /** `components.schemas` of the document. */
  readonly components: Record<string, JsonSchema> = {};

  /** `io`: 'input' for what a client sends (defaults optional), 'output' for what it receives. */
  of(schema: unknown, io: 'input' | 'output'): JsonSchema {
    const json = z.toJSONSchema(schema as z.ZodType, {
      io,
      target: 'draft-2020-12',
      // Transforms (e.g. trimming) have no JSON form: the schema they lead to is described.
      unrepresentable: 'any',
    }) as JsonSchema;
    delete json.$schema;
    const defs = (json.$defs ?? {}) as Record<string, JsonSchema>;
    delete json.$defs;
    const names = new Map<string, string>();
    for (const [name, def] of Object.entries(defs)) names.set(name, this.place(name, def));
    const rewrite = (node: unknown): unknown => {
      if (Array.isArray(node)) return node.map(rewrite);
      if (!node || typeof node !== 'object') return node;
      const out: JsonSchema = {};
      for (const [k, v] of Object.entries(node)) {
        out[k] =
          k === '$ref' && typeof v === 'string' && v.startsWith(DEFS)
            ? COMPONENTS + (names.get(v.slice(DEFS.length)) ?? v.slice(DEFS.length))
            : rewrite(v);
      }
      return out;
    };
    for (const [name, placed] of names) this.components[placed] = rewrite(defs[name]) as JsonSchema;
    return rewrite(json) as JsonSchema;
  }

  private place(name: string, def: JsonSchema): string {
    const safe = name.replace(/[^A-Za-z0-9._-]/g, '_');
    let placed = safe;
    for (
      let i = 2;
      this.components[placed] && JSON.stringify(this.components[placed]) !== JSON.stringify(def);
      i++
    )
      placed = `${safe}_${i}`;
    this.components[placed] = def;
    return placed;
  }

  /** An example value of a schema (defaults, first enum values, bounds), for the reference page. */
  example(schema: JsonSchema, depth = 0): unknown {
    if (depth > 12) return null;
    if ('default' in schema) return schema.default;
    if ('const' in schema) return schema.const;
    if (Array.isArray(schema.enum)) return schema.enum[0];
    const ref = schema.$ref;
    if (typeof ref === 'string') {
      const target = ref.startsWith(COMPONENTS) ? this.components[ref.slice(COMPONENTS.length)] : undefined;
      return target ? this.example(target, depth + 1) : null;
    }
    const options = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
    if (options) {
      const first = options.find((o) => o.type !== 'null') ?? options[0];
      return first ? this.example(first, depth + 1) : null;
    }
    if (Array.isArray(schema.allOf))
      return Object.assign({}, ...(schema.allOf as JsonSchema[]).map((s) => this.example(s, depth + 1)));
    const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
    switch (type) {
      case 'object': {
        const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
        return Object.fromEntries(Object.entries(props).map(([k, s]) => [k, this.example(s, depth + 1)]));
      }
      case 'array': {
        const items = schema.items as JsonSchema | undefined;
        return items ? [this.example(items, depth + 1)] : [];
      }
      case 'string':
        return stringExample(schema);
      case 'integer':
      case 'number':
        return numberExample(schema, type === 'integer');
      case 'boolean':
        return true;
      case 'null':
        return null;
      default:
        return null;
    }
  }
}

function stringExample(schema: JsonSchema): string {
  if (schema.format === 'email') return 'user@example.com';
  if (schema.format === 'date-time') return '2026-01-01T00:00:00Z';
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  return 'text'.padEnd(Math.max(4, min), 'x');
}

function numberExample(schema: JsonSchema, integer: boolean): number {
  const num = (k: string) => (typeof schema[k] === 'number' ? (schema[k] as number) : undefined);
  const min =
    num('minimum') ?? (num('exclusiveMinimum') !== undefined ? num('exclusiveMinimum')! + 1 : undefined);
  const max =
    num('maximum') ?? (num('exclusiveMaximum') !== undefined ? num('exclusiveMaximum')! - 1 : undefined);
  let v = min !== undefined && min > -1e15 ? Math.max(min, 1) : 1;
  if (max !== undefined && v > max) v = max;
  return integer ? Math.round(v) : v;
}
