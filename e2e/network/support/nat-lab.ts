import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Two homes, each behind its own NAT, and the "internet" between them: the root namespace, where the
 * server and coturn listen on one address (`service`).
 *
 *   home A (10.N.1.2) ─ nat A (10.N.1.1 | 100.64.N.2) ─┐
 *                                                      ├─ root: 100.64.N.1 (server, coturn), 100.64.N.5
 *   home B (10.N.2.2) ─ nat B (10.N.2.1 | 100.64.N.6) ─┘
 *
 * Each NAT masquerades its home with random ports per flow (a symmetric NAT) and forwards only to the
 * service address; root does not forward (its ip_forward is left as it is and is 0 here, and nothing is
 * routed to the homes' networks). So the homes reach the server and coturn, never each other, and no packet
 * leaves the namespaces and addresses made here: only a TURN relay can join the two browsers.
 */
export interface NatLab {
  /** The root namespace's address the homes reach: where the server and coturn listen. */
  service: string;
  home: { a: Home; b: Home };
  /** Removes every namespace (and with them their links). Safe to call twice. */
  destroy(): void;
}

export interface Home {
  /** The namespace a browser runs in (`ip netns exec <namespace>`). */
  namespace: string;
  /** The NAT in front of it. */
  nat: string;
  /** The NAT's link towards the home, where injected loss towards the home is applied. */
  natInner: string;
  /** The home's own (private) address. */
  address: string;
  /** The NAT's public address, the only address of the home the service sees. */
  publicAddress: string;
}

const run = (args: string[]) => execFileSync(args[0] as string, args.slice(1), { stdio: 'pipe' });
const inNs = (ns: string, args: string[]) => run(['ip', 'netns', 'exec', ns, ...args]);

/**
 * Why the lab cannot be built on this machine, or null when it can: it needs root, `ip` (iproute2)
 * and `iptables`.
 */
export function natLabUnavailable(): string | null {
  if (process.getuid?.() !== 0) return 'the NAT lab needs root (network namespaces and iptables)';
  for (const tool of ['/usr/sbin/ip', '/usr/sbin/iptables'])
    if (!existsSync(tool) && !existsSync(tool.replace('/usr/sbin', '/sbin')))
      return `the NAT lab needs ${tool.split('/').pop()} (Debian's iproute2 and iptables)`;
  return null;
}

/** A third octet no route of this machine uses yet, so two labs (or the host) never overlap. */
function freeOctet(): number {
  const routes = execFileSync('ip', ['-4', 'route', 'show', 'table', 'all'], { encoding: 'utf8' });
  const start = process.pid % 200;
  for (let i = 0; i < 200; i++) {
    const n = 20 + ((start + i) % 200);
    if (!routes.includes(`100.64.${n}.`) && !routes.includes(`10.${n}.`)) return n;
  }
  throw new Error('no free 100.64.N.0/29 for the NAT lab');
}

export function createNatLab(): NatLab {
  const id = `sb${process.pid % 100_000}`;
  const n = freeOctet();
  const namespaces: string[] = [];
  let destroyed = false;
  const destroy = () => {
    if (destroyed) return;
    destroyed = true;
    for (const ns of namespaces.reverse()) {
      try {
        run(['ip', 'netns', 'delete', ns]);
      } catch {
        // already gone
      }
    }
    process.off('exit', destroy);
  };
  // Even when the test process ends without its `after` hooks (an uncaught error, a signal).
  process.on('exit', destroy);
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      destroy();
      process.exit(1);
    });

  const service = `100.64.${n}.1`;
  const makeHome = (letter: 'a' | 'b', index: 0 | 1): Home => {
    const home = `${id}-home${letter}`;
    const nat = `${id}-nat${letter}`;
    for (const ns of [nat, home]) {
      run(['ip', 'netns', 'add', ns]);
      namespaces.push(ns);
      inNs(ns, ['ip', 'link', 'set', 'lo', 'up']);
    }
    const rootEnd = `${id}${letter}r`;
    const natOuter = `${id}${letter}o`;
    const natInner = `${id}${letter}i`;
    const homeEnd = `${id}${letter}h`;
    const rootAddress = `100.64.${n}.${index * 4 + 1}`;
    const publicAddress = `100.64.${n}.${index * 4 + 2}`;
    const privateNet = `10.${n}.${index + 1}`;
    // root ─ nat
    run(['ip', 'link', 'add', rootEnd, 'type', 'veth', 'peer', 'name', natOuter]);
    run(['ip', 'link', 'set', natOuter, 'netns', nat]);
    run(['ip', 'addr', 'add', `${rootAddress}/30`, 'dev', rootEnd]);
    run(['ip', 'link', 'set', rootEnd, 'up']);
    inNs(nat, ['ip', 'addr', 'add', `${publicAddress}/30`, 'dev', natOuter]);
    inNs(nat, ['ip', 'link', 'set', natOuter, 'up']);
    inNs(nat, ['ip', 'route', 'add', 'default', 'via', rootAddress]);
    // nat ─ home
    inNs(nat, ['ip', 'link', 'add', natInner, 'type', 'veth', 'peer', 'name', homeEnd]);
    inNs(nat, ['ip', 'link', 'set', homeEnd, 'netns', home]);
    inNs(nat, ['ip', 'addr', 'add', `${privateNet}.1/24`, 'dev', natInner]);
    inNs(nat, ['ip', 'link', 'set', natInner, 'up']);
    inNs(home, ['ip', 'addr', 'add', `${privateNet}.2/24`, 'dev', homeEnd]);
    inNs(home, ['ip', 'link', 'set', homeEnd, 'up']);
    inNs(home, ['ip', 'route', 'add', 'default', 'via', `${privateNet}.1`]);
    // The NAT: forward the home's flows to the service only, masqueraded with a random port per flow.
    inNs(nat, ['sysctl', '-q', '-w', 'net.ipv4.ip_forward=1']);
    inNs(nat, ['iptables', '-P', 'FORWARD', 'DROP']);
    inNs(nat, ['iptables', '-A', 'FORWARD', '-i', natInner, '-o', natOuter, '-d', service, '-j', 'ACCEPT']);
    inNs(nat, [
      'iptables',
      '-A',
      'FORWARD',
      '-i',
      natOuter,
      '-o',
      natInner,
      '-m',
      'conntrack',
      '--ctstate',
      'ESTABLISHED,RELATED',
      '-j',
      'ACCEPT',
    ]);
    inNs(nat, [
      'iptables',
      '-t',
      'nat',
      '-A',
      'POSTROUTING',
      '-o',
      natOuter,
      '-j',
      'MASQUERADE',
      '--random-fully',
    ]);
    return { namespace: home, nat, natInner, address: `${privateNet}.2`, publicAddress };
  };

  try {
    const a = makeHome('a', 0);
    const b = makeHome('b', 1);
    return { service, home: { a, b }, destroy };
  } catch (error) {
    destroy();
    throw error;
  }
}

/**
 * Drops `percent` of the UDP packets a home receives, at its NAT (the kernel here has no netem qdisc, so the
 * loss is injected with iptables' random match instead of `tc netem`). Media, ICE and TURN are UDP; the
 * app's socket to the server is TCP and stays whole. Returns the undo.
 */
export function dropUdpTowards(home: Home, percent: number): () => void {
  const rule = [
    'FORWARD',
    '-o',
    home.natInner,
    '-p',
    'udp',
    '-m',
    'statistic',
    '--mode',
    'random',
    '--probability',
    String(percent / 100),
    '-j',
    'DROP',
  ];
  inNs(home.nat, ['iptables', '-I', ...rule]);
  return () => inNs(home.nat, ['iptables', '-D', ...rule]);
}
