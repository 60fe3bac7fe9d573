import { appAuthEndpoints, type TokenResponse } from '@switchboard/contract/auth';
import {
  APP_NAMESPACE,
  type AppCall,
  type AppCallType,
  type CallAck,
  type OkAck,
  QUALITY_SAMPLE_INTERVAL_MS,
} from '@switchboard/contract/calling';
import { coinPackageEndpoints } from '@switchboard/contract/coin-packages';
import { purchasesEndpoints } from '@switchboard/contract/purchases';
import {
  type AppClientToServerEvents,
  type AppServerToClientEvents,
  SOCKET_PATH,
} from '@switchboard/contract/realtime';
import { sendWithRetry } from '@switchboard/contract/relay-retry';
import { io, type Socket } from 'socket.io-client';
import type { Random } from '../synthetic/prng.ts';
import { AppClient, AppRequestError } from './app-client.ts';
import { planSide } from './call-setup.ts';
import { type NetworkProfile, qualitySample } from './network-profiles.ts';
import { SocialLife } from './social-life.ts';

/** How long a relayed message waits for its receipt before it counts as undelivered (the server waits 5 s). */
const RELAY_RECEIPT_WAIT_MS = 7000;

type AppSocket = Socket<AppServerToClientEvents, AppClientToServerEvents>;

/** What a virtual user reports to the simulation that drives it. */
export interface UserObserver {
  event(): void;
  error(what: string, err: unknown): void;
  /** A call of this user's ended by someone else than its parties (an admin's force-end). */
  endedByAdmin(call: AppCall): void;
  /** An invitation reached its callee's socket `ms` after the caller sent it. */
  delivered(ms: number): void;
  /** A call this user placed connected; `acrossInstances` when its parties are on different servers. */
  connected(acrossInstances: boolean): void;
  /**
   * The socket came back (its server stopped or crashed) `ms` after it was lost, and the live call it
   * carried re-attached (`ok`), or was over by then.
   */
  reattached?(ms: number, ok: boolean): void;
  /** The socket came back `ms` after it was lost, whether or not it carried a call. */
  reconnected?(ms: number): void;
}

export interface VirtualUserIdentity {
  username: string;
  password: string;
  address: string;
  profile: NetworkProfile;
}

interface OwnCall {
  call: AppCall;
  /** The server the other party is connected to, when this user placed the call. */
  calleeUrl?: string;
  samples: ReturnType<typeof setInterval> | null;
  hangUp: ReturnType<typeof setTimeout> | null;
  /** Whether it has become active on this side (the offer went out, the talk time is set). */
  answered?: boolean;
  /** The ICE and first-media timers of this side, once the SDP is exchanged. */
  setup?: ReturnType<typeof setTimeout>[];
}

/** The SDP a simulated app sends: the relay carries it unread. */
const SIMULATED_SDP = 'v=0\r\no=- 0 0 IN IP4 0.0.0.0\r\ns=simulated\r\nt=0 0\r\n';

/** How a callee answers: most calls are answered within seconds, some declined, some left to ring out. */
const ANSWER = 0.8;
const DECLINE = 0.08;
/** Median talk time, seconds (log-normal around it), and its cap so a run is not dominated by one call. */
const TALK_MEDIAN_S: Record<AppCallType, number> = { voice: 60, video: 120 };
const TALK_MAX_S = 15 * 60;

/**
 * One simulated app user: it signs up or in over HTTP, comes online on the `/app` socket, places and
 * answers calls, reports quality samples every 5 s while in one, and buys coins when a call is refused
 * for want of them. Everything goes through the doors a real app uses.
 */
export class VirtualUser {
  readonly client: AppClient;
  readonly social: SocialLife;
  id: string | null = null;
  private socket: AppSocket | null = null;
  private current: OwnCall | null = null;
  private pausedUntil = 0;
  /** When a caller sent this user an invitation not yet received, to time its delivery. */
  private invitedAt: number | null = null;

