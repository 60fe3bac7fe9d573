import { userProfileEndpoints } from '@switchboard/contract/user-profile';
import { useState } from 'react';
import { toast } from 'sonner';
import { Can } from '@/components/can.tsx';
import { PagedSection, useCursorPages } from '@/components/paged-section.tsx';
import { Time } from '@/components/time.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { UserLink } from '@/components/user-link.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { useAddNote, useUserSection } from '../user-page-api.ts';

export function NotesSection({ id }: { id: string }) {
  const pages = useCursorPages();
  const q = useUserSection(id, 'notes', pages.cursor ? { cursor: pages.cursor } : {});
  const add = useAddNote(id);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-3">
      <PagedSection
        title="Admin notes"
        controls={
          <Can needed={userProfileEndpoints.addNote}>
            <form
              className="flex flex-col gap-2"
              onSubmit={async (event) => {
                event.preventDefault();
                try {
                  await add.mutateAsync(body);
                  setBody('');
                  setError(null);
                  pages.reset();
                  toast.success('Note added');
                } catch (e) {
                  setError(errorMessage(e, 'Failed to add the note'));
                }
              }}
            >
              <Label htmlFor="admin-note">New note</Label>
              <Textarea
                id="admin-note"
                value={body}
                maxLength={2000}
                aria-invalid={error ? true : undefined}
                onChange={(event) => setBody(event.target.value)}
              />
              {error ? <p className="text-sm text-destructive">{error}</p> : null}
              <Button type="submit" size="sm" className="self-end" disabled={add.isPending || !body.trim()}>
                Add note
              </Button>
            </form>
          </Can>
        }
        rows={q.data?.items}
        error={q.isError}
        empty="No notes yet"
        nextCursor={q.data?.next_cursor}
        pages={pages}
        rowKey={(n) => n.id}
        render={(n) => (
          <div className="flex flex-col gap-1">
            <p className="whitespace-pre-wrap">{n.body}</p>
            <p className="text-xs text-muted-foreground">
              <UserLink id={n.author_id} username={n.author_username} /> · <Time value={n.created_at} />
            </p>
          </div>
        )}
      />
    </div>
  );
}
