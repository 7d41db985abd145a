import type { FastifyError, FastifyInstance } from 'fastify';
import { ERROR_CODES, ServiceError, type ErrorCode } from '../../errors/service-error.js';

// The JSON parser refuses __proto__ and constructor.prototype keys the same way as broken JSON.
const INVALID_JSON = 'body is not valid JSON, or holds a forbidden __proto__ or constructor.prototype key';

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
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'invalid_request',
    message: () => 'body is empty but Content-Type is application/json; send a JSON object',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'invalid_request', message: () => INVALID_JSON },
};

/** Codes whose statuses have no own entry: pick the registry's code for a bare HTTP status. */
function codeForStatus(status: number): ErrorCode {
  const exact = (Object.entries(ERROR_CODES) as [ErrorCode, number][]).find(([, s]) => s === status);
  if (exact) return exact[0];
  return status >= 500 ? 'internal_error' : 'invalid_request';
}

/**
 * Makes every error an `{ error: { code, message, status } }` body: service errors, validation,
 * Fastify's parser errors, unknown routes and unexpected exceptions (500, logged with the request id,
 * no stack in the body).
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
      } else if (raw instanceof SyntaxError && fastifyError.statusCode === 400) {
        error = new ServiceError('invalid_request', INVALID_JSON, { cause: raw });
      } else if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
        error = new ServiceError(codeForStatus(fastifyError.statusCode), raw.message, { cause: raw });
      } else {
        request.log.error({ err: raw, reqId: request.id }, 'unexpected error');
        error = new ServiceError('internal_error', `internal error; quote request id ${request.id} when reporting it`, {
          cause: raw,
        });
      }
    }
    if (error.status >= 500 && raw instanceof ServiceError) request.log.error({ err: raw }, raw.message);
    return reply.code(error.status).headers(error.headers).send(error.toBody());
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const error = new ServiceError('not_found', `no route ${request.method} ${path}`);
    return reply.code(error.status).send(error.toBody());
  });
}
