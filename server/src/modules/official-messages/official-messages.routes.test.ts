import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserPush } from '../../app-deps.ts';
import { officialMessageRecipients, officialMessages } from '../../db/schema/official-messages.ts';
import type { AdminPrincipal } from '../../http/access-token.ts';
import { auditRows } from '../../testing/audit-rows.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';
import { markOfficialMessage, resumeStalledSends } from './official-messages.service.ts';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

interface FilePart {
  name: string;
  type: string;
  bytes: Buffer;
}

const noPush: UserPush = {
  attach: () => undefined,
  toUsers: () => undefined,
  callChanged: () => undefined,
  disconnectUsers: () => undefined,
};

/** A multipart/form-data body as a browser would send it. */
function form(fields: Record<string, string>, file?: FilePart) {
  const boundary = '----switchboard-test-boundary';
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('official messages API', () => {
  let t: TestApp;
  let dataDir: string;
  let admin: AdminPrincipal;
  let headers: { authorization: string };
  const members: AdminPrincipal[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'switchboard-messages-'));
    t = await createTestApp({ dataDir });
    admin = await insertUser(t.db, { username: 'msg-admin', isAdmin: true });
    headers = await t.authHeader(admin);
    for (let i = 0; i < 3; i++) members.push(await insertUser(t.db, { username: `member-${i}` }));
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const base = { title: 'Maintenance', content: 'Tonight at 2am' };
  const submit = (
    fields: Record<string, string>,
    file?: FilePart,
    method: 'POST' | 'PUT' = 'POST',
    id?: number,
  ) => {
    const { payload, contentType } = form(fields, file);
    return t.app.inject({
      method,
      url: `/api/v1/admin/official-messages${id ? `/${id}` : ''}`,
      headers: { ...headers, 'content-type': contentType },
      payload,
    });
  };
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string) =>
    t.app.inject({ method, url: `/api/v1/admin/official-messages${url}`, headers });
  const uploads = async () => readdir(join(dataDir, 'uploads')).catch(() => [] as string[]);
  const messageCount = async () =>
    (await t.db.select({ n: sql<number>`count(*)::int` }).from(officialMessages))[0]?.n;

  it('creates a draft with the defaults and an image stored under a server-chosen name', async () => {
    const res = await submit(
      { ...base, image_alt: 'A dot' },
      { name: '../../evil.png', type: 'image/png', bytes: PNG },
    );
    expect(res.statusCode, res.body).toBe(201);
    const message = res.json().data;
    expect(message).toMatchObject({
      title: 'Maintenance',
      message_type: 'announcement',
      priority: 'normal',
      is_important: false,
      is_sticky: false,
      is_urgent: false,
      image_alt: 'A dot',
      status: 'draft',
    });
    expect(message.image_url).toMatch(/^\/api\/v1\/uploads\/[0-9a-f-]{36}\.png$/);
    const image = await t.app.inject({ method: 'GET', url: message.image_url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expect((await auditRows(t.db, String(message.id))).map((a) => a.action)).toEqual([
      'official_message.create',
    ]);
  });

  it('refuses a text file renamed to .png, and writes nothing', async () => {
    const [count, files] = [await messageCount(), await uploads()];
    const res = await submit(base, {
      name: 'notes.png',
      type: 'image/png',
      bytes: Buffer.from('just some text\n'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: 'Please select a valid image file' });
    expect(await messageCount()).toBe(count);
    expect(await uploads()).toEqual(files);
  });

  it('refuses a 6 MB image with the size message', async () => {
    const count = await messageCount();
    const big = Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]);
    const res = await submit(base, { name: 'big.png', type: 'image/png', bytes: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Image size must be less than 5MB');
    expect(await messageCount()).toBe(count);
  });

  it('goes by the bytes, not the declared content type', async () => {
    const res = await submit(base, { name: 'photo.png', type: 'image/png', bytes: GIF });
    expect(res.statusCode).toBe(201);
    const url = res.json().data.image_url as string;
    expect(url.endsWith('.gif')).toBe(true);
    const image = await t.app.inject({ method: 'GET', url });
    expect(image.headers['content-type']).toBe('image/gif');

    const lie = await submit(base, {
      name: 'page.jpg',
      type: 'image/jpeg',
      bytes: Buffer.from('<html><script>1</script>'),
    });
    expect(lie.statusCode).toBe(400);
    expect(lie.json().message).toBe('Please select a valid image file');
  });

  it('requires a title and content after trimming', async () => {
    const cases: Record<string, string>[] = [
      { title: '   ', content: 'x' },
      { title: 'x', content: ' \n ' },
      { title: 'x' },
    ];
    for (const fields of cases) {
      const res = await submit(fields);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Title and content are required');
    }
  });

  it('updates a draft, sends it to every reachable user once, and then refuses changes', async () => {
    const created = (await submit({ ...base, is_urgent: 'true' })).json().data;
    const updated = await submit(
      { ...base, title: 'Changed', priority: 'critical', is_sticky: 'true' },
      undefined,
      'PUT',
      created.id,
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({
      title: 'Changed',
      priority: 'critical',
      is_sticky: true,
      is_urgent: false,
    });

    const sent = await call('POST', `/${created.id}/send`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toMatchObject({ status: 'sent', total_recipients: members.length + 1 });
    expect((await call('POST', `/${created.id}/send`)).statusCode).toBe(409);
    expect((await submit(base, undefined, 'PUT', created.id)).statusCode).toBe(409);
    expect((await call('DELETE', `/${created.id}`)).statusCode).toBe(409);
    expect((await auditRows(t.db, String(created.id))).map((a) => a.action)).toEqual([
      'official_message.create',
      'official_message.update',
      'official_message.send',
    ]);

    const [a, b] = members as [AdminPrincipal, AdminPrincipal];
    expect(await markOfficialMessage(t.db, created.id, a.id, 'delivered')).toEqual({ changed: true });
    expect(await markOfficialMessage(t.db, created.id, a.id, 'delivered')).toEqual({ changed: false });
    expect(await markOfficialMessage(t.db, created.id, b.id, 'acknowledged')).toEqual({ changed: true });
    expect(await markOfficialMessage(t.db, created.id, b.id, 'read')).toEqual({ changed: false });
    expect(await markOfficialMessage(t.db, created.id, b.id, 'acknowledged')).toEqual({ changed: false });
    const stats = (await call('GET', `/${created.id}/stats`)).json().data;
    expect(stats).toEqual({
      total_recipients: members.length + 1,
      delivered_count: 2,
      read_count: 1,
      acknowledged_count: 1,
      read_rate: 1 / (members.length + 1),
    });
    const listed = (await call('GET', ''))
      .json()
      .data.messages.find((m: { id: number }) => m.id === created.id);
    expect(listed).toMatchObject({ delivered_count: 2, read_count: 1, acknowledged_count: 1 });
  });

  it('shows a send that stopped mid-way as sending, and resumes it once it has stalled', async () => {
    const created = (await submit(base)).json().data;
    const [first] = [admin, ...members].map((u) => u.id).sort();
    await t.db.insert(officialMessageRecipients).values({ messageId: created.id, userId: first as string });
    await t.db
      .update(officialMessages)
      .set({ status: 'sending', deliveryAt: sql`now()`, deliveryCursor: first })
      .where(eq(officialMessages.id, created.id));
    const listed = () =>
      call('GET', '')
        .then((r) => r.json().data.messages.find((m: { id: number }) => m.id === created.id))
        .then((m) => ({ status: m.status, total: m.total_recipients }));
    expect(await resumeStalledSends(t.db, { userPush: noPush })).toEqual([]);
    expect(await listed()).toEqual({ status: 'sending', total: 1 });
    expect((await call('DELETE', `/${created.id}`)).statusCode).toBe(409);

    await t.db
      .update(officialMessages)
      .set({ deliveryAt: sql`now() - interval '2 minutes'` })
      .where(eq(officialMessages.id, created.id));
    expect(await resumeStalledSends(t.db, { userPush: noPush })).toEqual([created.id]);
    expect(await listed()).toEqual({ status: 'sent', total: members.length + 1 });
  });

  it('audits a send that stopped mid-way and was resumed elsewhere with the admin who sent it', async () => {
    const created = (await submit(base)).json().data;
    // The recipient rows are refused, as if the process died after claiming the send.
    await t.db.execute(
      sql.raw(
        `alter table official_message_recipients add constraint test_crash check (message_id <> ${Number(created.id)})`,
      ),
    );
    const failed = await call('POST', `/${created.id}/send`);
    expect(failed.statusCode).toBeGreaterThanOrEqual(400);
    await t.db.execute(sql`alter table official_message_recipients drop constraint test_crash`);
    await t.db
      .update(officialMessages)
      .set({ deliveryAt: sql`now() - interval '2 minutes'` })
      .where(eq(officialMessages.id, created.id));
    expect(await resumeStalledSends(t.db, { userPush: noPush })).toEqual([created.id]);
    const sends = (await auditRows(t.db, String(created.id))).filter(
      (a) => a.action === 'official_message.send',
    );
    expect(sends).toHaveLength(1);
    expect(sends[0]).toMatchObject({ actorId: admin.id, actorUsername: admin.username });
    expect(sends[0]?.before).toMatchObject({ status: 'draft' });
  });

  it('deletes a draft and its image', async () => {
    const created = (await submit(base, { name: 'x.png', type: 'image/png', bytes: PNG })).json().data;
    const name = (created.image_url as string).split('/').pop() as string;
    expect(await uploads()).toContain(name);
    expect((await call('DELETE', `/${created.id}`)).statusCode).toBe(200);
    expect(await uploads()).not.toContain(name);
    expect((await t.app.inject({ method: 'GET', url: created.image_url })).statusCode).toBe(404);
    expect((await call('GET', `/${created.id}/stats`)).statusCode).toBe(404);
  });

  it('lists newest first without a token being refused only for the image', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/official-messages' })).statusCode).toBe(
      401,
    );
    const list = (await call('GET', '')).json().data;
    expect(list.has_more).toBe(false);
    const ids = list.messages.map((m: { id: number }) => m.id);
    expect([...ids].sort((x: number, y: number) => y - x)).toEqual(ids);
  });
});
