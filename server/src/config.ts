import { randomBytes, X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEMO_ADMIN } from '@switchboard/contract/demo-admin';
import { z } from 'zod';

/** The only reader of process.env (docs/architecture.md). */
const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'])
  .transform((v) => ['1', 'true', 'on', 'yes'].includes(v));

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEMO_DATA: booleanFlag.optional(),
  /** A light traffic simulator (virtual app users) while demo data is on; on by default then. */
  DEMO_TRAFFIC: booleanFlag.optional(),
  APP_ENV: z.enum(['development', 'staging', 'production']).default('production'),
  /** Off, a number of proxy hops to trust, or a comma-separated list of proxy addresses/CIDRs. */
  TRUST_PROXY: z
    .string()
    .regex(
      /^(off|\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/,
      'must be off, a hop count, or proxy addresses',
    )
    .optional()
    .transform((value) => (value === undefined ? undefined : parseTrustProxy(value))),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  BACKUP_DIR: z.string().min(1).optional(),
  /** Comma-separated STUN URLs for calling apps; unset means the spec's two public STUN servers. */
  STUN_URLS: iceUrls('stun').optional(),
  /** Comma-separated TURN URLs (turn: or turns:), offered to signed-in apps. */
  TURN_URLS: iceUrls('turns?').optional(),
  /** coturn's static-auth-secret: each app gets time-limited credentials (TURN REST API). */
  TURN_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Fixed TURN credentials, when the TURN server has no shared secret. */
  TURN_USERNAME: z.string().min(1).max(200).optional(),
  TURN_PASSWORD: z.string().min(1).max(200).optional(),
  /** Seconds a time-limited TURN credential stays valid. */
  TURN_CREDENTIAL_TTL: z.coerce.number().int().min(60).max(604_800).default(86_400),
  /** The operator's SMS or e-mail gateway: app users' one-time sign-in codes are POSTed here as JSON. */
  OTP_WEBHOOK_URL: z
    .string()
    .refine((v) => /^https?:\/\/[^\s]+$/i.test(v) && URL.canParse(v), 'must be an http(s) URL')
    .optional(),
  /** An OpenTelemetry collector (OTLP over HTTP): set, the server exports traces there; unset, tracing is not loaded. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .string()
    .refine((v) => /^https?:\/\/[^\s]+$/i.test(v) && URL.canParse(v), 'must be an http(s) URL')
    .optional(),
  /** Headers for the collector (`key=value,key2=value2`, values URL-encoded), e.g. an API key. */
  OTEL_EXPORTER_OTLP_HEADERS: z
    .string()
    .regex(/^\s*[^=,\s]+\s*=[^,]*(,\s*[^=,\s]+\s*=[^,]*)*$/, 'must be key=value pairs, comma-separated')
    .optional(),
  OTEL_SERVICE_NAME: z.string().min(1).max(200).default('switchboard'),
  /** Stripe's secret API key (sk_live_… or sk_test_…): starts Checkout and sends console refunds. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(live|test)_\S+$/, 'must be a Stripe secret key (sk_…)')
    .optional(),
  /** The webhook endpoint's signing secret (whsec_…): every Stripe event is checked against it. */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\S+$/, 'must be a webhook signing secret (whsec_…)')
    .optional(),
  /** The app's bundle identifier: App Store transactions of any other app are refused. */
  APPLE_BUNDLE_ID: z.string().min(1).max(200).optional(),
  /** Comma-separated paths of Apple's root certificates (DER or PEM, from apple.com/certificateauthority). */
  APPLE_ROOT_CERTS: z.string().min(1).optional(),
  APPLE_ENVIRONMENT: z.enum(['Production', 'Sandbox']).default('Production'),
  /** The app's Apple ID (a number); required in Production. */
  APPLE_APP_APPLE_ID: z.coerce.number().int().positive().optional(),
  /** Checks each certificate's revocation (OCSP) at Apple; on by default. */
  APPLE_ONLINE_CHECKS: booleanFlag.optional(),
});

function iceUrls(scheme: string) {
  const url = new RegExp(`^${scheme}:[^\\s,]+$`);
  return z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean),
    )
    .refine(
      (urls) => urls.length > 0 && urls.every((u) => url.test(u)),
      `must be ${scheme}: URLs, comma-separated`,
    );
}

