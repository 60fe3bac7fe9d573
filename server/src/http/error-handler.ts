import type { ApiError } from '@switchboard/contract/common';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { InvalidCursorError } from '../db/keyset-cursor.ts';
import { CONNECTION_LOST_MESSAGE, clientDataErrorMessage, isConnectionLost } from '../db/pg-errors.ts';
import { HttpError } from './http-error.ts';
import { validationSentence } from './validation-sentence.ts';

/**
 * One error shape for the whole API: `{ success: false, message, detail?, errors? }`.
 * Validation failures name each field; a 5xx never carries a stack trace.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof InvalidCursorError) {
      const { field, detail } = error;
      return reply.status(400).send(new HttpError(400, error.message, { field, detail }).toBody());
    }
    if (error instanceof HttpError) {
      if (error.options.headers) reply.headers(error.options.headers);
      return reply.status(error.statusCode).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => {
        const field = fieldName(issue.instancePath, issue.params);
        // The provider hands zod's issue over as keyword (its code), message and params (the rest).
        const sentence = validationSentence(field, {
          ...(issue.params as Record<string, unknown>),
          code: issue.keyword,
          message: issue.message,
        });
        return {
          field,
          message: sentence.startsWith(`${field}: `) ? sentence.slice(field.length + 2) : sentence,
        };
      });
      const first = errors[0];
      const body: ApiError = {
        success: false,
        message: first
          ? first.message.startsWith(first.field)
            ? first.message
            : `${first.field}: ${first.message}`
          : 'Invalid request',
        errors,
      };
      return reply.status(400).send(body);
    }
    const dataError = clientDataErrorMessage(error);
    if (dataError) return reply.status(400).send({ success: false, message: dataError } satisfies ApiError);
    if (isConnectionLost(error)) {
      request.log.warn({ code: error.code }, 'request failed: the database connection was lost');
      return reply
        .status(503)
        .header('retry-after', '1')
        .send({ success: false, message: CONNECTION_LOST_MESSAGE } satisfies ApiError);
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, unsupported media type.
      return reply.status(status).send({ success: false, message: error.message } satisfies ApiError);
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ success: false, message: 'Internal server error' } satisfies ApiError);
  });
}

function fieldName(instancePath: string, params: unknown): string {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (path) return path;
  const missing = (params as { missingProperty?: string; issue?: { path?: unknown[] } } | undefined)?.issue
    ?.path;
  return Array.isArray(missing) && missing.length ? missing.join('.') : 'body';
}

export function sendRouteNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply
    .status(404)
    .send({ success: false, message: `Route ${request.method} ${request.url} not found` });
}
