import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { ApiResponse } from './public-api-fixtures';

type Json = Record<string, unknown>;
interface Header {
  $ref?: string;
  required?: boolean;
  schema?: { type?: string };
}
interface Response {
  headers?: Record<string, Header>;
  content?: Record<string, { schema: Json }>;
}
export interface Operation {
  operationId: string;
  security?: unknown[];
  requestBody?: unknown;
  parameters?: { name: string; in: string }[];
  responses: Record<string, Response>;
}
export interface OpenApiDocument {
  openapi: string;
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Json>; headers?: Record<string, Header>; securitySchemes?: Record<string, Json> };
}

/** References into the document, as references into the one schema that holds its component schemas. */
function rebased<T>(schema: T): T {
  return JSON.parse(JSON.stringify(schema).replace(/"#\/components\/schemas\//g, '"openapi#/$defs/')) as T;
}

/**
 * Real answers checked against the OpenAPI document as a strict OpenAPI 3.1 tool would: its
 * schemas are JSON Schema 2020-12 compiled by Ajv in strict mode (an unknown keyword such as 3.0's
 * `nullable` is an error; only the OpenAPI 3.1 dialect's own four are added), every answer's
 * status and media type must be declared, and every header it declares as required must be sent.
 */
export class OpenApiContract {
  private readonly ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(readonly document: OpenApiDocument) {
    addFormats(this.ajv);
    // Ajv knows OpenAPI 3.0's `nullable` (and lets null through): JSON Schema 2020-12 does not.
    this.ajv.removeKeyword('nullable');
    // The OpenAPI 3.1 base vocabulary: what its dialect adds to JSON Schema 2020-12, nothing more.
    this.ajv.addVocabulary(['discriminator', 'xml', 'externalDocs', 'example']);
    this.ajv.addSchema(rebased({ $id: 'openapi', $defs: document.components.schemas }));
    // Compiled now, so a schema strict mode refuses fails here whether or not a test meets it.
    for (const name of Object.keys(document.components.schemas)) this.schema(name);
  }

  schema(name: string): ValidateFunction {
    const validate = this.ajv.getSchema(`openapi#/$defs/${name}`);
    if (!validate) throw new Error(`no schema ${name}`);
    return validate;
  }

  /** The /api/v1 operations that need a key, with their method and path template. */
  operations(): { method: string; template: string; operation: Operation }[] {
    return Object.entries(this.document.paths).flatMap(([template, item]) =>
      Object.entries(item)
        .filter(([, operation]) => operation.security)
        .map(([method, operation]) => ({ method: method.toUpperCase(), template, operation })),
    );
  }

  /** What in a real answer the document does not describe; empty when it fits. */
  problems(method: string, template: string, res: ApiResponse): string[] {
    const operation = this.document.paths[template]?.[method.toLowerCase()];
    if (!operation) return [`${method} ${template} is not in the document`];
    const response = operation.responses[String(res.status)];
    if (!response) return [`${res.status} is not a declared answer`];
    const problems: string[] = [];
    for (const [name, declared] of Object.entries(response.headers ?? {})) {
      const header = declared.$ref ? this.document.components.headers?.[declared.$ref.split('/').pop() as string] : declared;
      const value = res.headers.get(name);
      if (value === null) {
        if (header?.required) problems.push(`header ${name} is missing`);
      } else if (header?.schema?.type === 'integer' && !/^\d+$/.test(value)) {
        problems.push(`header ${name} is not an integer: ${value}`);
      }
    }
    if (!response.content) {
      if (res.text !== '') problems.push(`a body was sent where none is declared: ${res.text.slice(0, 80)}`);
      return problems;
    }
    const mediaType = (res.headers.get('content-type') ?? '').split(';')[0];
    const content = response.content[mediaType];
    if (!content) return [...problems, `${mediaType} is not a declared media type`];
    if (mediaType !== 'application/json' && !mediaType.endsWith('+json')) return problems;
    const key = `${method} ${template} ${res.status} ${mediaType}`;
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile(rebased(content.schema));
      this.compiled.set(key, validate);
    }
    if (!validate(res.json)) problems.push(...(validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`));
    return problems;
  }

  /** For `expect(...).toEqual(fits(...))`: the route and status beside what does not fit, so a failure names them. */
  check(method: string, template: string, res: ApiResponse): { route: string; problems: string[] } {
    return { route: `${method} ${template} ${res.status}`, problems: this.problems(method, template, res) };
  }
}

/** The value expected of `contract.check(...)`. */
export function fits(method: string, template: string, res: ApiResponse): { route: string; problems: string[] } {
  return { route: `${method} ${template} ${res.status}`, problems: [] };
}