/** ICE servers for calling apps (see modules/app-config/ice-servers.ts). */
export interface IceConfig {
  stunUrls: string[] | undefined;
  turnUrls: string[];
  turnSecret: string | undefined;
  turnUsername: string | undefined;
  turnPassword: string | undefined;
  turnCredentialTtlSeconds: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset means the embedded PGlite database in dataDir. */
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  jwtSecret: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  demoData: boolean;
  /** Virtual app users calling each other through this server (demo data only). */
  demoTraffic: boolean;
  /** The seeded root admin's sign-in, shown as the login hint; null without demo data. */
  demoCredentials: { username: string; password: string } | null;
  appEnv: z.infer<typeof EnvSchema>['APP_ENV'];
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses. */
  trustProxy: false | number | string[];
  /** Bearer token that lets non-loopback clients read the Prometheus /metrics; unset means loopback only. */
  metricsToken: string | undefined;
  /** Where backup files go; unset means DATA_DIR/backups. Several instances need one they all reach. */
  backupDir?: string;
  ice: IceConfig;
  /** Where one-time sign-in codes are sent; it may carry a secret, so it is never logged. */
  otpWebhookUrl?: string;
  /** OpenTelemetry trace export, only when OTEL_EXPORTER_OTLP_ENDPOINT is set; never logged (it may carry credentials). */
  tracing?: TracingConfig;
  /** The payment providers configured here; their secrets are never logged nor shown. */
  payments: PaymentsConfig;
}

export interface PaymentsConfig {
  stripe?: {
    secretKey: string | undefined;
    webhookSecret: string | undefined;
    /** Where Stripe's API is reached; unset is api.stripe.com (tests point it at a local stand-in). */
    api?: { host: string; port: number; protocol: 'http' | 'https' };
  };
  apple?: AppleConfig;
}

export interface AppleConfig {
  bundleId: string;
  /** DER-encoded root certificates the signed transactions must chain to. */
  rootCertificates: Buffer[];
  environment: 'Production' | 'Sandbox';
  appAppleId: number | undefined;
  onlineChecks: boolean;
}

export interface TracingConfig {
  /** The collector's base URL; spans go to `<endpoint>/v1/traces`, as the OTLP specification says. */
  endpoint: string;
  headers: Record<string, string>;
  serviceName: string;
}

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws a ConfigError whose message is one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blanksRemoved = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = EnvSchema.safeParse(blanksRemoved);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(
      `Invalid configuration: ${String(issue?.path[0])} ${issue?.message ?? 'is invalid'}`,
    );
  }
  const e = parsed.data;
  if (e.REDIS_URL && !e.JWT_SECRET) {
    // Several instances each generating their own secret would reject each other's tokens.
    throw new ConfigError(
      'Invalid configuration: JWT_SECRET must be set when REDIS_URL is (every instance needs the same one)',
    );
  }
  if (e.REDIS_URL && !e.BACKUP_DIR) {
    // A backup on one instance's own disk could not be downloaded or restored through the others.
    throw new ConfigError(
      'Invalid configuration: BACKUP_DIR must be set when REDIS_URL is (a directory every instance mounts, so any of them can download or restore every backup)',
    );
  }
  if (e.TURN_URLS && !e.TURN_SECRET && !(e.TURN_USERNAME && e.TURN_PASSWORD)) {
    throw new ConfigError(
      'Invalid configuration: TURN_URLS needs TURN_SECRET, or TURN_USERNAME and TURN_PASSWORD',
    );
  }
  const dataDir = resolve(e.DATA_DIR);
  const demoData = e.DEMO_DATA ?? e.DATABASE_URL === undefined;
  const demoTraffic = demoData && (e.DEMO_TRAFFIC ?? true);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    jwtSecret: e.JWT_SECRET ?? persistedSecret(dataDir),
    logLevel: e.LOG_LEVEL,
    demoData,
    demoTraffic,
    demoCredentials: demoData ? { username: DEMO_ADMIN.username, password: DEMO_ADMIN.password } : null,
    appEnv: e.APP_ENV,
    // The demo traffic's virtual users each come from an address of their own, which this loopback
    // hop forwards (X-Forwarded-For); a configured TRUST_PROXY always wins.
    trustProxy: e.TRUST_PROXY ?? (demoTraffic ? DEMO_TRAFFIC_PROXIES : false),
    metricsToken: e.METRICS_TOKEN,
    ...(e.BACKUP_DIR ? { backupDir: resolve(e.BACKUP_DIR) } : {}),
    ...(e.OTP_WEBHOOK_URL ? { otpWebhookUrl: e.OTP_WEBHOOK_URL } : {}),
    ...(e.OTEL_EXPORTER_OTLP_ENDPOINT
      ? {
          tracing: {
            endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT,
            headers: parseOtlpHeaders(e.OTEL_EXPORTER_OTLP_HEADERS),
            serviceName: e.OTEL_SERVICE_NAME,
          },
        }
      : {}),
    payments: {
      ...(e.STRIPE_SECRET_KEY || e.STRIPE_WEBHOOK_SECRET
        ? { stripe: { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET } }
        : {}),
      ...(e.APPLE_BUNDLE_ID ? { apple: appleConfig(e) } : {}),
    },
    ice: {
      stunUrls: e.STUN_URLS,
      turnUrls: e.TURN_URLS ?? [],
      turnSecret: e.TURN_SECRET,
      turnUsername: e.TURN_USERNAME,
      turnPassword: e.TURN_PASSWORD,
      turnCredentialTtlSeconds: e.TURN_CREDENTIAL_TTL,
    },
  };
}

