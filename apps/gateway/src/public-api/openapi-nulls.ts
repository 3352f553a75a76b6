type Json = Record<string, unknown>;

/**
 * OpenAPI 3.1 schemas are JSON Schema 2020-12, where `nullable` (3.0's keyword) means nothing and
 * strict validators reject it. @nestjs/swagger still writes it for `nullable: true`, so each is
 * rewritten here: `type: T` becomes `type: [T, "null"]` (an enum also lists null), and a schema
 * without a type (a $ref) becomes `anyOf: [it, {type: "null"}]`.
 */
export function withJsonSchemaNulls<T>(node: T): T {
  if (Array.isArray(node)) return node.map((item) => withJsonSchemaNulls(item)) as T;
  if (node === null || typeof node !== 'object') return node;
  const { nullable } = node as Json;
  // Only the keyword (a boolean) goes; a property that happens to be called "nullable" stays.
  const entries = Object.entries(node as Json).filter(([key]) => key !== 'nullable' || typeof nullable !== 'boolean');
  const schema: Json = Object.fromEntries(entries.map(([key, value]) => [key, withJsonSchemaNulls(value)]));
  if (nullable !== true) return schema as T;
  if (typeof schema.type === 'string') {
    schema.type = [schema.type, 'null'];
    if (Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...schema.enum, null];
    return schema as T;
  }
  if (Array.isArray(schema.type)) {
    if (!schema.type.includes('null')) schema.type = [...schema.type, 'null'];
    return schema as T;
  }
  const { description, ...inner } = schema;
  return { ...(description !== undefined ? { description } : {}), anyOf: [inner, { type: 'null' }] } as T;
}
