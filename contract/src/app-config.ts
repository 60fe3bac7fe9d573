import { z } from 'zod';
import { endpoint } from './endpoint.ts';

/** What `GET /config.json` gives the web app at start-up. */
export const AppConfig = z.object({
  server: z.object({
    api_base_url: z.string(),
    socket_path: z.string(),
    request_timeout_ms: z.number().int(),
  }),
  app: z.object({
    name: z.string(),
    version: z.string(),
    environment: z.enum(['development', 'staging', 'production']),
  }),
  features: z.object({
    mobile_app: z.boolean(),
    real_time_updates: z.boolean(),
    webrtc: z.boolean(),
  }),
  demo: z.object({
    enabled: z.boolean(),
    /** Shown in the login hint only while the demo data is on. */
    credentials: z.object({ username: z.string(), password: z.string() }).nullable(),
  }),
});
export type AppConfig = z.infer<typeof AppConfig>;

/** Public: the web app reads it before anyone signs in. */
export const appConfigEndpoint = endpoint({
  method: 'GET',
  path: '/config.json',
  tag: 'config',
  access: 'public',
  outsideApi: true,
  response: AppConfig,
});
