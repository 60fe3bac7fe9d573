import { appAuthEndpoints } from '@switchboard/contract/auth';
import { APP_NAMESPACE, type AppCall, type CallAck } from '@switchboard/contract/calling';
import {
  type AppClientToServerEvents,
  type AppServerToClientEvents,
  type RelayReceipt,
  SOCKET_PATH,
} from '@switchboard/contract/realtime';
import { io, type Socket } from 'socket.io-client';
import { AppClient, AppRequestError } from '../simulator/app-client.ts';

type AppSocket = Socket<AppServerToClientEvents, AppClientToServerEvents>;

/** How often each party of a probe call sends an ICE candidate, and a quality sample (a heard mark). */
const SIGNAL_EVERY_MS = 300;
const QUALITY_EVERY_MS = 2000;
/** The server answers a relay once the other app acknowledged it, or `unavailable` after 5 s. */
const RELAY_ACK_TIMEOUT_MS = 8000;

/**
 * One party of a probe call: an app that signs up over HTTP, keeps one `/app` socket, and while its call
 * is active sends a numbered ICE candidate every 300 ms and a quality sample every 2 s. It records which of
 * its candidates the server acknowledged as delivered and which of the other party's it received, so a
 * test can tell whether anything was acknowledged and then lost. With `reattach`, a socket that comes
 * back (its instance stopped or crashed) re-attaches the call, as the softphone does; without it, the app
 * is gone for good when its connection drops.
 */
export class ProbeParty {
  readonly client: AppClient;
  id = '';
  socket: AppSocket | null = null;
  call: AppCall | null = null;
  /** Every call_state heard, in order. */
  readonly states: AppCall[] = [];
  /** Candidates sent and acknowledged `{ ok: true }`, and the other party's candidates received. */
  readonly acked = new Set<string>();
  readonly received = new Set<string>();
  sent = 0;
  /** Per lost connection: ms until the socket was back, until `call_reattach` answered ok, and until a
   * candidate was acknowledged as delivered again. */
  readonly reconnects: { reconnectedMs: number; reattachedMs: number | null; signallingMs: number | null }[] =
    [];
  private lostAt: number | null = null;
  private pendingSignal: { lostAt: number; index: number } | null = null;
  private timers: NodeJS.Timeout[] = [];
  private stopped = false;

  constructor(
    readonly username: string,
    private readonly baseUrl: string,
    address: string,
    private readonly reattach: boolean,
  ) {
    this.client = new AppClient(baseUrl, address);
  }

  /** Signs up, retrying what a loaded cluster may refuse or not answer (a sign-up that went through signs in). */
  async signUp(password = `Probe-${this.username}-Pass1!`): Promise<void> {
    const body = { username: this.username, password, email: `${this.username}@probe.invalid` };
    for (let attempt = 1; ; attempt++) {
      try {
        const tokens = await this.client.call(appAuthEndpoints.register, { body }).catch((err: unknown) => {
          if (err instanceof AppRequestError && err.status === 409)
            return this.client.call(appAuthEndpoints.login, { body: { username: this.username, password } });
          throw err;
        });
        this.client.signedIn(tokens);
        this.id = tokens.user.id;
        return;
      } catch (err) {
        const refused = err instanceof AppRequestError && err.status < 500 && err.status !== 429;
        if (refused || attempt >= 6) throw err;
        await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
      }
    }
  }

