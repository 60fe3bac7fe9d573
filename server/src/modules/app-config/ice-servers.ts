import { createHmac } from 'node:crypto';
import type { AppConfig } from '@switchboard/contract/app-config';
import { DEFAULT_STUN_URLS, ICE_CANDIDATE_POOL_SIZE } from '@switchboard/contract/app-config-sections';
import type { IceConfig } from '../../config.ts';

type IceServer = AppConfig['webrtc']['ice_servers'][number];

/**
 * Time-limited TURN credentials by the TURN REST API scheme coturn implements (`use-auth-secret`):
 * the username is `<unix expiry>:<user id>` and the password base64(HMAC-SHA1(secret, username)).
 * coturn recomputes the password from the shared secret and refuses the username once its time has passed.
 */
export function turnRestCredentials(
  secret: string,
  userId: string,
  ttlSeconds: number,
  now: number = Date.now(),
): { username: string; credential: string } {
  const username = `${Math.floor(now / 1000) + ttlSeconds}:${userId}`;
  return { username, credential: createHmac('sha1', secret).update(username).digest('base64') };
}

/**
 * What RTCPeerConnection is given: STUN for everyone; TURN only for a signed-in account (`userId`), since a
 * relay handed to anyone who reads /config.json would be an open relay.
 */
export function iceServers(ice: IceConfig, userId: string | null): AppConfig['webrtc'] {
  const servers: IceServer[] = [{ urls: ice.stunUrls ?? DEFAULT_STUN_URLS }];
  if (userId && ice.turnUrls.length > 0) {
    if (ice.turnSecret)
      servers.push({
        urls: ice.turnUrls,
        ...turnRestCredentials(ice.turnSecret, userId, ice.turnCredentialTtlSeconds),
      });
    else if (ice.turnUsername && ice.turnPassword)
      servers.push({ urls: ice.turnUrls, username: ice.turnUsername, credential: ice.turnPassword });
  }
  return { ice_servers: servers, ice_candidate_pool_size: ICE_CANDIDATE_POOL_SIZE };
}
