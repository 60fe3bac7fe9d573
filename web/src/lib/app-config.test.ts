import { describe, expect, it } from 'vitest';
import { DEFAULT_APP_CONFIG, mergeAppConfig } from '@/lib/app-config.ts';

describe('mergeAppConfig', () => {
  it('takes each well-formed section of /config.json and keeps the default for a malformed one', () => {
    const merged = mergeAppConfig({
      app: { name: 'Switchboard Staging', version: '9.9.9', environment: 'staging' },
      demo: { enabled: true, credentials: { username: 'admin', password: 'Admin123!' } },
      features: { mobile_app: 'yes', real_time_updates: true, webrtc: true },
      server: { api_base_url: '/api/v1', socket_path: '/socket.io', request_timeout_ms: 1.5 },
    });
    expect(merged.app).toEqual({ name: 'Switchboard Staging', version: '9.9.9', environment: 'staging' });
    expect(merged.demo.credentials).toEqual({ username: 'admin', password: 'Admin123!' });
    expect(merged.features).toEqual(DEFAULT_APP_CONFIG.features);
    expect(merged.server).toEqual(DEFAULT_APP_CONFIG.server);
  });

  it('refuses an unknown environment and keeps the defaults for a body that is not an object', () => {
    expect(mergeAppConfig({ app: { name: 'x', version: '1', environment: 'qa' } }).app).toEqual(
      DEFAULT_APP_CONFIG.app,
    );
    expect(mergeAppConfig('<html>')).toEqual(DEFAULT_APP_CONFIG);
    expect(mergeAppConfig(null)).toEqual(DEFAULT_APP_CONFIG);
  });
});