  constructor(
    readonly identity: VirtualUserIdentity,
    private readonly baseUrl: string,
    private readonly rng: Random,
    private readonly observer: UserObserver,
    private readonly talkMedianSeconds?: number,
  ) {
    this.client = new AppClient(baseUrl, identity.address);
    this.social = new SocialLife(this.client, rng, (what, err) => observer.error(what, err));
  }

  get online(): boolean {
    return this.socket?.connected === true;
  }
  get inCall(): boolean {
    return this.current !== null;
  }
  get activeCall(): AppCall | null {
    return this.current?.call.status === 'active' ? this.current.call : null;
  }
  /** Calling someone who has not answered yet. */
  get placing(): boolean {
    return this.current?.call.status === 'ringing' && this.current.call.caller_id === this.id;
  }
  /** Backing off after a 429 or a failure. */
  get resting(): boolean {
    return Date.now() < this.pausedUntil;
  }

  /** Signs up the first time, and in afterwards (the username is taken then). */
  async signIn(): Promise<void> {
    const { username, password } = this.identity;
    let tokens: TokenResponse;
    try {
      tokens = await this.client.call(appAuthEndpoints.register, {
        body: { username, password, email: `${username}@simulated.invalid` },
      });
    } catch (err) {
      if (!(err instanceof AppRequestError) || err.status !== 409) throw err;
      tokens = await this.client.call(appAuthEndpoints.login, { body: { username, password } });
    }
    this.client.signedIn(tokens);
    this.id = tokens.user.id;
  }

