import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RunningServer } from '../support/server.ts';
import { callDetails, callParties, natLabSkip, natWorld } from './support/nat-world.ts';
import {
  callStatus,
  inspection,
  judged,
  lastCallOf,
  mediaStatus,
  placeVoiceCall,
  until,
} from './support/softphones.ts';

/**
 * Issue 49, item 3: two softphones, each in its own network namespace behind its own symmetric NAT, that
 * reach the server and coturn but never each other (support/nat-lab.ts). With TURN the call connects through
 * the relay; without it ICE fails and the verdict says a relay was needed.
 */
describe('a call between two homes behind NATs', { skip: natLabSkip(), timeout: 600_000 }, () => {
  const world = natWorld(['stun-and-turn', 'stun-only']);
  const escaped = (text: string) => text.replaceAll('.', '\\.');

  it('connects with a relay pair when TURN is configured, and Call Details shows the relay', async () => {
    const parties = await callParties(world, world.servers[0] as RunningServer, 'turn');
    const { url, admin, caller, callee, names } = parties;
    await placeVoiceCall(caller, callee, names.callee);
    for (const page of [caller, callee])
      await mediaStatus(page)
        .getByText('Media: connected')
        .waitFor({ timeout: 40_000 })
        .catch((error: Error) => {
          throw new Error(`${error.message}\ncoturn:\n${world.turn.output().slice(-4000)}`);
        });

    const callId = await lastCallOf(url, admin, names.caller);
    const { paths } = await until('both sides’ network paths', async () => {
      const data = await inspection(url, admin, callId);
      return data.paths.length === 2 ? data : undefined;
    });
    // Each side's selected pair has a relay candidate at one end at least, and a side that allocated the
    // relay names coturn's address. ICE may pick, on each side, a pair through the other side's relay
    // (its own end then peer-reflexive, its NAT's address): only an allocating side knows the relay server.
    for (const path of paths)
      assert.ok(
        path.local_candidate_type === 'relay' || path.remote_candidate_type === 'relay',
        JSON.stringify(paths),
      );
    const relayed = paths.filter((path) => path.local_candidate_type === 'relay');
    for (const path of relayed) assert.match(path.relay_server ?? '', new RegExp(escaped(world.lab.service)));

    const dialog = await callDetails(parties);
    await dialog.getByRole('heading', { name: 'Network path' }).waitFor();
    const shown = relayed.length
      ? new RegExp(`relay \\(TURN\\) → .* via [^ ]*${escaped(world.lab.service)}`)
      : /→ relay \(TURN\) over/;
    await dialog.getByText(shown).first().waitFor();

    await caller.getByRole('button', { name: 'Hang up' }).click();
    await callStatus(callee)
      .getByText(/: ended/)
      .waitFor();
  });

  it('fails without TURN, and its verdict says a relay was needed', async () => {
    const parties = await callParties(world, world.servers[1] as RunningServer, 'stun');
    const { url, admin, caller, callee, names } = parties;
    await placeVoiceCall(caller, callee, names.callee);
    await mediaStatus(caller).getByText('Media: failed').waitFor({ timeout: 60_000 });
    await caller.getByRole('button', { name: 'Hang up' }).click();
    await callStatus(callee)
      .getByText(/: ended/)
      .waitFor();

    const callId = await lastCallOf(url, admin, names.caller);
    const { verdict, paths } = await judged(url, admin, callId);
    assert.equal(verdict?.verdict, 'relay_needed', JSON.stringify(verdict));
    assert.deepEqual(paths, [], 'no side reported a connected path');

    const dialog = await callDetails(parties);
    await dialog
      .getByText(/No network path: a relay \(TURN\) is needed/)
      .first()
      .waitFor();
  });
});
