interface TotpSetupProps {
  enrolment: { secret: string; otpauth_url: string; qr_svg: string };
}

/** The authenticator to add: its QR code (drawn by the server, shown as an image) and the key to type in. */
export function TotpSetup({ enrolment }: TotpSetupProps) {
  const src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qr_svg)}`;
  const grouped = enrolment.secret.replace(/(.{4})/g, '$1 ').trim();
  return (
    <div className="space-y-3">
      <p className="text-sm text-muted-foreground">
        Scan this QR code with an authenticator app (Google Authenticator, 1Password, Aegis…), or type the key
        in by hand.
      </p>
      <img
        src={src}
        alt="QR code of the authenticator key"
        width={176}
        height={176}
        className="rounded-lg border bg-white p-1"
      />
      <p className="text-sm">
        Key:{' '}
        <code
          className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs break-all"
          data-testid="totp-secret"
        >
          {grouped}
        </code>
      </p>
    </div>
  );
}