function appleConfig(e: z.infer<typeof EnvSchema>): AppleConfig {
  if (!e.APPLE_ROOT_CERTS)
    throw new ConfigError(
      "Invalid configuration: APPLE_BUNDLE_ID needs APPLE_ROOT_CERTS, the paths of Apple's root certificates",
    );
  if (e.APPLE_ENVIRONMENT === 'Production' && e.APPLE_APP_APPLE_ID === undefined)
    throw new ConfigError(
      'Invalid configuration: APPLE_APP_APPLE_ID must be set when APPLE_ENVIRONMENT is Production',
    );
  const rootCertificates = e.APPLE_ROOT_CERTS.split(',').map((path) => {
    try {
      return new X509Certificate(readFileSync(path.trim())).raw;
    } catch {
      throw new ConfigError(
        `Invalid configuration: APPLE_ROOT_CERTS names ${path.trim()}, which is not a readable certificate`,
      );
    }
  });
  return {
    bundleId: e.APPLE_BUNDLE_ID ?? '',
    rootCertificates,
    environment: e.APPLE_ENVIRONMENT,
    appAppleId: e.APPLE_APP_APPLE_ID,
    onlineChecks: e.APPLE_ONLINE_CHECKS ?? true,
  };
}

/** Where the demo traffic comes from: this machine. */
export const DEMO_TRAFFIC_PROXIES = ['127.0.0.1', '::1'];

function parseTrustProxy(value: string): false | number | string[] {
  if (value === 'off') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((address) => address.trim());
}

/** `key=value,key2=value2` as the OpenTelemetry specification writes headers, values URL-decoded. */
function parseOtlpHeaders(value: string | undefined): Record<string, string> {
  if (!value) return {};
  return Object.fromEntries(
    value.split(',').map((pair) => {
      const at = pair.indexOf('=');
      try {
        return [pair.slice(0, at).trim(), decodeURIComponent(pair.slice(at + 1).trim())];
      } catch {
        throw new ConfigError(
          'Invalid configuration: OTEL_EXPORTER_OTLP_HEADERS has a value that is not URL-encoded',
        );
      }
    }),
  );
}

/** A secret generated on first start and kept in DATA_DIR, so sessions survive restarts. */
function persistedSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Tests run on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set. */
export function testDatabaseUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.TEST_DATABASE_URL || undefined;
}
/** The Redis server for the multi-instance socket.io test, when one is available. */
export function testRedisUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.TEST_REDIS_URL || undefined;
}
/** Which database a test project targets; set per vitest project. */
export function testDatabaseKind(env: NodeJS.ProcessEnv = process.env): 'pglite' | 'postgres' {
  return env.SWITCHBOARD_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}
/** Where child processes (pg_dump, psql) are looked up: our PATH, passed on alone. */
export function toolSearchPath(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.PATH;
}
/** The folder an npm command was typed in: npm runs scripts from the package root and keeps it in INIT_CWD. */
export function commandFolder(env: NodeJS.ProcessEnv = process.env): string {
  return env.INIT_CWD ?? process.cwd();
}
