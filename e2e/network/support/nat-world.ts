import { after, before } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { freePort } from '../../../server/src/testing/free-port.ts';
import { apiToken } from '../../support/api.ts';
import { launchBrowser, signIn } from '../../support/browser.ts';
import { type RunningServer, startServer } from '../../support/server.ts';
import { type RunningTurn, startCoturn } from './coturn.ts';
import { createNatLab, type NatLab, natLabUnavailable } from './nat-lab.ts';
import { browserIn, callerAndCallee, softphone } from './softphones.ts';

/**
 * The `skip` option of a NAT spec's describe: the reason the lab cannot run here, or false. Under CI a
 * missing capability is a failure, not a skip.
 */
export function natLabSkip(): string | false {
  const unavailable = natLabUnavailable();
  if (unavailable && process.env.CI) throw new Error(unavailable);
  return unavailable ?? false;
}

/** What a server of the world is told about ICE: STUN always (coturn answers it), TURN when asked. */
export type IceOffer = 'stun-and-turn' | 'stun-only';

const ADMIN = { username: 'nat-admin', password: 'Nat-admin-pass-1!' };

export interface NatWorld {
  lab: NatLab;
  turn: RunningTurn;
  /** One server per offer asked for, in that order, all on the lab's service address. */
  servers: RunningServer[];
  /** A browser in home A (the callers'), one in home B (the callees') and one in root (the admin's). */
  browsers: { a: Browser; b: Browser; root: Browser };
}

/**
 * Before the enclosing describe's tests: the NAT lab, coturn, the servers (started side by side, so a spec
 * that needs one with TURN and one without pays for one start-up) and the three browsers; all of it
 * stopped after them, the namespaces removed even when a step failed. Read the fields inside the tests.
 */
export function natWorld(offers: IceOffer[]): NatWorld {
  const world = {} as NatWorld;
  before(async () => {
    world.lab = createNatLab();
    world.turn = await startCoturn(world.lab.service, await freePort());
    const stun = world.turn.url.replace(/^turn:/, 'stun:').replace(/\?.*$/, '');
    // One after the other: on a loaded machine two start-ups side by side can each outlast the wait.
    world.servers = [];
    for (const offer of offers) {
      const server = await startServer({
        demo: false,
        compiled: true,
        host: world.lab.service,
        env: {
          STUN_URLS: stun,
          ...(offer === 'stun-and-turn' ? { TURN_URLS: world.turn.url, TURN_SECRET: world.turn.secret } : {}),
        },
      });
      world.servers.push(server);
      await registerRootAdmin(server.url);
    }
    const origins = world.servers.map((server) => new URL(server.url).origin).join(',');
    const [a, b, root] = await Promise.all([
      browserIn(world.lab.home.a.namespace, origins),
      browserIn(world.lab.home.b.namespace, origins),
      launchBrowser(),
    ]);
    world.browsers = { a, b, root };
  });
  after(async () => {
    try {
      await Promise.all(Object.values(world.browsers ?? {}).map((browser) => browser.close()));
      await Promise.all((world.servers ?? []).map((server) => server.stop()));
      await world.turn?.stop();
    } finally {
      world.lab?.destroy();
    }
  });
  return world;
}

/** A fresh server (no demo data, so no demo traffic either) gets its first admin as an operator would. */
async function registerRootAdmin(url: string): Promise<void> {
  const res = await fetch(`${url}/api/v1/admin_root_admin/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: ADMIN.username,
      email: 'root@example.test',
      password: ADMIN.password,
      confirm_password: ADMIN.password,
    }),
  });
  if (res.status !== 201) throw new Error(`root admin registration: ${res.status} ${await res.text()}`);
}

export interface CallParties {
  url: string;
  admin: string;
  names: { caller: string; callee: string };
  /** The caller's softphone, in home A. */
  caller: Page;
  /** The callee's softphone, in home B. */
  callee: Page;
  /** The console, signed in as the demo admin, in root. */
  adminPage: Page;
}

/** Two new app users on `server`, each signed in to the softphone in their home, and the admin's console. */
export async function callParties(world: NatWorld, server: RunningServer, tag: string): Promise<CallParties> {
  const { url } = server;
  const admin = await apiToken(url, ADMIN.username, ADMIN.password);
  const names = await callerAndCallee(url, admin, tag);
  const [caller, callee, adminPage] = await Promise.all([
    softphone(world.browsers.a, url, names.caller),
    softphone(world.browsers.b, url, names.callee),
    world.browsers.root.newContext({ viewport: { width: 1280, height: 900 } }).then(async (context) => {
      const page = await context.newPage();
      await signIn(page, url, ADMIN.username, ADMIN.password);
      return page;
    }),
  ]);
  return { url, admin, names, caller, callee, adminPage };
}

/** Call Details of the parties' last call, opened from the Calls screen. */
export async function callDetails(parties: CallParties) {
  const { adminPage: page, url, names } = parties;
  await page.goto(`${url}/calls?search=${names.caller}`);
  await page.getByRole('button', { name: `View call ${names.caller} → ${names.callee}` }).click();
  return page.getByRole('dialog');
}