  async connect(): Promise<void> {
    const socket: AppSocket = io(`${this.baseUrl}${APP_NAMESPACE}`, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      reconnection: this.reattach,
      reconnectionDelay: 200,
      reconnectionDelayMax: 2000,
      auth: (send) => {
        this.client.freshToken().then(
          (token) => send({ token }),
          () => send({ token: this.client.token }),
        );
      },
    });
    this.socket = socket;
    socket.on('call_state', (call) => {
      this.states.push(call);
      if (this.call && call.id === this.call.id) this.call = call;
    });
    socket.on('call_incoming', (call) => {
      this.states.push(call);
    });
    socket.on('call_ice_candidate', (message, ack) => {
      ack({ ok: true });
      const text = message.candidate?.candidate;
      if (text) this.received.add(text);
    });
    socket.on('call_description', (_message, ack) => ack({ ok: true }));
    socket.on('disconnect', () => {
      this.lostAt ??= Date.now();
    });
    socket.on('connect', () => {
      const lostAt = this.lostAt;
      if (lostAt === null) return;
      this.lostAt = null;
      const index =
        this.reconnects.push({ reconnectedMs: Date.now() - lostAt, reattachedMs: null, signallingMs: null }) -
        1;
      void this.reattachCall(lostAt, index);
    });
    // A refusal (HAProxy with no instance up answers 503) is tried again, for up to a minute.
    await new Promise<void>((resolve, reject) => {
      const deadline = setTimeout(() => reject(new Error(`${this.username} could not connect`)), 60_000);
      const retry = (err: Error) => {
        if (!this.reattach) setTimeout(() => socket.connect(), 1000);
        else if (!socket.active) reject(err);
      };
      socket.on('connect_error', retry);
      socket.once('connect', () => {
        clearTimeout(deadline);
        socket.off('connect_error', retry);
        resolve();
      });
    });
  }

  /** Re-attaches its call, again every second while the instance it reached cannot (it is stopping too,
   * or busy) and the call still waits for it. */
  private async reattachCall(lostAt: number, index: number): Promise<void> {
    for (;;) {
      const call = this.call;
      if (!call || !this.socket?.connected || this.stopped) return;
      const ack = await this.ask('call_reattach', { call_id: call.id });
      if (ack?.ok) {
        this.call = ack.call;
        const entry = this.reconnects[index];
        if (entry) entry.reattachedMs = Date.now() - lostAt;
        this.pendingSignal = { lostAt, index };
        return;
      }
      if (ack && ack.code !== 'unavailable') return;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }

  async ask(event: 'call_invite' | 'call_accept' | 'call_hangup' | 'call_reattach', payload: object) {
    const socket = this.socket;
    if (!socket?.connected) return null;
    try {
      return (await socket
        .timeout(10_000)
        .emitWithAck(event as 'call_hangup', payload as { call_id: number })) as CallAck;
    } catch {
      return null;
    }
  }

  /** Starts signalling on the active call. */
  talk(call: AppCall): void {
    this.call = call;
    let n = 0;
    this.timers.push(
      setInterval(() => {
        const socket = this.socket;
        const current = this.call;
        if (this.stopped || !socket?.connected || !current || current.status !== 'active') return;
        const text = `${this.username}-${++n}`;
        this.sent++;
        const pending = this.pendingSignal;
        socket
          .timeout(RELAY_ACK_TIMEOUT_MS)
          .emitWithAck('call_ice_candidate', { call_id: current.id, candidate: { candidate: text } })
          .then((receipt: RelayReceipt | { ok: false }) => {
            if (!receipt.ok) return;
            this.acked.add(text);
            if (pending && this.pendingSignal === pending) {
              const entry = this.reconnects[pending.index];
              if (entry) entry.signallingMs = Date.now() - pending.lostAt;
              this.pendingSignal = null;
            }
          })
          .catch(() => undefined);
      }, SIGNAL_EVERY_MS),
      setInterval(() => {
        const current = this.call;
        if (this.stopped || !this.socket?.connected || current?.status !== 'active') return;
        this.socket.emit('call_quality', {
          call_id: current.id,
          rtt_ms: 40,
          jitter_ms: 5,
          packet_loss: 0,
          bitrate_kbps: 48,
          codec: 'opus',
        });
      }, QUALITY_EVERY_MS),
    );
  }

  /** The call as this party last heard it. */
  get lastState(): AppCall | null {
    return this.call;
  }

  close(): void {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    this.socket?.close();
  }
}

/** Two probe parties in an active call: the caller invites, the callee accepts. */
export class ProbeCall {
  constructor(
    readonly caller: ProbeParty,
    readonly callee: ProbeParty,
  ) {}

  get id(): number {
    return this.caller.call?.id ?? 0;
  }

  /** Signs both up (their coins are the caller's to arrange), connects, places and answers the call. */
  static async start(
    names: [string, string],
    urls: [string, string],
    addresses: [string, string],
    options: { reattach: boolean; beforeCall?: (caller: ProbeParty) => Promise<void> },
  ): Promise<ProbeCall> {
    const caller = new ProbeParty(names[0], urls[0], addresses[0], options.reattach);
    const callee = new ProbeParty(names[1], urls[1], addresses[1], options.reattach);
    await caller.signUp();
    await callee.signUp();
    await options.beforeCall?.(caller);
    await caller.connect();
    await callee.connect();
    const probe = new ProbeCall(caller, callee);
    await probe.place();
    return probe;
  }

  private async place(): Promise<void> {
    const ringing = new Promise<AppCall>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('a probe call never rang')), 30_000);
      this.callee.socket?.once('call_incoming', (call) => {
        clearTimeout(timer);
        resolve(call);
      });
    });
    const invited = await this.caller.ask('call_invite', { callee_id: this.callee.id, type: 'voice' });
    if (!invited?.ok) throw new Error(`probe invite refused: ${JSON.stringify(invited)}`);
    this.caller.call = invited.call;
    const incoming = await ringing;
    const accepted = await this.callee.ask('call_accept', { call_id: incoming.id });
    if (!accepted?.ok) throw new Error(`probe accept refused: ${JSON.stringify(accepted)}`);
    this.callee.talk(accepted.call);
    this.caller.talk({ ...invited.call, status: 'active' });
  }

  /** Candidates acknowledged as delivered that the other party never received. */
  lost(): string[] {
    return [
      ...[...this.caller.acked].filter((c) => !this.callee.received.has(c)),
      ...[...this.callee.acked].filter((c) => !this.caller.received.has(c)),
    ];
  }

  close(): void {
    this.caller.close();
    this.callee.close();
  }
}
