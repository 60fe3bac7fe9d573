/** How many rows each generator makes. 'test' is a small set for fast determinism checks. */
export type SeedScale = 'test' | 'default' | '1m';

export interface ScaleCounts {
  users: number;
  calls: number;
  /** Share of the last day's answered calls that get quality samples. */
  sampledCallShare: number;
  coinTransactions: number;
  messages: number;
  notifications: number;
  officialMessages: number;
  geolocations: number;
  likes: number;
  friendRequests: number;
  follows: number;
  reports: number;
  securityEvents: number;
  blockedIps: number;
  systemLogs: number;
  auditLog: number;
}

export const SCALES: Record<SeedScale, ScaleCounts> = {
  test: {
    users: 200,
    calls: 2_000,
    sampledCallShare: 0.5,
    coinTransactions: 2_400,
    messages: 2_000,
    notifications: 10,
    officialMessages: 6,
    geolocations: 500,
    likes: 800,
    friendRequests: 300,
    follows: 600,
    reports: 30,
    securityEvents: 60,
    blockedIps: 3,
    systemLogs: 300,
    auditLog: 120,
  },
  default: {
    users: 2_000,
    calls: 30_000,
    sampledCallShare: 0.5,
    coinTransactions: 24_000,
    messages: 20_000,
    notifications: 40,
    officialMessages: 16,
    geolocations: 5_000,
    likes: 8_000,
    friendRequests: 3_000,
    follows: 6_000,
    reports: 150,
    securityEvents: 400,
    blockedIps: 8,
    systemLogs: 3_000,
    auditLog: 1_500,
  },
  '1m': {
    users: 100_000,
    calls: 1_000_000,
    sampledCallShare: 0.1,
    coinTransactions: 1_000_000,
    messages: 500_000,
    notifications: 30,
    officialMessages: 12,
    geolocations: 200_000,
    likes: 300_000,
    friendRequests: 100_000,
    follows: 200_000,
    reports: 3_000,
    securityEvents: 8_000,
    blockedIps: 25,
    systemLogs: 60_000,
    auditLog: 200_000,
  },
};

export const SEED_SCALES = Object.keys(SCALES) as SeedScale[];
