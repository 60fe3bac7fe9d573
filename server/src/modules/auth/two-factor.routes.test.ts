import { TWO_FACTOR_MESSAGES } from '@switchboard/contract/two-factor';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OneTimeCodeMessage } from '../../app-deps.ts';
import { loginAttempts } from '../../db/schema/auth.ts';
import { recoveryCodes } from '../../db/schema/two-factor.ts';
import { auditRows } from '../../testing/audit-rows.ts';
import { settingsRowsChanged } from '../../testing/stored-settings.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';
import { readSettingsSection, writeSettingsSection } from '../settings/settings.repository.ts';
import { createCodeSender } from './code-sender.ts';

const PASSWORD = 'Correct-horse-1';
const codeAt = (secret: string, at: Date) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at.getTime(),
  });

describe('two-factor sign-in', () => {
  let t: TestApp;
  let now: Date;
  const sent: OneTimeCodeMessage[] = [];
  const tick = (seconds: number) => {
    now = new Date(now.getTime() + seconds * 1000);
  };
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers });
  const login = (username: string, password = PASSWORD) => post('/auth/login', { username, password });
  const verify = (pending_token: string, code: string) => post('/auth/verify-otp', { pending_token, code });
  const setSecurity = async (patch: Record<string, unknown>) => {
    const current = await readSettingsSection(t.db, 'security');
    await settingsRowsChanged(t.db, writeSettingsSection(t.db, 'security', { ...current, ...patch }, 'test'));
  };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  /** Signs in with the password, adds an authenticator from the account page; returns its secret and codes. */
  async function enrol(username: string) {
    const first = await login(username);
    expect(first.statusCode).toBe(200);
    const token = first.json().access_token as string;
    const start = await post('/account/two-factor/totp', {}, bearer(token));
    expect(start.statusCode).toBe(200);
    const { secret, otpauth_url, qr_svg } = start.json().data;
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/Switchboard:/);
    expect(qr_svg).toContain('<svg');
    const wrong = await post('/account/two-factor/totp/confirm', { code: '000000' }, bearer(token));
    expect(wrong.statusCode).toBe(400);
    const confirm = await post(
      '/account/two-factor/totp/confirm',
      { code: codeAt(secret, now) },
      bearer(token),
    );
    expect(confirm.statusCode).toBe(200);
    const codes = confirm.json().data.recovery_codes as string[];
    return { secret: secret as string, codes, token };
  }

  beforeAll(async () => {
    t = await createTestApp();
    t.deps.codeSender = { send: async (m) => void sent.push(m) };
  });
  beforeEach(async () => {
    now = new Date('2026-11-26T10:00:00Z');
    t.deps.clock = () => now;
    await t.db.delete(loginAttempts);
    await setSecurity({ max_login_attempts: 5, require_admin_two_factor: false });
  });
  afterAll(() => t.close());

  it('enrols TOTP: then the password alone gives a pending sign-in, and the code the tokens', async () => {
    const admin = await insertUser(t.db, { username: 'tara', password: PASSWORD, isAdmin: true });
    const { secret, codes } = await enrol('tara');
    expect(codes).toHaveLength(10);
    const stored = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, admin.id));
    expect(stored).toHaveLength(10);
    // Stored hashed: no stored value is a code.
    for (const row of stored) expect(codes).not.toContain(row.codeHash);

    tick(60);
    const pending = await login('tara');
    expect(pending.statusCode).toBe(200);
    const body = pending.json();
    expect(body).toMatchObject({ success: true, pending: true, method: 'totp' });
    expect(body.access_token).toBeUndefined();

    const wrong = await verify(body.pending_token, '123456');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(TWO_FACTOR_MESSAGES.invalidCode);
    const code = codeAt(secret, now);
    const ok = await verify(body.pending_token, code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, token_type: 'bearer', user: { username: 'tara' } });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/account/two-factor',
      headers: bearer(ok.json().access_token),
    });
    expect(me.json().data).toMatchObject({ enrolled: true, recovery_codes_left: 10 });

    // Replay: the completed pending sign-in, and the same code in a new sign-in, are refused.
    expect((await verify(body.pending_token, code)).statusCode).toBe(401);
    const again = (await login('tara')).json();
    expect((await verify(again.pending_token, code)).statusCode).toBe(401);
    tick(30);
    expect((await verify(again.pending_token, codeAt(secret, now))).statusCode).toBe(200);
  });

  it('a recovery code works once', async () => {
    await insertUser(t.db, { username: 'rita', password: PASSWORD, isAdmin: true });
    const { codes } = await enrol('rita');
    const recovery = codes[3] ?? '';
    const first = (await login('rita')).json();
    const ok = await verify(first.pending_token, recovery.toUpperCase());
    expect(ok.statusCode).toBe(200);
    const second = (await login('rita')).json();
    const reused = await verify(second.pending_token, recovery);
    expect(reused.statusCode).toBe(401);
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/v1/account/two-factor',
      headers: bearer(ok.json().access_token),
    });
    expect(status.json().data.recovery_codes_left).toBe(9);
  });

  it('locks the code step like the password: wrong codes count, then even the right one gets 429', async () => {
    await insertUser(t.db, { username: 'lena', password: PASSWORD, isAdmin: true });
    const { secret } = await enrol('lena');
    tick(60);
    const pending = (await login('lena')).json();
    // The password's attempt counts until the second step succeeds: 1 + 4 wrong codes = 5.
    for (let i = 0; i < 4; i += 1)
      expect((await verify(pending.pending_token, '000001')).statusCode).toBe(401);
    const locked = await verify(pending.pending_token, codeAt(secret, now));
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/);
    expect(locked.headers['retry-after']).toBeDefined();
  });

  it('sends an admin without a factor to enrolment when the setting requires it', async () => {
    await insertUser(t.db, { username: 'nora', password: PASSWORD, isAdmin: true });
    await setSecurity({ require_admin_two_factor: true });
    const res = await login('nora');
    const body = res.json();
    expect(body).toMatchObject({ pending: true, method: 'enrol' });
    expect(body.access_token).toBeUndefined();
    expect(body.enrolment.qr_svg).toContain('<svg');
    const ok = await verify(body.pending_token, codeAt(body.enrolment.secret, now));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().recovery_codes).toHaveLength(10);
    tick(30);
    const next = (await login('nora')).json();
    expect(next.method).toBe('totp');
    expect((await verify(next.pending_token, codeAt(body.enrolment.secret, now))).statusCode).toBe(200);
  });

  it('lets root reset another admin’s factor, audited; a non-root admin is refused', async () => {
    const root = await insertUser(t.db, { username: 'root1', isRootAdmin: true });
    const other = await insertUser(t.db, { username: 'otto', password: PASSWORD, isAdmin: true });
    const peer = await insertUser(t.db, { username: 'peer', isAdmin: true });
    await enrol('otto');
    const url = `/api/v1/admin/users/${other.id}/two-factor`;
    const refused = await t.app.inject({ method: 'DELETE', url, headers: await t.authHeader(peer) });
    expect(refused.statusCode).toBe(403);
    const res = await t.app.inject({ method: 'DELETE', url, headers: await t.authHeader(root) });
    expect(res.statusCode).toBe(200);
    const audit = (await auditRows(t.db, other.id)).filter((r) => r.action === 'two_factor.reset');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: root.id });
    // The password alone signs in again.
    expect((await login('otto')).json().access_token).toBeTypeOf('string');
    const twice = await t.app.inject({ method: 'DELETE', url, headers: await t.authHeader(root) });
    expect(twice.statusCode).toBe(409);
  });

  it('only an admin holding settings:security changes the requirement', async () => {
    const admin = await insertUser(t.db, { username: 'setter', isAdmin: true });
    const root = await insertUser(t.db, { username: 'root2', isRootAdmin: true });
    const rootHeaders = await t.authHeader(root);
    const current = (
      await t.app.inject({ method: 'GET', url: '/api/v1/admin/settings', headers: rootHeaders })
    ).json().data;
    const payload = { ...current, security: { ...current.security, require_admin_two_factor: true } };
    const put = async (headers: { authorization: string }) =>
      t.app.inject({ method: 'PUT', url: '/api/v1/admin/settings', headers, payload });
    const refused = await put(await t.authHeader({ ...admin, permissions: undefined }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].field).toBe('security.require_admin_two_factor');
    expect((await put(rootHeaders)).statusCode).toBe(200);
    expect((await readSettingsSection(t.db, 'security')).require_admin_two_factor).toBe(true);
  });

  it('disabling asks for the password', async () => {
    await insertUser(t.db, { username: 'dora', password: PASSWORD, isAdmin: true });
    const { token } = await enrol('dora');
    const wrong = await post('/account/two-factor/disable', { password: 'nope' }, bearer(token));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ field: 'password', message: TWO_FACTOR_MESSAGES.wrongPassword }]);
    const ok = await post('/account/two-factor/disable', { password: PASSWORD }, bearer(token));
    expect(ok.statusCode).toBe(200);
    expect((await login('dora')).json().access_token).toBeTypeOf('string');
  });

  describe('one-time codes for app users', () => {
    const requestCode = async (username: string) => {
      const res = await post('/auth/request-otp', { username });
      expect(res.statusCode).toBe(200);
      return res.json().pending_token as string;
    };
    const lastCode = () => sent.at(-1)?.code ?? '';

    it('signs in with the code once: an app session; the same code again is refused', async () => {
      await insertUser(t.db, { username: 'appie', password: PASSWORD });
      const token = await requestCode('appie@example.test');
      expect(lastCode()).toMatch(/^\d{6}$/);
      const ok = await verify(token, lastCode());
      expect(ok.statusCode).toBe(200);
      const claims = await t.deps.tokens.verify(ok.json().access_token);
      expect(claims).toMatchObject({ isAdmin: false });
      expect((await verify(token, lastCode())).statusCode).toBe(401);
    });

    it('gives the code in the answer only for the demo (demo data on, no OTP_WEBHOOK_URL), never otherwise', async () => {
      await insertUser(t.db, { username: 'newcomer', password: PASSWORD });
      const gateway = t.deps.codeSender;
      try {
        t.deps.codeSender = createCodeSender({ demoData: true }, t.app.log);
        const demo = await post('/auth/request-otp', { username: 'newcomer' });
        expect(demo.json().demo_code).toMatch(/^\d{6}$/);
        expect((await verify(demo.json().pending_token, demo.json().demo_code)).statusCode).toBe(200);

        t.deps.codeSender = createCodeSender({ demoData: false }, t.app.log);
        expect((await post('/auth/request-otp', { username: 'newcomer' })).json()).not.toHaveProperty(
          'demo_code',
        );
        t.deps.codeSender = createCodeSender(
          { demoData: true, otpWebhookUrl: 'http://127.0.0.1:1/sms' },
          t.app.log,
        );
        expect((await post('/auth/request-otp', { username: 'newcomer' })).json()).not.toHaveProperty(
          'demo_code',
        );
      } finally {
        t.deps.codeSender = gateway;
      }
    });

    it('answers the same for an unknown account, and sends nothing', async () => {
      const before = sent.length;
      const res = await post('/auth/request-otp', { username: 'nobody-here' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, message: TWO_FACTOR_MESSAGES.codeSent });
      expect(sent.length).toBe(before);
      expect((await verify(res.json().pending_token, '123456')).statusCode).toBe(401);
    });

    it('expires after 5 minutes', async () => {
      await insertUser(t.db, { username: 'exp', password: PASSWORD });
      const token = await requestCode('exp');
      tick(5 * 60);
      const res = await verify(token, lastCode());
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(TWO_FACTOR_MESSAGES.invalidCode);
    });

    it('allows 5 attempts: after them even the right code is refused', async () => {
      await setSecurity({ max_login_attempts: 50 });
      await insertUser(t.db, { username: 'guess', password: PASSWORD });
      const token = await requestCode('guess');
      const code = lastCode();
      const wrong = code === '999999' ? '999998' : '999999';
      for (let i = 0; i < 4; i += 1)
        expect((await verify(token, wrong)).json().message).toBe(TWO_FACTOR_MESSAGES.invalidCode);
      expect((await verify(token, wrong)).json().message).toBe(TWO_FACTOR_MESSAGES.tooManyCodeAttempts);
      expect((await verify(token, code)).statusCode).toBe(401);
    });

    it('a new code replaces the earlier one', async () => {
      await insertUser(t.db, { username: 'twice', password: PASSWORD });
      const first = await requestCode('twice');
      const firstCode = lastCode();
      await requestCode('twice');
      expect((await verify(first, firstCode)).statusCode).toBe(401);
    });

    it('names the field of bad input', async () => {
      const res = await post('/auth/verify-otp', { pending_token: 'x' });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain('code');
    });
  });
});
