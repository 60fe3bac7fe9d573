import { appActionEndpoints, LIKE_TARGETS } from '@switchboard/contract/app-actions';
import { REPORT_TYPES } from '@switchboard/contract/user-reports';
import { CITIES } from '../synthetic/cities.ts';
import { type Random, Weighted } from '../synthetic/prng.ts';
import { type AppClient, AppRequestError } from './app-client.ts';

export type SocialAction = 'like' | 'follow' | 'friend_request' | 'report' | 'move';
/** What a user does, per social action: mostly likes, rarely a report. */
const ACTIONS = new Weighted<SocialAction>([
  ['like', 50],
  ['follow', 22],
  ['friend_request', 20],
  ['report', 3],
  ['move', 5],
]);

const FRIEND_ACCEPT = 0.7;
const NOTIFICATION_READ = 0.8;
const REPORT_REASONS: Record<(typeof REPORT_TYPES)[number], string> = {
  harassment: 'Keeps calling after I declined',
  spam: 'Sends the same link to everyone',
  inappropriate_content: 'Offensive profile picture',
  fake_profile: 'Pretends to be someone else',
};
const CITY_PICKER = new Weighted(CITIES.map((c) => [c, c.weight] as const));

/**
 * The app-side life of a virtual user beyond calls: likes, follows, friend requests and their answers,
 * a report now and then, moving between real cities, and reading what the console sends. Every step is
 * a contract endpoint, as a real app would call it.
 */
export class SocialLife {
  constructor(
    private readonly client: AppClient,
    private readonly rng: Random,
    private readonly failed: (what: string, err: unknown) => void,
  ) {}

  pickAction(): SocialAction {
    return ACTIONS.pick(this.rng);
  }

  /** One action toward `otherId`; a friend request's id is handed back so its receiver can answer it. */
  async act(action: SocialAction, otherId: string): Promise<number | null> {
    switch (action) {
      case 'like':
        await this.attempt('like', () =>
          this.client.call(appActionEndpoints.like, {
            body: {
              target_type: this.rng.chance(0.7) ? 'profile' : this.rng.pick(LIKE_TARGETS),
              target_id: otherId,
            },
          }),
        );
        return null;
      case 'follow':
        await this.attempt('follow', () =>
          this.client.call(appActionEndpoints.follow, { body: { user_id: otherId } }),
        );
        return null;
      case 'friend_request': {
        const sent = await this.attempt('friend request', () =>
          this.client.call(appActionEndpoints.sendFriendRequest, { body: { user_id: otherId } }),
        );
        return sent?.data.id ?? null;
      }
      case 'report': {
        const type = this.rng.pick(REPORT_TYPES);
        await this.attempt('report', () =>
          this.client.call(appActionEndpoints.reportUser, {
            body: { user_id: otherId, report_type: type, reason: REPORT_REASONS[type] },
          }),
        );
        return null;
      }
      case 'move':
        await this.move();
        return null;
    }
  }

  /** Sends the user's position: a real city, a few kilometres from its centre. */
  async move(): Promise<void> {
    const city = CITY_PICKER.pick(this.rng);
    await this.attempt('location', () =>
      this.client.call(appActionEndpoints.sendLocation, {
        body: {
          city: city.city,
          country: city.country,
          latitude: city.lat + this.rng.between(-0.05, 0.05),
          longitude: city.lon + this.rng.between(-0.05, 0.05),
          location_type: 'gps',
          accuracy: Math.round(this.rng.between(5, 60)),
        },
      }),
    );
  }

  async answerFriendRequest(id: number): Promise<void> {
    const endpoint = this.rng.chance(FRIEND_ACCEPT)
      ? appActionEndpoints.acceptFriendRequest
      : appActionEndpoints.declineFriendRequest;
    await this.attempt('friend answer', () => this.client.call(endpoint, { params: { id } }));
  }

  /** Most notifications are opened; important official messages are acknowledged, the rest read. */
  async received(kind: 'notification' | 'official', id: number, important = false): Promise<void> {
    if (kind === 'notification') {
      if (this.rng.chance(NOTIFICATION_READ))
        await this.attempt('notification read', () =>
          this.client.call(appActionEndpoints.readNotification, { params: { id } }),
        );
      return;
    }
    const mark = important ? 'acknowledged' : 'read';
    await this.attempt('official message', () =>
      this.client.call(appActionEndpoints.markOfficialMessage, { params: { id, mark } }),
    );
  }

  /** A 409 (already friends, already answered) is the app's ordinary life, not a failure. */
  private async attempt<T>(what: string, step: () => Promise<T>): Promise<T | null> {
    try {
      return await step();
    } catch (err) {
      if (!(err instanceof AppRequestError && err.status === 409)) this.failed(what, err);
      return null;
    }
  }
}
