import { z } from 'zod';
import { LOGIN_FIELDS } from './auth-rules.ts';
import { SuccessMessage } from './common.ts';
import { endpoint } from './endpoint.ts';
import { PendingSignIn } from './pending-sign-in.ts';
import { SessionUser } from './session-user.ts';
import { Email, StrongPassword, Username } from './user-create.ts';

export { LOGIN_MESSAGES } from './auth-rules.ts';

/** Access token 30 minutes, refresh token 7 days. */
export const ACCESS_TOKEN_TTL_SECONDS = 30 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
/** Max login attempts, counted over this window. */
export const LOGIN_ATTEMPT_WINDOW_MINUTES = 15;
export const REFRESH_TOKEN_HEADER = 'refresh-token';

export const LoginRequest = z.object({
  username: z
    .string()
    .trim()
    .min(1, LOGIN_FIELDS.username.required)
    .max(LOGIN_FIELDS.username.maxLength, LOGIN_FIELDS.username.tooLong),
  password: z
    .string()
    .min(1, LOGIN_FIELDS.password.required)
    .max(LOGIN_FIELDS.password.maxLength, LOGIN_FIELDS.password.tooLong),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export { SessionUser } from './session-user.ts';

export const TokenResponse = z.object({
  success: z.literal(true),
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int().describe('seconds until the access token expires'),
  user: SessionUser,
});
export type TokenResponse = z.infer<typeof TokenResponse>;
/** The console's sign-in: tokens, or a pending sign-in when a second factor is needed. */
export const LoginResponse = z.union([TokenResponse, PendingSignIn]);
export type LoginResponse = z.infer<typeof LoginResponse>;

/** All public: refresh and logout carry the refresh token in a header, since the access token may have expired. */
export const authEndpoints = {
  login: endpoint({
    method: 'POST',
    path: '/auth/login',
    tag: 'auth',
    access: 'public',
    body: LoginRequest,
    response: LoginResponse,
    secret: true,
  }),
  refresh: endpoint({
    method: 'POST',
    path: '/auth/refresh-token',
    tag: 'auth',
    access: 'public',
    response: TokenResponse,
    secret: true,
  }),
  logout: endpoint({
    method: 'POST',
    path: '/auth/logout',
    tag: 'auth',
    access: 'public',
    response: SuccessMessage,
  }),
};

/**
 * A calling app's own sign-up and sign-in. They answer with the same TokenResponse, bound to a
 * session that refresh and logout above serve too; an app session only opens `user` endpoints,
 * even when the account is an admin (the console signs in through `/auth/login`).
 */
export const AppRegisterRequest = z.object({
  username: Username,
  email: Email,
  password: StrongPassword,
});
export type AppRegisterRequest = z.input<typeof AppRegisterRequest>;

export const appAuthEndpoints = {
  register: endpoint({
    method: 'POST',
    path: '/auth/register',
    tag: 'app-auth',
    access: 'public',
    body: AppRegisterRequest,
    status: 201,
    response: TokenResponse,
    secret: true,
  }),
  login: endpoint({
    method: 'POST',
    path: '/auth/app/login',
    tag: 'app-auth',
    access: 'public',
    body: LoginRequest,
    response: TokenResponse,
    secret: true,
  }),
};
