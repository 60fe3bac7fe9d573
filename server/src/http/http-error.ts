import type { ApiError } from '@switchboard/contract/common';

/** A failure the client can act on: a status, a message, and the field at fault when there is one. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly options: { field?: string; detail?: string; headers?: Record<string, string> } = {},
  ) {
    super(message);
  }

  toBody(): ApiError {
    const { field, detail } = this.options;
    return {
      success: false,
      message: this.message,
      ...(detail ? { detail } : {}),
      ...(field ? { errors: [{ field, message: this.message }] } : {}),
    };
  }
}

export const badRequest = (message: string, field?: string) => new HttpError(400, message, { field });
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string, field?: string) => new HttpError(409, message, { field });
export const forbidden = (message: string) => new HttpError(403, message);
export const unauthorized = (message: string) => new HttpError(401, message);
