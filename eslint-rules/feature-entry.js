import path from 'node:path';

/**
 * Web features reach each other through a public entry: a file in `features/<a>/` may import
 * another feature `<b>` only as `features/<b>/index.ts` (static, dynamic and re-exports alike).
 * The specifier is resolved against the importing file, so `../b/x.ts` and
 * `../../features/b/x.ts` are both caught.
 */
const FEATURES = `${path.sep}src${path.sep}features${path.sep}`;

/** The feature a path lies in and the rest of its path, or undefined outside `src/features/`. */
function featureOf(file) {
  const at = file.lastIndexOf(FEATURES);
  if (at < 0) return undefined;
  const [name, ...rest] = file.slice(at + FEATURES.length).split(path.sep);
  return name && rest.length > 0 ? { name, rest: rest.join('/') } : undefined;
}

export const featureEntry = {
  meta: {
    type: 'problem',
    docs: { description: 'a web feature imports another feature only through its index.ts' },
    messages: {
      deep: "Import feature '{{target}}' through '{{entry}}' (its public entry), not '{{source}}': export what you need there.",
      stylesheet:
        "Do not import feature '{{target}}'s stylesheet '{{source}}': the component of '{{target}}' that needs it imports it.",
    },
    schema: [],
  },
  create(context) {
    const file = context.physicalFilename ?? context.filename;
    const from = featureOf(file);
    if (!from) return {};
    const check = (node) => {
      const source = node?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = featureOf(path.resolve(path.dirname(file), source));
      if (!target || target.name === from.name || target.rest === 'index.ts') return;
      const entry = path.relative(
        path.dirname(file),
        file.slice(0, file.lastIndexOf(FEATURES) + FEATURES.length),
      );
      context.report({
        node,
        messageId: source.endsWith('.css') ? 'stylesheet' : 'deep',
        data: {
          target: target.name,
          source,
          entry: `${entry.split(path.sep).join('/')}/${target.name}/index.ts`,
        },
      });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
