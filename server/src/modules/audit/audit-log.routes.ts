import { auditLogEndpoints } from '@switchboard/contract/audit-log';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { route } from '../../http/endpoint-route.ts';
import { auditLogCsv, auditLogPage, type UsernameLookup } from './audit-log.service.ts';

/** Read-only: the audit log has no route that changes or deletes it (and the table refuses both). */
export const auditLogRoutes: FastifyPluginAsyncZod<{ deps: AppDeps; usernamesById: UsernameLookup }> = async (
  app,
  { deps, usernamesById },
) => {
  route(app, auditLogEndpoints.list, async (request) => ({
    success: true as const,
    data: await auditLogPage(deps.db, { usernamesById }, request.query),
  }));

  route(app, auditLogEndpoints.exportCsv, async (request) => ({
    success: true as const,
    data: {
      filename: `security-logs-${new Date().toISOString().slice(0, 10)}.csv`,
      csv: await auditLogCsv(deps.db, request.query),
    },
  }));
};
