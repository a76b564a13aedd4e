import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { openApiDocument } from './openapi';

export const OPENAPI_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';

/**
 * The reference page: Swagger UI (swagger-ui-dist, served from this server, so the pages' CSP
 * `script-src 'self'` holds: no inline script, the start-up lives in init.js) reading the
 * document of OPENAPI_PATH.
 */
const DOCS_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Tidemark API reference</title>
    <link rel="stylesheet" href="${API_DOCS_PATH}/swagger-ui.css" />
  </head>
  <body>
    <div id="reference"></div>
    <script src="${API_DOCS_PATH}/swagger-ui-bundle.js"></script>
    <script src="${API_DOCS_PATH}/init.js"></script>
  </body>
</html>
`;

const INIT_SCRIPT = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(OPENAPI_PATH)},
  dom_id: '#reference',
  deepLinking: true,
  docExpansion: 'none',
  defaultModelsExpandDepth: 0,
});
`;

/** The directory of swagger-ui-dist's built files (a runtime dependency of the server). */
function swaggerUiDir(): string {
  const require = createRequire(import.meta.url);
  return path.dirname(require.resolve('swagger-ui-dist/package.json'));
}

/**
 * GET /api/openapi.json (the OpenAPI 3.1 document of every trader and console call, built from the
 * contract once, on first request) and GET /api/docs (its rendered reference).
 */
export async function registerApiDocs(fastify: FastifyInstance, version: string): Promise<void> {
  let document: string | null = null;
  fastify.get(OPENAPI_PATH, async (_request, reply) => {
    document ??= JSON.stringify(openApiDocument(version));
    return reply.type('application/json; charset=utf-8').send(document);
  });
  fastify.get(API_DOCS_PATH, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(DOCS_PAGE),
  );
  fastify.get(`${API_DOCS_PATH}/init.js`, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(INIT_SCRIPT),
  );
  const dir = swaggerUiDir();
  if (!fs.existsSync(path.join(dir, 'swagger-ui-bundle.js')))
    throw new Error(`${dir}: swagger-ui-dist has no swagger-ui-bundle.js`);
  await fastify.register(fastifyStatic, {
    root: dir,
    prefix: `${API_DOCS_PATH}/`,
    decorateReply: false,
    index: false,
    allowedPath: (pathName) => /^\/(swagger-ui\.css|swagger-ui-bundle\.js)$/.test(pathName),
  });
}
