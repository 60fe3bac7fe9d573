// `npm run simulate -- --users 500 --rate 2 [--social 2] [--url http://127.0.0.1:8080] [--seed 1] [--duration 600]
// [--online 1]`: virtual app users against a running server, through its HTTP API and `/app` socket.
// `--url a,b` spreads them over several instances of one server; `--online` holds a fixed share online. Ctrl-C ends
// their calls and stops. Run the server with TRUST_PROXY=127.0.0.1 so each user counts as its own
// client; without it they share this machine's address and its request budget.
import { parseArgs } from 'node:util';
import { startSimulation } from './simulation.ts';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '100' },
    rate: { type: 'string', default: '1' },
    social: { type: 'string' },
    url: { type: 'string', default: 'http://127.0.0.1:8080' },
    seed: { type: 'string', default: '1' },
    duration: { type: 'string' },
    online: { type: 'string' },
  },
});

const number = (name: keyof typeof values, min: number, max: number): number => {
  const value = Number(values[name]);
  if (!Number.isFinite(value) || value < min || value > max) {
    console.error(`--${name} must be a number from ${min} to ${max}`);
    process.exit(2);
  }
  return value;
};
const users = Math.floor(number('users', 2, 100_000));
const rate = number('rate', 0, 1000);
const socialRate = values.social === undefined ? undefined : number('social', 0, 1000);
const seed = Math.floor(number('seed', 0, 2 ** 31));
const duration = values.duration === undefined ? null : number('duration', 1, 7 * 86_400);
const onlineShare = values.online === undefined ? undefined : number('online', 0, 1);
const urls = String(values.url)
  .split(',')
  .map((u) => u.trim().replace(/\/+$/, ''))
  .filter(Boolean);
const url = urls.join(', ');

const tty = process.stdout.isTTY;
const print = (line: string) => process.stdout.write(tty ? `\r\x1b[K${line}` : `${line}\n`);
const simulation = startSimulation({
  url: urls[0] as string,
  urls,
  onlineShare,
  users,
  rate,
  socialRate,
  seed,
  log: (line) => print(`${line}\n`),
});
console.log(`Simulating ${users} app users against ${url}, ${rate} call attempts/s, seed ${seed}`);

let lastPrinted = 0;
const progress = setInterval(() => {
  const s = simulation.stats();
  const delivery = s.inviteDeliveryP95Ms === null ? '' : ` · invite delivery p95 ${s.inviteDeliveryP95Ms} ms`;
  const across =
    urls.length > 1 ? ` · connected across instances ${s.connectedAcrossInstances}/${s.connectedCalls}` : '';
  const line = `online ${s.online} · calls active ${s.activeCalls} · ringing ${s.ringing} · ${s.eventsPerSecond} events/s${delivery}${across} · errors ${s.errors}${s.lastError ? ` (last: ${s.lastError.slice(0, 80)})` : ''}`;
  // A log file gets a line every 10 s, a terminal a live one.
  if (tty || Date.now() - lastPrinted >= 10_000) {
    print(line);
    lastPrinted = Date.now();
  }
}, 1000);

let stopping = false;
const stop = async () => {
  if (stopping) process.exit(1);
  stopping = true;
  clearInterval(progress);
  print('Stopping: ending the simulated calls…\n');
  await simulation.stop();
  const s = simulation.stats();
  console.log(`Stopped. ${s.errors} errors.`);
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
if (duration !== null) setTimeout(() => void stop(), duration * 1000);
