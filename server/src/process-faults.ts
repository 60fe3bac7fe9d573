/**
 * The last resort for a promise that rejects with nobody to handle it (a library's fire-and-forget
 * call failing during an outage): Node would end the process. One feature failing must not take the
 * server down, so the rejection is logged loudly and counted (switchboard_unhandled_rejections_total)
 * and the process carries on.
 */
let unhandled = 0;

export const unhandledRejections = (): number => unhandled;

export function keepRunningOnUnhandledRejections(log: (details: object, message: string) => void): void {
  process.on('unhandledRejection', (reason) => {
    unhandled++;
    // Name, code and message only: an error object can carry a client and its connection settings.
    const error =
      reason instanceof Error
        ? {
            name: reason.name,
            code: (reason as { code?: unknown }).code,
            message: reason.message,
            stack: reason.stack,
          }
        : { value: String(reason) };
    log(
      { error, total: unhandled },
      'UNHANDLED PROMISE REJECTION: a failure nothing handled; the server keeps running',
    );
  });
}
