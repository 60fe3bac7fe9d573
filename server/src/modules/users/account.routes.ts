import { ACCOUNT_MESSAGES, accountEndpoints } from '@switchboard/contract/account';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { requireAccount } from '../../http/auth-guard.ts';
import { route } from '../../http/endpoint-route.ts';
import {
  addContact,
  getProfile,
  getSettings,
  listContacts,
  removeContact,
  searchUsers,
  updateSettings,
} from './account.service.ts';

/** The signed-in account's own endpoints: any account, admin or app user, about itself. */
export const accountRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;

  route(app, accountEndpoints.me, async (request) => ({
    success: true as const,
    data: await getProfile(db, requireAccount(request).id),
  }));

  route(app, accountEndpoints.search, async (request) => ({
    success: true as const,
    data: { users: await searchUsers(db, requireAccount(request).id, request.query.q, request.query.limit) },
  }));

  route(app, accountEndpoints.contacts, async (request) => ({
    success: true as const,
    data: await listContacts(db, requireAccount(request).id),
  }));

  route(app, accountEndpoints.addContact, async (request) => ({
    success: true as const,
    data: await addContact(db, requireAccount(request).id, request.body.user_id),
  }));

  route(app, accountEndpoints.removeContact, async (request) => {
    await removeContact(db, requireAccount(request).id, request.query.user_id);
    return { success: true as const, message: ACCOUNT_MESSAGES.contactRemoved };
  });

  route(app, accountEndpoints.settings, async (request) => ({
    success: true as const,
    data: await getSettings(db, requireAccount(request).id),
  }));

  route(app, accountEndpoints.updateSettings, async (request) => ({
    success: true as const,
    data: await updateSettings(db, requireAccount(request).id, request.body),
  }));
};
