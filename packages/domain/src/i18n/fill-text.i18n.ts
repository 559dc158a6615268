/** `{{name}}` placeholders, as i18next writes them, so one catalogue syntax serves web and server. */
const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

export type TextParams = Readonly<Record<string, string | number>>;

/**
 * A catalogue text with its `{{name}}` placeholders replaced, in one pass: a value that itself
 * contains `{{…}}` (a device or rule name typed by a user) is never expanded again. A placeholder
 * without a param stays as written, so a missing param shows instead of vanishing.
 */
export function fillText(template: string, params: TextParams): string {
  return template.replace(PLACEHOLDER, (whole, key: string) =>
    Object.hasOwn(params, key) ? String(params[key]) : whole,
  );
}

/** The distinct placeholder names of a text, sorted (for tests comparing languages). */
export function textPlaceholders(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? ''))].sort();
}
