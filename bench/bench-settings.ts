// The settings a bench run needs for its duration (bench/run.ts, bench/tracing-cost.ts and the others):
// no rate limit in the way, and no scheduled backup in the middle of a measurement.
import { BROWSER_ACCEPT_ENCODING } from './browser-headers.ts';

/**
 * Lifts every rate limit a run would hit (per address, per admin, sign-ins) and turns the automatic
 * backup off, in one settings save, and returns how to put the settings back.
 */
export async function settingsForBench(baseUrl: string, token: string): Promise<() => Promise<void>> {
  const url = `${baseUrl}/api/v1/admin/settings`;
  const headers = {
    ...BROWSER_ACCEPT_ENCODING,
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
  };
  const put = async (body: unknown) => {
    const res = await fetch(url, { method: 'PUT', headers, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`PUT settings answered ${res.status}: ${await res.text()}`);
  };
  const res = await fetch(url, { headers });
  if (!res.ok) throw new Error(`GET settings answered ${res.status}: ${await res.text()}`);
  const settings = (
    (await res.json()) as {
      data: { api: object; security_policies: object; database: object } & Record<string, unknown>;
    }
  ).data;
  await put({
    ...settings,
    api: { ...settings.api, rate_limit_enabled: false },
    database: { ...settings.database, auto_backup: false },
    security_policies: {
      ...settings.security_policies,
      admin_requests_per_minute: 1_000_000,
      login_attempts_per_minute: 1000,
    },
  });
  return () => put(settings);
}
