import { SESSION_MESSAGES } from '@switchboard/contract/sessions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertAdminManagerRole, insertUser, type TestApp } from '../../testing/test-app.ts';

const PASSWORD = 'Correct-horse-1';
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0';

describe('sessions an admin can see and end', () => {
  let t: TestApp;
  const ended: string[] = [];
  const signIn = async (username: string, userAgent: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username, password: PASSWORD },
      headers: { 'user-agent': userAgent },
    });
    expect(res.statusCode).toBe(200);
    const token = res.json().access_token as string;
    return { authorization: `Bearer ${token}` };
  };
  const get = (url: string, headers: { authorization: string }) =>
    t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
  const sessionsOf = async (headers: { authorization: string }) => {
    const res = await get('/account/sessions', headers);
    expect(res.statusCode).toBe(200);
    return res.json().data.sessions as Array<{
      id: string;
      device: string;
      current: boolean;
      ip_address: string;
    }>;
  };

  beforeAll(async () => {
    t = await createTestApp();
    t.deps.sessionEnds.subscribe((id) => ended.push(id));
    await insertUser(t.db, { username: 'sam', password: PASSWORD, isAdmin: true });
  });
  afterAll(() => t.close());

  it('lists the own sessions with device, address and which one is current', async () => {
    const laptop = await signIn('sam', CHROME_WINDOWS);
    await signIn('sam', FIREFOX_LINUX);
    const sessions = await sessionsOf(laptop);
    expect(sessions).toHaveLength(2);
    const current = sessions.filter((s) => s.current);
    expect(current).toHaveLength(1);
    expect(current[0]?.device).toBe('Chrome 120 on Windows 10');
    expect(sessions.find((s) => !s.current)?.device).toBe('Firefox 121 on Linux');
    expect(sessions[0]?.ip_address).toBe('127.0.0.1');
  });

  it('ends another session: its access token gets 401 at once and its sockets are told', async () => {
    const mine = await signIn('sam', CHROME_WINDOWS);
    const other = await signIn('sam', FIREFOX_LINUX);
    expect((await get('/account/sessions', other)).statusCode).toBe(200);
    const target = (await sessionsOf(other)).find((s) => s.current)?.id ?? '';
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/account/sessions/${target}`,
      headers: mine,
    });
    expect(res.json()).toEqual({ success: true, message: SESSION_MESSAGES.ended });
    expect(ended).toContain(target);
    expect((await get('/account/sessions', other)).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/account/sessions/${target}`,
      headers: mine,
    });
    expect(again.statusCode).toBe(404);
  });

  it('ends every session but the current one', async () => {
    const a = await signIn('sam', FIREFOX_LINUX);
    const keep = await signIn('sam', CHROME_WINDOWS);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/account/sessions/end-others',
      headers: keep,
    });
    expect(res.statusCode).toBe(200);
    expect((await get('/account/sessions', a)).statusCode).toBe(401);
    const left = await sessionsOf(keep);
    expect(left).toHaveLength(1);
    expect(left[0]?.current).toBe(true);
  });

  it('an admin with admins:manage sees and ends another admin’s sessions; others get 403', async () => {
    const managerRole = await insertAdminManagerRole(t.db);
    await insertUser(t.db, { username: 'mia', password: PASSWORD, isAdmin: true, adminRoleId: managerRole });
    const victim = await insertUser(t.db, { username: 'vic', password: PASSWORD, isAdmin: true });
    await insertUser(t.db, { username: 'plain', password: PASSWORD, isAdmin: true });
    const manager = await signIn('mia', CHROME_WINDOWS);
    const vic = await signIn('vic', FIREFOX_LINUX);
    const plain = await signIn('plain', CHROME_WINDOWS);

    expect((await get(`/admin/users/${victim.id}/sessions`, plain)).statusCode).toBe(403);
    const listed = await get(`/admin/users/${victim.id}/sessions`, manager);
    expect(listed.statusCode).toBe(200);
    const [session] = listed.json().data.sessions;
    expect(session).toMatchObject({ device: 'Firefox 121 on Linux', current: false });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/users/${victim.id}/sessions/${session.id}`,
      headers: manager,
    });
    expect(res.statusCode).toBe(200);
    expect((await get('/account/sessions', vic)).statusCode).toBe(401);
  });

  it('a root admin’s sessions are not another admin’s to end', async () => {
    const managerRole = await insertAdminManagerRole(t.db);
    await insertUser(t.db, { username: 'max', password: PASSWORD, isAdmin: true, adminRoleId: managerRole });
    const root = await insertUser(t.db, { username: 'rooty', isRootAdmin: true });
    const manager = await signIn('max', CHROME_WINDOWS);
    expect((await get(`/admin/users/${root.id}/sessions`, manager)).statusCode).toBe(403);
  });
});
