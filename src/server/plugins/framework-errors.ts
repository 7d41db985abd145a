import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ServiceError } from '../../errors/service-error.js';
import { logRefusal } from '../../log/log-refusal.js';

/**
 * Longest path parameter the router matches. Far above every id (the route schemas cap ids at 100
 * and say so, naming the parameter); it only guards the router.
 */
export const MAX_PARAM_LENGTH = 1000;

/** A path as shown in messages: without its query, cut to 200 characters. */
export function shownPath(url: string): string {
  const path = url.split('?')[0]!;
  return path.length > 200 ? `${path.slice(0, 200)}… (${path.length} characters)` : path;
}

/**
 * Fastify's `frameworkErrors`: the router's refusals (bad percent-encoding, an over-long path
 * parameter) answered with the node's error body instead of Fastify's own. Both are 400
 * `invalid_request`: an id longer than its schema allows is 400 too, and says which parameter.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const path = shownPath(request.raw.url ?? '/');
  let refusal: ServiceError;
  if (error.code === 'FST_ERR_BAD_URL') {
    refusal = new ServiceError(
      'invalid_request',
      `path ${path} is not valid percent-encoding: write each reserved byte as % and two hex digits, and encode text as UTF-8`,
    );
  } else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    refusal = new ServiceError('invalid_request', `path ${path} has a segment longer than ${MAX_PARAM_LENGTH} characters; ids are at most 100`);
  } else {
    refusal = new ServiceError('internal_error', `internal error; quote request id ${request.id} when reporting it`, { cause: error });
  }
  logRefusal(request.log, refusal, error);
  void reply.code(refusal.status).header('x-request-id', request.id).send(refusal.toBody());
}

/** An error Node's HTTP parser reports on a connection (Fastify's `ConnectionError`). */
interface ConnectionError extends Error {
  code?: string;
}

function connectionRefusal(error: ConnectionError): ServiceError {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return new ServiceError('headers_too_large', `the request line and headers are larger than ${maxHeaderSize} bytes; shorten the URL or the headers`);
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ServiceError('request_timeout', 'the request was not received in time');
    case 'HPE_INVALID_CONTENT_LENGTH':
    case 'HPE_UNEXPECTED_CONTENT_LENGTH':
      return new ServiceError('invalid_request', 'Content-Length must be one whole number of bytes, and not be sent with Transfer-Encoding');
    case 'HPE_INVALID_TRANSFER_ENCODING':
      return new ServiceError('invalid_request', 'Transfer-Encoding must end in chunked, and not be sent with Content-Length');
    case 'HPE_INVALID_HEADER_TOKEN':
      return new ServiceError('invalid_request', 'a header name or value holds characters HTTP does not allow');
    case 'HPE_INVALID_METHOD':
      return new ServiceError('invalid_request', 'the request method is not an HTTP method');
    case 'HPE_INVALID_URL':
      return new ServiceError('invalid_request', 'the request target is not a valid URL path');
    default:
      return new ServiceError('invalid_request', `malformed HTTP request${error.code ? ` (${error.code})` : ''}`);
  }
}

/**
 * Fastify's `clientErrorHandler`: requests Node's HTTP parser refuses before any route sees them
 * (headers over the size limit, a Content-Length that is not a number, a method that is not one),
 * answered with the node's error body, then the connection is closed as Node does.
 */
export function clientErrorHandler(this: FastifyInstance, error: ConnectionError, socket: Socket): void {
  // Bytes after a request that said Connection: close: that request's answer is still on its way,
  // and the connection closes after it, as asked.
  if (error.code === 'ECONNRESET' || error.code === 'HPE_CLOSED_CONNECTION' || socket.destroyed) return;
  const refusal = connectionRefusal(error);
  logRefusal(this.log, refusal, error);
  if (socket.writable) {
    const body = JSON.stringify(refusal.toBody());
    socket.write(
      `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
