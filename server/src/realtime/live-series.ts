import { LIVE_SERIES_MINUTES, type LivePoint } from '@switchboard/contract/monitoring';

/**
 * The last LIVE_SERIES_MINUTES of live points, kept in memory by each instance so an admin who opens the
 * monitor sees the recent past at once, without a query per point. Instances read the same database, so
 * their series agree; a restart starts an empty one.
 */
export class LiveSeries {
  private readonly points: LivePoint[] = [];

  add(point: LivePoint): void {
    this.points.push(point);
    const oldest = Date.parse(point.at) - LIVE_SERIES_MINUTES * 60_000;
    while (this.points.length > 0 && Date.parse((this.points[0] as LivePoint).at) < oldest)
      this.points.shift();
  }

  all(): LivePoint[] {
    return [...this.points];
  }
}

interface LiveSeriesServer {
  on(
    event: 'connection',
    listener: (socket: {
      rooms: ReadonlySet<string>;
      emit(event: 'live_series', points: LivePoint[]): unknown;
    }) => void,
  ): unknown;
  local: { to(room: string): { emit(event: 'live_series', points: LivePoint[]): unknown } };
}

/**
 * Takes a point every `everyMs` (whether or not an admin is watching, so the chart has its past), sends
 * each new point to this instance's sockets in `room`, and the whole series to each of them as they connect.
 */
export function pushLiveSeries(
  io: LiveSeriesServer,
  /** The room of the sockets that may see it. */
  room: string,
  readPoint: () => Promise<LivePoint>,
  everyMs: number,
  log: { warn(details: object, message: string): void },
): () => void {
  const series = new LiveSeries();
  io.on('connection', (socket) => {
    if (socket.rooms.has(room)) socket.emit('live_series', series.all());
  });
  const take = () =>
    readPoint().then(
      (point) => {
        series.add(point);
        io.local.to(room).emit('live_series', [point]);
      },
      (err: unknown) => log.warn({ err }, 'live point not taken'),
    );
  void take();
  const timer = setInterval(take, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
