import { cn } from '@/lib/utils.ts';

/**
 * "12 / 200 characters" under a field whose length is capped; over the cap it turns red and says by how
 * much, so a long paste is never cut without the admin knowing.
 */
export function CharacterCount({ id, length, max }: { id: string; length: number; max: number }) {
  const over = length - max;
  return (
    <p
      id={id}
      aria-live="polite"
      className={cn('text-xs', over > 0 ? 'text-destructive' : 'text-muted-foreground')}
      data-over={over > 0 || undefined}
    >
      {length.toLocaleString('en-US')} / {max.toLocaleString('en-US')} characters
      {over > 0 ? ` (${over.toLocaleString('en-US')} too many)` : ''}
    </p>
  );
}
