import { readdirSync, readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';

/**
 * Pids of live processes whose environment names this DATA_DIR: a spawned server and whatever started it
 * (`npm start`, the container command). Zombies are left out: they are gone, only not yet reaped.
 */
export function processesUsing(dataDir: string): number[] {
  const needle = `DATA_DIR=${dataDir}\0`;
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        if (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.startsWith('Z')) return false;
        return readFileSync(`/proc/${pid}/environ`, 'latin1').includes(needle);
      } catch {
        return false;
      }
    })
    .map(Number);
}

/**
 * A sign-in to the server on `port` whose body is only half sent: the request is in flight, and a stopping
 * server still drains it, until `finish` sends the rest and resolves with the raw response.
 */
export function halfSentRequest(port: number): Promise<{ finish(): Promise<string> }> {
  const body = JSON.stringify({ username: 'nobody', password: 'wrong-password' });
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(port, '127.0.0.1', () => {
      socket.write(
        `POST /api/v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
      );
      let response = '';
      socket.on('data', (chunk) => {
        response += chunk;
      });
      const ended = new Promise<string>((done) => {
        socket.on('close', () => done(response));
        socket.on('error', (err) => done(`error: ${err.message}`));
      });
      resolve({
        finish: async () => {
          socket.write(body.slice(10));
          return ended;
        },
      });
    });
    socket.once('error', reject);
  });
}
