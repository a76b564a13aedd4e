import { errorMessages } from '@tidemark/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { DomainError } from './domain-error';
import { isMalformedBody } from './early-refusals';
import { errorEnvelope } from './envelope';

/** Fastify's own refusals of a malformed request, as catalogue keys and HTTP statuses. */
const REQUEST_ERRORS: Record<
  string,
  [key: 'bodyTooLarge' | 'unsupportedContentType' | 'invalidInput', http: number]
> = {
  FST_ERR_CTP_BODY_TOO_LARGE: ['bodyTooLarge', 413],
  FST_REQ_FILE_TOO_LARGE: ['bodyTooLarge', 413],
  FST_FILES_LIMIT: ['bodyTooLarge', 413],
  FST_FIELDS_LIMIT: ['bodyTooLarge', 413],
  FST_PARTS_LIMIT: ['bodyTooLarge', 413],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['unsupportedContentType', 415],
  FST_INVALID_MULTIPART_CONTENT_TYPE: ['unsupportedContentType', 415],
};

/**
 * One error handler: a rule's refusal is an envelope; a malformed request is an envelope with the
 * fitting 4xx; anything else is a real fault, logged with the request id and answered as the
 * spec's "StatusCode 500" without details.
 */
export function installErrorHandlers(fastify: FastifyInstance): void {
  fastify.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      const { data, retryAfter } = error.extras;
      if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
      return reply.code(error.httpStatus).send(errorEnvelope(error.key, error.params, data));
    }
    const known = error.code ? REQUEST_ERRORS[error.code] : undefined;
    if (known) return reply.code(known[1]).send(errorEnvelope(known[0]));
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ code: error.code, message: error.message }, 'request refused');
      return reply.code(error.statusCode).send(errorEnvelope('invalidInput'));
    }
    if (isMalformedBody(request)) {
      request.log.info({ message: error.message }, 'malformed multipart body');
      return reply.code(400).send(errorEnvelope('malformedRequest'));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({
      status: '500',
      ...errorMessages('statusCode500'),
      data: null,
      code: 'statusCode500',
      requestId: request.id,
    });
  });

  fastify.setNotFoundHandler((request, reply) => {
    // A browser asking for a page outside the hash router lands on the app's home.
    if (request.method === 'GET' && request.headers.accept?.includes('text/html')) {
      return reply.redirect('/');
    }
    return reply.code(404).send(errorEnvelope('notFound'));
  });
}
