import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { MEDIA_PATH, mediaDir } from './content.console';
import * as repo from './content.repository';

const NAME = /^[a-f0-9]{24}\.(jpg|mp4|webm)$/;

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` of a file of `size` bytes; null when not satisfiable. */
export function byteRange(header: string, size: number): { start: number; end: number } | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return null;
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start > end || start >= size) return null;
  return { start, end };
}

/**
 * Content media (lesson videos, posters and banner images an operator uploaded), public and
 * immutable under random names. Videos play inline: a Range request answers 206 with that part,
 * so the browser can seek without loading the whole file.
 */
export function registerContentMedia(fastify: FastifyInstance, app: AppContext): void {
  fastify.route({
    method: ['GET', 'HEAD'],
    url: `${MEDIA_PATH}/:name`,
    handler: async (request, reply) => {
      const { name } = request.params as { name: string };
      const row = NAME.test(name) ? await repo.findMedia(app.db, name) : undefined;
      const file = path.join(mediaDir(app), name);
      const stat = row ? await fs.promises.stat(file).catch(() => null) : null;
      if (!row || !stat) return reply.code(404).type('text/plain').send('Not found');
      reply
        .type(row.mime)
        .header('accept-ranges', 'bytes')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff');
      const header = request.headers.range;
      if (typeof header !== 'string') {
        reply.header('content-length', stat.size);
        return request.method === 'HEAD' ? reply.send() : reply.send(fs.createReadStream(file));
      }
      const range = byteRange(header, stat.size);
      if (!range) {
        return reply.code(416).header('content-range', `bytes */${stat.size}`).send();
      }
      reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${stat.size}`)
        .header('content-length', range.end - range.start + 1);
      return request.method === 'HEAD'
        ? reply.send()
        : reply.send(fs.createReadStream(file, { start: range.start, end: range.end }));
    },
  });
}
