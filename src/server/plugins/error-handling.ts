import type { FastifyError, FastifyInstance } from 'fastify';
import { ERROR_CODES, ServiceError, type ErrorCode } from '../../errors/service-error.js';
import { isOutOfSpace } from '../../storage/disk-space.js';
import { logRefusal } from '../../log/log-refusal.js';
import { shownPath } from './framework-errors.js';

/** Fastify's own error codes, and how the node answers each. */
const FASTIFY_ERRORS: Record<string, { code: ErrorCode; message: (error: FastifyError, bodyLimit: number) => string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'unsupported_media_type',
    message: () => 'Content-Type must be application/json',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'invalid_request',
    message: () => 'Content-Length does not match the body',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: 'payload_too_large',
    message: (_error, bodyLimit) => `request body is larger than the limit of ${bodyLimit} bytes`,
  },
};

/** Codes whose statuses have no own entry: pick the registry's code for a bare HTTP status. */
function codeForStatus(status: number): ErrorCode {
  const exact = (Object.entries(ERROR_CODES) as [ErrorCode, number][]).find(([, s]) => s === status);
  if (exact) return exact[0];
  return status >= 500 ? 'internal_error' : 'invalid_request';
}

/**
 * Makes every error an `{ error: { code, message, status } }` body: service errors, validation,
 * Fastify's parser errors, unknown routes and methods, and unexpected exceptions (500, no stack in
 * the body). Each is logged once: client errors at info (401 and 403 at warn) without a stack,
 * server faults at error with it.
 */
export function errorHandlingPlugin(app: FastifyInstance, options: { bodyLimit: number }): void {
  app.setErrorHandler((raw: FastifyError | ServiceError | Error, request, reply) => {
    let error: ServiceError;
    if (raw instanceof ServiceError) {
      error = raw;
    } else {
      const fastifyError = raw as FastifyError;
      const known = fastifyError.code ? FASTIFY_ERRORS[fastifyError.code] : undefined;
      if (known) {
        error = new ServiceError(known.code, known.message(fastifyError, options.bodyLimit), { cause: raw });
      } else if (isOutOfSpace(raw)) {
        error = new ServiceError('storage_full', 'the node\'s disk is full, so this request could not be saved; try again once space is freed (GET /v1/health says when)', { cause: raw });
      } else if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
        error = new ServiceError(codeForStatus(fastifyError.statusCode), raw.message, { cause: raw });
      } else {
        error = new ServiceError('internal_error', `internal error; quote request id ${request.id} when reporting it`, {
          cause: raw,
        });
      }
    }
    logRefusal(request.log, error, raw);
    return reply.code(error.status).headers(error.headers).send(error.toBody());
  });

  app.setNotFoundHandler((request, reply) => {
    // Fastify routes only the methods it knows; any other (PROPFIND, LOCK, ...) ends here.
    const error = app.supportedMethods.includes(request.method)
      ? new ServiceError('not_found', `no route ${request.method} ${shownPath(request.url)}`)
      : new ServiceError('invalid_request', `the ${request.method} method is not one this node answers; use GET, POST or DELETE as the API documents`);
    logRefusal(request.log, error);
    return reply.code(error.status).send(error.toBody());
  });
}
