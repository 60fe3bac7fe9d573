import * as z from 'zod/mini';

/**
 * The sections of `GET /config.json`, each checked on its own by the web app (a malformed section falls
 * back to its default alone). Built with zod/mini: the web parses them before its first screen, where
 * the full zod would double the download.
 */
/** The spec's "two public STUN servers", used unless STUN_URLS says otherwise. */
export const DEFAULT_STUN_URLS = ['stun:stun.l.google.com:19302', 'stun:stun1.l.google.com:19302'];
/** The spec's ICE candidate pool size. */
export const ICE_CANDIDATE_POOL_SIZE = 10;

export const AppConfigSections = {
  server: z.object({
    api_base_url: z.string(),
    socket_path: z.string(),
    request_timeout_ms: z.int(),
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
  /** RTCPeerConnection's configuration for calling apps: STUN, plus TURN when the operator runs one. */
  webrtc: z.object({
    ice_servers: z.array(
      z.object({
        urls: z.array(z.string()),
        username: z.optional(z.string()),
        credential: z.optional(z.string()),
      }),
    ),
    ice_candidate_pool_size: z.int(),
  }),
  /** The live account rules the forms hint and check before the server does. */
  accounts: z.object({
    password_min_length: z.int(),
  }),
  demo: z.object({
    enabled: z.boolean(),
    /** Shown in the login hint only while the demo data is on. */
    credentials: z.nullable(z.object({ username: z.string(), password: z.string() })),
  }),
};

export type AppConfig = { [K in keyof typeof AppConfigSections]: z.infer<(typeof AppConfigSections)[K]> };
