import { z } from 'zod';
import { AppConfigSections } from './app-config-sections.ts';
import { endpoint } from './endpoint.ts';

/** What `GET /config.json` gives the web app at start-up. */
export const AppConfig = z.object(AppConfigSections);
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
