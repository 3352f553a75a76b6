import path from 'node:path';

/**
 * Web features (apps/web/src/features/<name>) use each other only through the other feature's
 * public index (`features/<name>/index.ts`), never its components, hooks or api files directly,
 * so a feature can reorganise its insides without breaking another one.
 */
const FEATURES = path.resolve(import.meta.dirname, '../../apps/web/src/features');

/** The feature a file belongs to and the file's path inside it, or null outside the features. */
function featureOf(file) {
  const relative = path.relative(FEATURES, file);
  if (!relative || relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [name, ...inside] = relative.split(path.sep);
  return { name, inside: inside.join('/').replace(/\.(ts|tsx)$/, '') };
}

const publicApiOnly = {
  meta: {
    type: 'problem',
    docs: { description: "A web feature imports another feature only through that feature's index." },
    messages: {
      internal:
        "Feature '{{from}}' may not import '{{source}}' from inside feature '{{to}}': import from its public index (features/{{to}}/index.ts) instead.",
    },
    schema: [],
  },
  create(context) {
    const own = featureOf(context.filename);
    if (!own) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = featureOf(path.resolve(path.dirname(context.filename), source));
      if (!target || target.name === own.name || target.inside === '' || target.inside === 'index') return;
      context.report({ node: node.source, messageId: 'internal', data: { from: own.name, to: target.name, source } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export const webFeatures = { rules: { 'public-api-only': publicApiOnly } };
