import { createServer, type Server } from 'node:net';

/**
 * `count` distinct TCP ports on 127.0.0.1 that were free a moment ago, for a test that starts servers
 * (or a redis-server) it must know the port of before they print it. A fixed port collides with the
 * same test in the other project, another test file running at the same time, or another checkout.
 */
export async function freePorts(count: number): Promise<number[]> {
  // All held open at once, so the kernel hands out distinct ports.
  const servers = await Promise.all(Array.from({ length: count }, listenOnAnyPort));
  const ports = servers.map((server) => (server.address() as { port: number }).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

export async function freePort(): Promise<number> {
  return (await freePorts(1))[0] as number;
}

function listenOnAnyPort(): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}
