import fs from 'node:fs';
import path from 'node:path';

/**
 * Web features do not import each other in a loop: if feature `a` imports feature `b`, then `b`
 * (directly or through other features) does not import `a`. The rule builds the feature-level
 * graph of `src/features/` (every import, re-export and dynamic import of a non-test file,
 * type-only imports too) and reports the import of the linted file that closes a loop, naming it.
 * The graph is read from disk once per lint run; the linted file's own imports come from its AST.
 * Tests (`*.test.*`, `*-test-*.*`) are left out: nothing imports them.
 */
const FEATURES = `${path.sep}src${path.sep}features${path.sep}`;
const SOURCE = /\.(?:ts|tsx|js|jsx)$/;
const TEST = /\.test\.[jt]sx?$|-test-[\w-]+\.[jt]sx?$/;
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

/** The features folder a path lies in, its feature and whether it is inside one. */
function locate(file) {
  const at = file.lastIndexOf(FEATURES);
  if (at < 0) return undefined;
  const root = file.slice(0, at + FEATURES.length);
  const [name, ...rest] = file.slice(root.length).split(path.sep);
  return name && rest.length > 0 ? { root, name } : undefined;
}

/** The feature a relative specifier of `file` reaches, if another feature under the same root. */
function targetOf(file, specifier, root) {
  if (!specifier.startsWith('.')) return undefined;
  const to = locate(path.resolve(path.dirname(file), specifier));
  return to && to.root === root ? to.name : undefined;
}

function walk(dir, out) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (SOURCE.test(entry.name) && !TEST.test(entry.name)) out.push(full);
  }
  return out;
}

/** feature -> Map(target feature -> first file that imports it), read from disk. */
function readGraph(root) {
  const graph = new Map();
  for (const feature of fs.readdirSync(root, { withFileTypes: true })) {
    if (!feature.isDirectory()) continue;
    const edges = new Map();
    graph.set(feature.name, edges);
    for (const file of walk(path.join(root, feature.name), [])) {
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(SPECIFIER)) {
        const to = targetOf(file, m[1], root);
        if (to && to !== feature.name && !edges.has(to)) edges.set(to, path.relative(root, file));
      }
    }
  }
  return graph;
}

const graphs = new Map();
function graphOf(root) {
  let graph = graphs.get(root);
  if (!graph) graphs.set(root, (graph = readGraph(root)));
  return graph;
}

/** A shortest path of features from `from` to `to` in the graph, or undefined. */
export function pathBetween(graph, from, to) {
  const before = new Map([[from, undefined]]);
  const queue = [from];
  while (queue.length > 0) {
    const at = queue.shift();
    if (at === to) {
      const names = [];
      for (let n = to; n !== undefined; n = before.get(n)) names.unshift(n);
      return names;
    }
    for (const next of graph.get(at)?.keys() ?? []) {
      if (!before.has(next)) {
        before.set(next, at);
        queue.push(next);
      }
    }
  }
  return undefined;
}

export const featureCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'web features do not import each other in a loop' },
    messages: {
      loop: "Feature '{{from}}' imports '{{to}}', which already reaches '{{from}}' ({{loop}}): move the shared piece into shared/ or into the one feature that owns it.",
    },
    schema: [],
  },
  create(context) {
    const file = context.physicalFilename ?? context.filename;
    if (TEST.test(file)) return {};
    const here = locate(file);
    if (!here) return {};
    const graph = graphOf(here.root);
    const check = (node) => {
      const source = node?.value;
      if (typeof source !== 'string') return;
      const to = targetOf(file, source, here.root);
      if (!to || to === here.name) return;
      // The way back from the imported feature (read from disk) closes the loop.
      const back = pathBetween(graph, to, here.name);
      if (!back) return;
      context.report({
        node,
        messageId: 'loop',
        data: { from: here.name, to, loop: [here.name, ...back].join(' → ') },
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
