import type { FastifyBaseLogger } from 'fastify';
import type { CodeSender, OneTimeCodeMessage } from '../../app-deps.ts';
import type { Config } from '../../config.ts';

const WEBHOOK_TIMEOUT_MS = 5_000;

/**
 * How one-time codes leave the server. With `OTP_WEBHOOK_URL` they are POSTed to the operator's
 * gateway; otherwise they are written to the server log, and only while demo data is on (a demo has no
 * gateway), and given in the request's answer as `demo_code` for the demo softphone. With neither, the
 * code is not delivered and the log says so, without the code.
 */
export function createCodeSender(
  config: Pick<Config, 'otpWebhookUrl' | 'demoData'>,
  log: FastifyBaseLogger,
): CodeSender {
  if (config.otpWebhookUrl) return webhookSender(config.otpWebhookUrl, log);
  if (config.demoData) {
    return {
      demoShowsCode: true,
      async send(message) {
        log.info(
          { user_id: message.userId, username: message.username, code: message.code },
          'One-time sign-in code (demo data is on, so codes are logged instead of sent)',
        );
      },
    };
  }
  return {
    async send(message) {
      log.warn(
        { user_id: message.userId },
        'One-time sign-in code not delivered: OTP_WEBHOOK_URL is not set',
      );
    },
  };
}

/** The URL may hold the gateway's key (in its path or query): it is never logged, nor its answer's body. */
function webhookSender(url: string, log: FastifyBaseLogger): CodeSender {
  return {
    async send(message: OneTimeCodeMessage) {
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            type: 'one_time_code',
            user_id: message.userId,
            username: message.username,
            email: message.email,
            code: message.code,
            expires_in: message.expiresInSeconds,
            text: `Your Switchboard sign-in code is ${message.code}. It expires in ${Math.round(message.expiresInSeconds / 60)} minutes.`,
          }),
          signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
        });
        if (!res.ok)
          log.warn({ user_id: message.userId, status: res.status }, 'OTP webhook refused the code');
      } catch (err) {
        log.warn(
          { user_id: message.userId, reason: err instanceof Error ? err.name : 'unknown' },
          'OTP webhook could not be reached',
        );
      }
    },
  };
}
