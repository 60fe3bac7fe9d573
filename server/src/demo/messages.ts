import { MESSAGE_TYPES, messages as messagesTable } from '../db/schema/messaging.ts';
import { Random, Weighted } from '../synthetic/prng.ts';
import { insertInBatches } from './batch-insert.ts';
import { type DemoUsers, pickOtherUser, pickUser } from './demo-users.ts';
import { DAY, HOUR, MINUTE, orderByTime, rhythmTime } from './rhythm.ts';
import type { StageInput } from './stage.ts';

const LINES = [
  'Hey! Are you free for a quick call?',
  'Running 5 minutes late, sorry',
  'Call you back in a bit',
  'Thanks for the chat earlier 🙂',
  'Did you see the match last night?',
  'Can you send me the address?',
  'Sure, talk tonight',
  'Haha that was hilarious',
  'Good morning!',
  'Happy birthday!! 🎉',
  'The connection was bad, let me try again',
  'Let me know when you land',
  'Sounds good 👍',
  'I’ll be there at 7',
  'Miss you, call me when you can',
  'Are we still on for Saturday?',
  'Just got home',
  'Sorry, I missed your call',
  'What time works for you tomorrow?',
  'Can you hear me now?',
  'Video call later?',
  'Check this out',
  'Congrats on the new job!',
  'Dinner at my place on Friday?',
  'On my way',
  'No worries at all',
  'Love it ❤️',
  'Let’s catch up this weekend',
  'Call dropped, calling again',
  'Ok, see you soon',
  'Did you get my voice message?',
  'Thank you so much!',
  'I’m in a meeting, text me',
  'How was the trip?',
  'Talk later, my battery is dying',
  'Good night 🌙',
];
const KINDS = new Weighted(MESSAGE_TYPES.map((t, i) => [t, [88, 7, 3, 2][i] ?? 1] as const));

export interface DemoMessages {
  ids: Float64Array;
  createdAt: Float64Array;
}

/** Direct messages in conversations between pairs of users over the last 90 days. */
export async function seedMessages(input: StageInput, users: DemoUsers): Promise<DemoMessages> {
  const { now, counts } = input;
  const rng = Random.stream(input.seed, 'messages');
  const total = counts.messages;
  const time = new Float64Array(total);
  const sender = new Int32Array(total);
  const recipient = new Int32Array(total);
  let n = 0;
  while (n < total) {
    let t = rhythmTime(rng, now - 90 * DAY, now - MINUTE);
    let a = pickUser(rng, users, t);
    let b = pickOtherUser(rng, users, t, a);
    if (a < 0 || b < 0) continue;
    const length = 1 + Math.min(40, Math.floor(rng.exponential(6)));
    for (let j = 0; j < length && n < total && t < now; j++, n++) {
      time[n] = t;
      sender[n] = a;
      recipient[n] = b;
      t += rng.chance(0.1) ? rng.exponential(3 * HOUR) : 5_000 + rng.exponential(90_000);
      if (rng.chance(0.6)) [a, b] = [b, a];
    }
  }
  const order = orderByTime(time);
  const createdAt = new Float64Array(total);
  const ids = await insertInBatches(
    input.tx,
    messagesTable,
    total,
    (p) => {
      const i = order[p] as number;
      const t = time[i] as number;
      createdAt[p] = t;
      const kind = KINDS.pick(rng);
      const read = rng.chance(t < now - 2 * HOUR ? 0.97 : 0.45);
      const clip = `0:${String(rng.int(3, 59)).padStart(2, '0')}`;
      const content =
        kind === 'image'
          ? 'Photo'
          : kind === 'audio'
            ? `Voice message (${clip})`
            : kind === 'video'
              ? `Video (${clip})`
              : rng.pick(LINES);
      return {
        senderId: users.ids[sender[i] as number] as string,
        recipientId: users.ids[recipient[i] as number] as string,
        content,
        messageType: kind,
        isRead: read,
        readAt: read
          ? new Date(Math.max(t, Math.min(now - 1_000, t + 2_000 + rng.exponential(20 * MINUTE))))
          : null,
        createdAt: new Date(t),
      };
    },
    { returningId: true, progress: (done) => input.progress(done, total) },
  );
  return { ids, createdAt };
}
