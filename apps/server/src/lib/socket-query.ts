import { z } from 'zod';

/**
 * The fields of a browser socket's query string that pass their schema, each checked on its own.
 * A socket route reads its query itself rather than by a route schema, because a failed upgrade
 * would tell the client nothing: the socket opens and closes with a reason instead. A field that
 * is missing or fails its schema is left out, so a bad `page` costs the page, not the token.
 */
export function socketQuery<S extends z.ZodRawShape>(
  schema: z.ZodObject<S>,
  query: unknown,
): Partial<z.output<z.ZodObject<S>>> {
  const given = new Map<string, unknown>(
    typeof query === 'object' && query !== null ? Object.entries(query) : [],
  );
  const fields: Partial<Record<keyof S, unknown>> = {};
  for (const key of Object.keys(schema.shape) as (keyof S & string)[]) {
    const parsed = z.safeParse(schema.shape[key]!, given.get(key));
    if (parsed.success && parsed.data !== undefined) fields[key] = parsed.data;
  }
  return fields as Partial<z.output<z.ZodObject<S>>>;
}
