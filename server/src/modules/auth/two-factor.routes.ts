import {
  TWO_FACTOR_MESSAGES,
  twoFactorAuthEndpoints,
  twoFactorEndpoints,
} from '@switchboard/contract/two-factor';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps, CodeSender } from '../../app-deps.ts';
import { requireAdmin } from '../../http/auth-guard.ts';
import { route } from '../../http/endpoint-route.ts';
import { requestContext } from '../../http/request-context.ts';
import { createCodeSender } from './code-sender.ts';
import { requestOneTimeCode } from './one-time-code.service.ts';
import { verifyOtp } from './second-step.service.ts';
import {
  confirmTotpEnrolment,
  disableTwoFactor,
  regenerateRecoveryCodes,
  resetTwoFactor,
  startTotpEnrolment,
  twoFactorStatus,
} from './two-factor.service.ts';

/** Codes a calling app may ask for per address and minute (each one may be an e-mail or an SMS). */
const CODE_REQUESTS_PER_MINUTE = 10;

export const twoFactorRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const configured = createCodeSender(deps.config, app.log);
  // Read per code, so a test can put its own sender in deps after the app is built.
  const sender: CodeSender = {
    send: (message) => (deps.codeSender ?? configured).send(message),
    get demoShowsCode() {
      return (deps.codeSender ?? configured).demoShowsCode === true;
    },
  };

  route(app, twoFactorAuthEndpoints.verifyOtp, async (request) =>
    verifyOtp(deps.db, deps, request.body, requestContext(request)),
  );
  route(
    app,
    twoFactorAuthEndpoints.requestOtp,
    async (request) =>
      requestOneTimeCode(deps.db, deps, sender, request.log, request.body.username, requestContext(request)),
    { config: { appFacing: true, rateLimit: { max: CODE_REQUESTS_PER_MINUTE, timeWindow: 60_000 } } },
  );

  route(app, twoFactorEndpoints.status, async (request) => ({
    success: true as const,
    data: await twoFactorStatus(deps.db, requireAdmin(request)),
  }));
  route(app, twoFactorEndpoints.start, async (request) => ({
    success: true as const,
    data: await startTotpEnrolment(deps.db, deps, requireAdmin(request)),
  }));
  route(app, twoFactorEndpoints.confirm, async (request) => ({
    success: true as const,
    data: {
      recovery_codes: await confirmTotpEnrolment(
        deps.db,
        deps,
        requireAdmin(request),
        request.body.code,
        requestContext(request),
      ),
    },
  }));
  route(app, twoFactorEndpoints.regenerateCodes, async (request) => ({
    success: true as const,
    data: {
      recovery_codes: await regenerateRecoveryCodes(
        deps.db,
        requireAdmin(request),
        request.body.password,
        requestContext(request),
      ),
    },
  }));
  route(app, twoFactorEndpoints.disable, async (request) => {
    await disableTwoFactor(deps.db, requireAdmin(request), request.body.password, requestContext(request));
    return { success: true as const, message: TWO_FACTOR_MESSAGES.disabled };
  });
  route(app, twoFactorEndpoints.reset, async (request) => {
    await resetTwoFactor(deps.db, requireAdmin(request), request.params.id, requestContext(request));
    return { success: true as const, message: TWO_FACTOR_MESSAGES.reset };
  });
};
