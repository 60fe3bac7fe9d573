import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** Where PostgreSQL puts its socket: Debian's packages, then the server's own default. */
const SOCKET_DIRECTORIES = ['/var/run/postgresql', '/tmp'];

/**
 * `tcpUrl`'s database and user, reached through the server's Unix socket in libpq's form
 * (`postgres://user@/db?host=/var/run/postgresql`); undefined when no socket for its port is found.
 */
export function unixSocketUrl(tcpUrl: string): string | undefined {
  const url = new URL(tcpUrl);
  const port = url.port || '5432';
  const directory = SOCKET_DIRECTORIES.find((dir) => existsSync(join(dir, `.s.PGSQL.${port}`)));
  if (!directory) return undefined;
  const user = url.username ? `${url.username}${url.password ? `:${url.password}` : ''}@` : '';
  return `postgres://${user}${url.pathname}?host=${encodeURIComponent(directory)}&port=${port}`;
}
