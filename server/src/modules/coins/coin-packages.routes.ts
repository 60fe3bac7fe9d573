import { coinPackageEndpoints } from '@switchboard/contract/coin-packages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { requireAccount, requireAdmin } from '../../http/auth-guard.ts';
import { route } from '../../http/endpoint-route.ts';
import { requestContext } from '../../http/request-context.ts';
import {
  createPackage,
  listPackages,
  ownBalance,
  ownTransactions,
  updatePackage,
} from './coin-packages.service.ts';

/** The signed-in account's coins and the packages it can buy; the packages' editing for admins. */
export const coinPackagesRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;

  route(app, coinPackageEndpoints.balance, async (request) => ({
    success: true as const,
    data: await ownBalance(db, requireAccount(request).id),
  }));

  route(app, coinPackageEndpoints.transactions, async (request) => ({
    success: true as const,
    data: await ownTransactions(db, requireAccount(request).id, request.query),
  }));

  route(app, coinPackageEndpoints.packages, async () => ({
    success: true as const,
    data: { packages: await listPackages(db, true) },
  }));

  route(app, coinPackageEndpoints.adminList, async () => ({
    success: true as const,
    data: { packages: await listPackages(db, false) },
  }));

  route(app, coinPackageEndpoints.create, async (request) => ({
    success: true as const,
    data: await createPackage(db, requireAdmin(request), request.body, requestContext(request)),
  }));

  route(app, coinPackageEndpoints.update, async (request) => ({
    success: true as const,
    data: await updatePackage(
      db,
      requireAdmin(request),
      request.params.id,
      request.body,
      requestContext(request),
    ),
  }));
};