  async comeOnline(): Promise<void> {
    if (this.socket) return;
    try {
      if (!this.id) await this.signIn();
    } catch (err) {
      this.rest(err);
      throw err;
    }
    const socket: AppSocket = io(`${this.baseUrl}${APP_NAMESPACE}`, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      extraHeaders: { 'x-forwarded-for': this.identity.address },
      auth: (send) => {
        this.client.freshToken().then(
          (token) => send({ token }),
          () => send({ token: this.client.token }),
        );
      },
    });
    this.socket = socket;
    socket.on('call_incoming', (call) => this.ring(call));
    socket.on('call_state', (call) => this.follow(call));
    socket.on('call_description', ({ call_id, description }, ack) => {
      ack({ ok: true });
      this.observer.event();
      // The callee answers the caller's offer; each side's ICE starts once it has both descriptions.
      if (description.type === 'offer') {
        this.relay({ call_id, description: { type: 'answer', sdp: SIMULATED_SDP } });
        this.connectMedia(call_id);
      } else if (description.type === 'answer') this.connectMedia(call_id);
    });
    socket.on('call_ice_candidate', (_message, ack) => {
      ack({ ok: true });
      this.observer.event();
    });
    socket.on('notification', (n) => this.later(() => this.social.received('notification', n.id)));
    socket.on('official_message', (m) =>
      this.later(() => this.social.received('official', m.id, m.is_important || m.is_urgent)),
    );
    socket.on('connect_error', (err) => this.observer.error('socket', err));
    // Its server went away (a deploy, a crash): the socket reconnects, through the load balancer to
    // another instance, and carries its live call again from there.
    let lostAt: number | null = null;
    socket.on('disconnect', () => {
      lostAt = Date.now();
    });
    socket.on('connect', () => {
      if (lostAt === null) return;
      const since = lostAt;
      lostAt = null;
      this.observer.reconnected?.(Date.now() - since);
      void this.reattach(since);
    });
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(done, 10_000);
      socket.once('connect', done);
      socket.once('connect_error', done);
    });
  }

  /** Something the user does a few seconds after it happens, as a person would. */
  later(step: () => Promise<void>): void {
    this.observer.event();
    setTimeout(() => void step(), this.rng.between(1000, 8000)).unref();
  }

  goOffline(): void {
    this.clearCall();
    this.socket?.disconnect();
    this.socket = null;
  }

  /**
   * Places a call; a refusal for want of coins sends the user to the shop, and then calls again, as a
   * person topping up to make that call would.
   */
  async place(callee: VirtualUser, type: AppCallType, topUp = true): Promise<void> {
    if (!this.socket || !callee.id || this.current) return;
    callee.invitedAt = Date.now();
    const ack = await this.emitWithAck('call_invite', { callee_id: callee.id, type });
    if (ack.ok) {
      this.current ??= { call: ack.call, samples: null, hangUp: null };
      this.current.calleeUrl = callee.baseUrl;
      return;
    }
    callee.invitedAt = null;
    if (ack.code === 'insufficient_coins' && topUp && (await this.buyCoins()) && !callee.inCall)
      await this.place(callee, type, false);
  }

  /** Hangs up whatever call this user is in (the simulation's Ctrl-C, or the talk time is over). */
  async hangUp(): Promise<void> {
    const own = this.current;
    if (!own || !this.socket) return;
    await this.emitWithAck('call_hangup', { call_id: own.call.id });
  }

  /** Buys the first package on offer; whether it was bought. */
  async buyCoins(): Promise<boolean> {
    try {
      const { data } = await this.client.call(coinPackageEndpoints.packages);
      const offer = data.packages[0];
      if (!offer) return false;
      // The simulator runs only with demo data, where the demo provider stands in for a payment.
      await this.client.call(purchasesEndpoints.buy, {
        params: { id: offer.id },
        body: { provider: 'demo' },
      });
      this.observer.event();
      return true;
    } catch (err) {
      this.rest(err);
      this.observer.error('buying coins', err);
      return false;
    }
  }

  /**
   * Carries its live call again from the instance the socket reached. An instance that cannot yet (it is
   * stopping too, or did not answer) is asked again every second while the call still waits for this side.
   */
  private async reattach(lostAt: number): Promise<void> {
    for (;;) {
      const own = this.current;
      if (!own || !this.socket?.connected) return;
      const ack = await this.emitWithAck('call_reattach', { call_id: own.call.id });
      if (this.current !== own) return;
      if (ack.ok) {
        this.observer.reattached?.(Date.now() - lostAt, true);
        this.follow(ack.call);
        return;
      }
      if (ack.code !== 'unavailable') {
        this.observer.reattached?.(Date.now() - lostAt, false);
        this.clearCall();
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }

  private ring(call: AppCall): void {
    // After a Redis outage the server may ring the same call again: this user already hears it.
    if (this.current?.call.id === call.id) return;
    this.observer.event();
    if (this.invitedAt !== null) this.observer.delivered(Date.now() - this.invitedAt);
    this.invitedAt = null;
    if (this.current || !this.socket) {
      void this.emitWithAck('call_decline', { call_id: call.id });
      return;
    }
    this.current = { call, samples: null, hangUp: null };
    this.socket.emit('call_setup_report', { call_id: call.id, step: 'ringing' });
    const choice = this.rng.next();
    if (choice >= ANSWER + DECLINE) return; // left to ring out: the server marks it missed
    const step = choice < ANSWER ? 'call_accept' : 'call_decline';
    setTimeout(() => void this.emitWithAck(step, { call_id: call.id }), this.rng.between(1000, 6000)).unref();
  }

  private follow(call: AppCall): void {
    this.observer.event();
    const own = this.current;
    if (!own || own.call.id !== call.id) return;
    own.call = call;
    if (call.status === 'active' && !own.answered) {
      own.answered = true;
      if (own.calleeUrl !== undefined) this.observer.connected(own.calleeUrl !== this.baseUrl);
      // The callee answered: the caller offers.
      if (call.caller_id === this.id)
        this.relay({ call_id: call.id, description: { type: 'offer', sdp: SIMULATED_SDP } });
      // The caller decides how long the conversation lasts.
      if (call.caller_id === this.id) {
        const median = this.talkMedianSeconds ?? TALK_MEDIAN_S[call.type];
        const talk = Math.min(TALK_MAX_S, median * Math.exp(this.rng.normal() * 0.8));
        own.hangUp = setTimeout(() => void this.hangUp(), Math.max(1, talk) * 1000);
        own.hangUp.unref();
      }
    }
    if (call.status !== 'ringing' && call.status !== 'active') {
      if (call.end_reason === 'admin_ended') this.observer.endedByAdmin(call);
      this.clearCall();
    }
  }

  /**
   * This side's ICE after the offer and answer: it connects (and reports its path, then its first media,
   * then a quality sample every 5 s), or it fails, reports so, and the caller gives up a moment later.
   */
  private connectMedia(callId: number): void {
    const own = this.current;
    const socket = this.socket;
    if (!own || own.call.id !== callId || own.setup || !socket) return;
    const plan = planSide(this.rng, this.identity.profile);
    const after = (ms: number, step: () => void) => {
      const timer = setTimeout(step, ms);
      timer.unref();
      return timer;
    };
    if (!plan.connects) {
      own.setup = [
        after(plan.failAfterMs, () => {
          socket.emit('call_setup_report', { call_id: callId, step: 'ice_failed' });
          if (own.call.caller_id === this.id) after(500, () => void this.hangUp());
        }),
      ];
      return;
    }
    own.setup = [
      after(plan.iceMs, () => {
        socket.emit('call_setup_report', { call_id: callId, step: 'ice_connected' });
        socket.emit('call_path_report', { call_id: callId, ...plan.path });
      }),
      after(plan.mediaMs, () => {
        socket.emit('call_setup_report', { call_id: callId, step: 'first_media' });
        if (this.current !== own || own.samples) return;
        own.samples = setInterval(() => this.report(own.call), QUALITY_SAMPLE_INTERVAL_MS);
        own.samples.unref();
      }),
    ];
  }

  private report(call: AppCall): void {
    this.socket?.emit('call_quality', qualitySample(this.rng, this.identity.profile, call.id, call.type));
    this.observer.event();
  }

  private clearCall(): void {
    if (this.current?.samples) clearInterval(this.current.samples);
    if (this.current?.hangUp) clearTimeout(this.current.hangUp);
    for (const timer of this.current?.setup ?? []) clearTimeout(timer);
    this.current = null;
  }

  private rest(err: unknown): void {
    const seconds = err instanceof AppRequestError && err.retryAfterSeconds ? err.retryAfterSeconds : 10;
    this.pausedUntil = Date.now() + seconds * 1000;
  }

  /** Signalling, sent again while the server answers `unavailable` and the call is still this user's. */
  private relay(payload: { call_id: number; description: { type: 'offer' | 'answer'; sdp: string } }): void {
    const socket = this.socket;
    if (!socket) return;
    void sendWithRetry(
      () => socket.timeout(RELAY_RECEIPT_WAIT_MS).emitWithAck('call_description', payload) as Promise<OkAck>,
      { stillWanted: () => this.current?.call.id === payload.call_id && this.socket === socket },
    ).then((ack) => {
      if (!ack.ok) this.observer.error('call_description', new Error(ack.message));
    });
  }

  private async emitWithAck(
    event: 'call_invite' | 'call_accept' | 'call_decline' | 'call_hangup' | 'call_reattach',
    payload: { call_id: number } | { callee_id: string; type: AppCallType },
  ): Promise<CallAck> {
    const socket = this.socket;
    if (!socket) return { ok: false, code: 'unavailable', message: 'offline' };
    this.observer.event();
    try {
      const ack = (await socket
        .timeout(10_000)
        // The four share one payload-and-ack shape; the union of their signatures is not callable as one.
        .emitWithAck(event as 'call_hangup', payload as { call_id: number })) as CallAck;
      if (!ack.ok && ack.code === 'unavailable') this.observer.error(event, new Error(ack.message));
      return ack;
    } catch (err) {
      this.observer.error(event, err);
      return { ok: false, code: 'unavailable', message: 'no answer' };
    }
  }
}
