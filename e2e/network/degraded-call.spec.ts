import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RunningServer } from '../support/server.ts';
import { dropUdpTowards } from './support/nat-lab.ts';
import { callDetails, callParties, natLabSkip, natWorld } from './support/nat-world.ts';
import {
  api,
  callStatus,
  judged,
  lastCallOf,
  mediaStatus,
  placeVoiceCall,
  until,
} from './support/softphones.ts';

/** The share of the UDP packets towards the callee's home its NAT drops. */
const LOSS_PERCENT = 25;

/**
 * Issue 49, item 5: the callee's network is degraded (its NAT drops a quarter of the UDP packets towards
 * it: media, ICE and TURN; this kernel has no netem, so the loss is injected with iptables) while the
 * caller's stays clean. The call is flagged and its verdict names the callee's side.
 */
describe('a call with a degraded network on one side', { skip: natLabSkip(), timeout: 600_000 }, () => {
  const world = natWorld(['stun-and-turn']);

  it("is flagged, and its verdict says the callee's side had the poor network", async () => {
    const parties = await callParties(world, world.servers[0] as RunningServer, 'lossy');
    const { url, admin, caller, callee, names } = parties;
    await placeVoiceCall(caller, callee, names.callee);
    for (const page of [caller, callee])
      await mediaStatus(page).getByText('Media: connected').waitFor({ timeout: 40_000 });

    const restore = dropUdpTowards(world.lab.home.b, LOSS_PERCENT);
    const callId = await lastCallOf(url, admin, names.caller);
    try {
      type List = { data: { calls: { id: number; quality_flags: string[] }[] } };
      const flags = await until(
        'the call to be flagged',
        async () => {
          const { data } = await api<List>(url, admin, `/admin/public/calls?search=${names.caller}&limit=5`);
          const flagged = data.calls.find((call) => call.id === callId)?.quality_flags ?? [];
          return flagged.length > 0 ? flagged : undefined;
        },
        90_000,
      );
      assert.ok(flags.length > 0);
      // A few more samples from both sides, so the verdict weighs the caller's clean ones too.
      await new Promise((resolve) => setTimeout(resolve, 10_000));
    } finally {
      restore();
    }
    await caller.getByRole('button', { name: 'Hang up' }).click();
    await callStatus(callee)
      .getByText(/: ended/)
      .waitFor();

    const { verdict } = await judged(url, admin, callId);
    assert.equal(verdict?.verdict, 'poor_network_callee', JSON.stringify(verdict));
    assert.match(verdict?.summary ?? '', /^Poor network on the callee's side: /);

    const dialog = await callDetails(parties);
    await dialog
      .getByText(/Poor network on the callee's side: /)
      .first()
      .waitFor();
  });
});
