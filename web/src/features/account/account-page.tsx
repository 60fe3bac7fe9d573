import { PageHeader } from '@/components/page-header.tsx';
import { SessionsCard } from './sessions-card.tsx';
import { TwoFactorCard } from './two-factor-card.tsx';

/** The signed-in admin's own account: two-factor sign-in and the sessions signed in as them. */
export function AccountPage() {
  return (
    <div className="space-y-6">
      <PageHeader title="Account" description="Two-factor sign-in and the devices signed in as you." />
      <TwoFactorCard />
      <SessionsCard />
    </div>
  );
}
