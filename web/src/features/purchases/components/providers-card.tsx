import type { PaymentProvidersStatus } from '@switchboard/contract/purchases';
import { Badge } from '@/components/ui/badge.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';

/** Which payment providers this server can take purchases through; their secrets never leave the server. */
export function ProvidersCard({ providers }: { providers: PaymentProvidersStatus['providers'] | undefined }) {
  return (
    <Card className="gap-3 py-4">
      <CardHeader className="px-4">
        <CardTitle className="text-base">Payment providers</CardTitle>
      </CardHeader>
      <CardContent className="px-4">
        {providers ? (
          <ul className="grid gap-2 sm:grid-cols-3">
            {providers.map((p) => (
              <li key={p.provider} className="flex flex-col gap-1 rounded-md border p-3 text-sm">
                <span className="flex items-center justify-between gap-2 font-medium">
                  {p.label}
                  <Badge variant={p.configured ? 'success' : 'outline'}>
                    {p.configured ? 'Configured' : 'Not configured'}
                  </Badge>
                </span>
                <span className="text-muted-foreground">{p.detail}</span>
              </li>
            ))}
          </ul>
        ) : (
          <Skeleton className="h-16 w-full" />
        )}
      </CardContent>
    </Card>
  );
}
