import {
  CONSOLE_API_PREFIX,
  listCalls,
  listConsoleCalls,
  type AnySchema,
  type CallDef,
  type ConsoleCallDef,
} from '@tidemark/contract';
import * as z from 'zod/mini';

/**
 * The OpenAPI 3.1 document of the whole API, generated from the contract (the very call list the
 * server registers its routes from), so it cannot leave a call out or describe one the server
 * does not answer. Schemas come from zod's own JSON Schema output (draft 2020-12, the dialect of
 * OpenAPI 3.1's schemas): inputs as a client sends them, outputs as the server answers them.
 */

type JsonSchema = Record<string, unknown>;

interface Operation {
  operationId: string;
  summary: string;
  tags: string[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
  security?: Record<string, string[]>[];
}

/** A schema as JSON Schema; what JSON cannot express (a file's bytes) becomes "any value". */
function jsonSchema(schema: AnySchema, io: 'input' | 'output'): JsonSchema {
  const { $schema: _draft, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as JsonSchema;
  return rest;
}

/** `/api/options/settlements/:seq` as OpenAPI writes it: `/api/options/settlements/{seq}`. */
function openApiPath(path: string): string {
  return path.replace(/:(\w+)/g, '{$1}');
}

function pathNames(path: string): string[] {
  return [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
}

/** The answer every call gives: the envelope, its `data` the call's output. */
function envelope(data: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['status', 'cnMsg', 'enMsg', 'data'],
    properties: {
      status: {
        description:
          '1 on success; otherwise a string: "401" not signed in, "402" stale newsign, or the business status of a refusal',
        oneOf: [{ const: 1 }, { type: 'string' }],
      },
      cnMsg: { type: 'string', description: 'The message in Simplified Chinese' },
      enMsg: { type: 'string', description: 'The message in English' },
      code: {
        type: 'string',
        description: 'The message catalogue key (every language pack has it)',
      },
      params: { type: 'object', description: 'Values the message text needs' },
      data,
    },
  };
}

/** GET inputs as query (and path) parameters, one per property of the input object. */
function parameters(input: JsonSchema, path: string, inQuery: boolean): unknown[] {
  const properties = (input.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((input.required ?? []) as string[]);
  const inPath = new Set(pathNames(path));
  return Object.entries(properties)
    .filter(([name]) => inQuery || inPath.has(name))
    .map(([name, schema]) => ({
      name,
      in: inPath.has(name) ? 'path' : 'query',
      required: inPath.has(name) || required.has(name),
      schema,
    }));
}

/** The body of a POST: its input without the fields that travel in the path. */
function bodySchema(input: JsonSchema, path: string): JsonSchema {
  const inPath = new Set(pathNames(path));
  if (inPath.size === 0) return input;
  const properties = Object.fromEntries(
    Object.entries((input.properties ?? {}) as Record<string, unknown>).filter(
      ([name]) => !inPath.has(name),
    ),
  );
  const required = ((input.required ?? []) as string[]).filter((name) => !inPath.has(name));
  return { ...input, properties, required };
}

/** A path as words for an operation id: "/api/options/settlements/:seq" -> "ApiOptionsSettlementsSeq". */
function pathWords(path: string): string {
  return path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c?: string) => (c ? c.toUpperCase() : ''));
}

/** A call's answer: raw bytes of its media type, or the envelope around its output. */
function answer(produces: string | undefined, output: JsonSchema): unknown {
  return produces
    ? { description: 'The raw bytes', content: { [produces]: {} } }
    : {
        description: 'The envelope; a refusal answers it too, with its status and texts',
        content: { 'application/json': { schema: envelope(output) } },
      };
}

const IDEMPOTENCY_KEY = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'One key per user action: a retry with the same key answers the first result instead of moving money twice',
  schema: { type: 'string', maxLength: 100 },
};

function traderOperation(call: CallDef): Operation {
  const input = jsonSchema(call.input, 'input');
  const output = jsonSchema(call.output, 'output');
  const get = call.method === 'GET';
  const params = parameters(input, call.path, get);
  if (call.idempotent) params.push(IDEMPOTENCY_KEY);
  const bodyType = call.multipart ? 'multipart/form-data' : 'application/x-www-form-urlencoded';
  return {
    operationId: `${call.method.toLowerCase()}${pathWords(call.path)}`,
    summary: call.summary,
    tags: [call.area],
    ...(params.length ? { parameters: params } : {}),
    ...(get
      ? {}
      : {
          requestBody: {
            required: true,
            content: {
              [bodyType]: { schema: bodySchema(input, call.path) },
              ...(call.multipart
                ? {}
                : { 'application/json': { schema: bodySchema(input, call.path) } }),
            },
          },
        }),
    responses: { '200': answer(call.produces, output) },
    security:
      call.auth === 'user'
        ? [{ newsign: [], appToken: [] }]
        : call.auth === 'optional'
          ? [{ newsign: [] }, { newsign: [], appToken: [] }]
          : [{ newsign: [] }],
  };
}

function consoleOperation(call: ConsoleCallDef): Operation {
  const input = jsonSchema(call.input, 'input');
  const output = jsonSchema(call.output, 'output');
  const get = call.method === 'GET';
  const path = `${CONSOLE_API_PREFIX}${call.path}`;
  const params = parameters(input, path, get);
  return {
    operationId: `console${call.method}${pathWords(call.path)}`,
    summary:
      call.roles === 'public'
        ? call.summary
        : `${call.summary} (roles: ${['admin', ...call.roles.filter((r) => r !== 'admin')].join(', ')}${call.audited ? '; audited' : ''})`,
    tags: ['console'],
    ...(params.length ? { parameters: params } : {}),
    ...(get
      ? {}
      : {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: bodySchema(input, path) } },
          },
        }),
    responses: { '200': answer(call.produces, output) },
    ...(call.roles === 'public' ? {} : { security: [{ operatorBearer: [] }] }),
  };
}

function addOperation(
  paths: Record<string, Record<string, Operation>>,
  path: string,
  method: string,
  operation: Operation,
): void {
  const key = openApiPath(path);
  paths[key] ??= {};
  paths[key][method.toLowerCase()] = operation;
}

/** The document, built from every trader call and every console call of the contract. */
export function openApiDocument(version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const call of listCalls())
    addOperation(paths, call.path, call.method, traderOperation(call));
  for (const call of listConsoleCalls())
    addOperation(paths, `${CONSOLE_API_PREFIX}${call.path}`, call.method, consoleOperation(call));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Tidemark API',
      version,
      description:
        'The trader calls (form-encoded or JSON bodies, signed with a fresh newsign header, appToken for a signed-in trader) and the operator console calls under /console/api (JSON, Bearer token). Every answer is the envelope {status, cnMsg, enMsg, data}; money amounts are decimal strings with up to 8 places. Generated from the contract the server registers its routes from.',
    },
    components: {
      securitySchemes: {
        newsign: {
          type: 'apiKey',
          in: 'header',
          name: 'newsign',
          description: 'The request signature of the current time (docs/api.md)',
        },
        appToken: { type: 'apiKey', in: 'header', name: 'appToken' },
        operatorBearer: { type: 'http', scheme: 'bearer' },
      },
    },
    paths,
  };
}
