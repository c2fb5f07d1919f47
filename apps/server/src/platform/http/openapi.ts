import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `nullable` means nothing without a `type` beside it (a nullable `unknown`): drop it. */
function dropUntypedNullable(node: unknown): void {
  if (Array.isArray(node)) for (const item of node) dropUntypedNullable(item);
  if (!isObject(node)) return;
  if ('nullable' in node && !('type' in node) && !('$ref' in node)) delete node.nullable;
  for (const value of Object.values(node)) dropUntypedNullable(value);
}

/**
 * The OpenAPI document as Redocly's recommended rules want it: one bearer scheme for every
 * operation (public ones opt out with `security: []`), a server, no path parameters missing from
 * their path. Alias routes that end in `/` (they exist only so a missing id gets a clear error)
 * are left out of the document.
 */
export const openapiOptions: FastifyDynamicSwaggerOptions = {
  openapi: {
    info: { title: 'Staff portal API', version: '1.0.0' },
    servers: [{ url: '/' }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    security: [{ bearer: [] }],
  },
  transform(args) {
    const out = jsonSchemaTransform(args);
    if (args.route.config?.access === 'public') (out.schema as Json).security = [];
    return out;
  },
  transformObject(args) {
    const doc = jsonSchemaTransformObject(args) as Json;
    const paths = (doc.paths ?? {}) as Record<string, Record<string, Json>>;
    for (const [url, operations] of Object.entries(paths)) {
      if (url.length > 1 && url.endsWith('/')) {
        delete paths[url];
        continue;
      }
      for (const op of Object.values(operations)) {
        if (!Array.isArray(op.parameters)) continue;
        op.parameters = op.parameters.filter(
          (param: Json) => param.in !== 'path' || url.includes(`{${String(param.name)}}`),
        );
      }
    }
    dropUntypedNullable(doc);
    return doc;
  },
};
