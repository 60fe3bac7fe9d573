import type { AppCallType } from '@switchboard/contract/calling';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import {
  type AppSession,
  addContact,
  type ContactCard,
  listContacts,
  readAppSession,
  searchUsers,
  signIn,
  storeAppSession,
} from './app-api.ts';
import { BuyCoins } from './buy-coins.tsx';
import { SignedOutPanel } from './signed-out-panel.tsx';
import { useSoftphone } from './use-softphone.ts';

/**
 * The reference softphone at /app: an app user signs up or signs in (password or one-time code), sees contacts and who is online, places and answers
 * voice and video calls over real WebRTC through this server. Plain on purpose: the example an app team reads.
 */
export function SoftphonePage() {
  const [session, setSession] = useState<AppSession | null>(readAppSession);
  const signedIn = (s: AppSession) => {
    storeAppSession(s);
    setSession(s);
  };
  const signOut = () => {
    storeAppSession(null);
    setSession(null);
  };
  return (
    <main className="mx-auto max-w-3xl space-y-6 p-6">
      <h1 className="text-2xl font-semibold">Softphone</h1>
      {session ? (
        <Phone session={session} onSignOut={signOut} />
      ) : (
        <SignedOutPanel onSignedIn={signedIn} passwordSignIn={<SignIn onSignedIn={signedIn} />} />
      )}
    </main>
  );
}

function SignIn({ onSignedIn }: { onSignedIn: (session: AppSession) => void }) {
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    try {
      onSignedIn(await signIn(String(form.get('username')), String(form.get('password'))));
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Sign-in failed');
    }
  };
  return (
    <form onSubmit={submit} className="max-w-sm space-y-3" aria-label="Sign in to the softphone">
      <Input name="username" placeholder="Username" aria-label="Username" autoComplete="username" required />
      <Input
        name="password"
        type="password"
        placeholder="Password"
        aria-label="Password"
        autoComplete="current-password"
        required
      />
      {error && <p role="alert">{error}</p>}
      <Button type="submit">Sign in</Button>
    </form>
  );
}

function Phone({ session, onSignOut }: { session: AppSession; onSignOut: () => void }) {
  const phone = useSoftphone(session);
  const [contacts, setContacts] = useState<ContactCard[]>([]);
  const [online, setOnline] = useState<Set<string>>(new Set());
  const [found, setFound] = useState<ContactCard[]>([]);
  const [query, setQuery] = useState('');
  const { call } = phone;
  const peer = call ? (call.caller_id === session.user.id ? call.callee_username : call.caller_username) : '';
  const incoming = call?.status === 'ringing' && call.callee_id === session.user.id;
  const live = call?.status === 'ringing' || call?.status === 'active';

  const reload = () => listContacts(session.token).then(setContacts, () => undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per sign-in
  useEffect(() => void reload(), [session.token]);
  // Who is online: asked over the socket every few seconds.
  const { online: ask, connected } = phone;
  useEffect(() => {
    if (!connected || contacts.length === 0) return;
    const check = () => ask(contacts.map((c) => c.id)).then((ids) => setOnline(new Set(ids)));
    void check();
    const timer = setInterval(check, 5000);
    return () => clearInterval(timer);
  }, [connected, contacts, ask]);

  const search = async (event: FormEvent) => {
    event.preventDefault();
    if (query.trim()) setFound(await searchUsers(session.token, query.trim()).catch(() => []));
  };
  const place = (id: string, type: AppCallType) => phone.place(id, type);

  return (
    <div className="space-y-6">
      <p>
        Signed in as <strong>{session.user.username}</strong> ·{' '}
        {phone.connected ? 'Connected' : 'Connecting…'}{' '}
        <Button variant="outline" size="sm" onClick={onSignOut}>
          Sign out
        </Button>
      </p>
      {phone.error && <p role="alert">{phone.error}</p>}

      {call && (
        <section aria-label="Call" className="space-y-3 rounded border p-4">
          <p data-testid="call-status">
            {incoming
              ? `Incoming ${call.type} call from ${peer}`
              : `${call.type} call with ${peer}: ${call.status}`}
            {call.end_reason && ` (${call.end_reason.replace('_', ' ')})`}
          </p>
          <p data-testid="media-status">Media: {phone.media}</p>
          <div className="flex gap-2">
            {incoming && <Button onClick={phone.accept}>Accept</Button>}
            {incoming && (
              <Button variant="outline" onClick={phone.decline}>
                Decline
              </Button>
            )}
            {live && !incoming && (
              <Button variant="destructive" onClick={phone.hangUp}>
                Hang up
              </Button>
            )}
          </div>
          <div className="flex gap-2">
            <Video stream={phone.remoteStream} label="Remote video" />
            <Video stream={phone.localStream} label="Local video" muted />
          </div>
        </section>
      )}

      <BuyCoins session={session} />

      <section aria-label="Contacts" className="space-y-2">
        <h2 className="text-lg font-medium">Contacts</h2>
        {contacts.length === 0 && <p>No contacts yet: find someone below.</p>}
        <ul className="space-y-1">
          {contacts.map((c) => (
            <li key={c.id} className="flex items-center gap-2">
              <span>{c.username}</span>
              <span className="text-sm">{online.has(c.id) ? 'Online' : 'Offline'}</span>
              <Button
                size="sm"
                disabled={live}
                onClick={() => place(c.id, 'voice')}
                aria-label={`Voice call ${c.username}`}
              >
                Voice
              </Button>
              <Button
                size="sm"
                disabled={live}
                onClick={() => place(c.id, 'video')}
                aria-label={`Video call ${c.username}`}
              >
                Video
              </Button>
            </li>
          ))}
        </ul>
        <form onSubmit={search} className="flex gap-2">
          <Input
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Find a user"
            aria-label="Find a user"
          />
          <Button type="submit" variant="outline">
            Search
          </Button>
        </form>
        <ul>
          {found.map((u) => (
            <li key={u.id} className="flex items-center gap-2">
              <span>{u.username}</span>
              <Button
                size="sm"
                variant="outline"
                aria-label={`Add ${u.username}`}
                onClick={() => addContact(session.token, u.id).then(reload, () => undefined)}
              >
                Add
              </Button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function Video({
  stream,
  label,
  muted = false,
}: {
  stream: MediaStream | null;
  label: string;
  muted?: boolean;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.srcObject = stream;
  }, [stream]);
  return (
    <video
      ref={ref}
      aria-label={label}
      autoPlay
      playsInline
      muted={muted}
      className="w-64 rounded bg-black"
    />
  );
}
