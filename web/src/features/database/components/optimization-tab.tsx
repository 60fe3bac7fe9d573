import { type Backup, DATABASE_MESSAGES, databaseEndpoints } from '@switchboard/contract/database';
import { DownloadIcon, RotateCcwIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Time } from '@/components/time.tsx';
import { TitledCard } from '@/components/titled-card.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { formatBytes } from '@/lib/format.ts';
import { useCan } from '@/lib/permissions.ts';
import { downloadBackup, useBackups, useRestoreBackup } from '../api.ts';
import { RestoreDialog } from './restore-dialog.tsx';

interface OptimizationTabProps {
  lastBackup: Backup | null;
  /** How long the last vacuum and analyze of this visit took, in ms. */
  durations: { vacuum?: number; analyze?: number };
  busy: boolean;
  /** Whether the admin's role may run maintenance and backups; the buttons are not offered otherwise. */
  canMaintain: boolean;
  onVacuum(): void;
  onAnalyze(): void;
  onBackup(): void;
}

export function OptimizationTab({
  lastBackup,
  durations,
  busy,
  canMaintain,
  onVacuum,
  onAnalyze,
  onBackup,
}: OptimizationTabProps) {
  return (
    <div className="flex flex-col gap-4">
      <TitledCard title="Maintenance" className="flex flex-col gap-4">
        {canMaintain && (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={onVacuum} disabled={busy}>
              Run Vacuum
            </Button>
            <Button variant="outline" onClick={onAnalyze} disabled={busy}>
              Run Analyze
            </Button>
            <Button variant="outline" onClick={onBackup} disabled={busy}>
              Create Backup
            </Button>
          </div>
        )}
        <dl className="grid gap-2 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-muted-foreground">Last backup</dt>
            <dd>{<Time value={lastBackup?.created_at} missing={DATABASE_MESSAGES.noBackups} />}</dd>
          </div>
          {durations.vacuum !== undefined && (
            <div>
              <dt className="text-muted-foreground">Last vacuum</dt>
              <dd>took {durations.vacuum} ms</dd>
            </div>
          )}
          {durations.analyze !== undefined && (
            <div>
              <dt className="text-muted-foreground">Last analyze</dt>
              <dd>took {durations.analyze} ms</dd>
            </div>
          )}
        </dl>
      </TitledCard>
      <BackupList />
    </div>
  );
}

/** Every backup, downloadable with the download permission; a root admin can restore one. */
function BackupList() {
  const backups = useBackups();
  const restore = useRestoreBackup();
  const can = useCan();
  const [restoring, setRestoring] = useState<Backup | null>(null);
  const download = (backup: Backup) =>
    downloadBackup(backup).catch((error) =>
      toast.error(errorMessage(error, DATABASE_MESSAGES.backupNotFound)),
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Backups</CardTitle>
      </CardHeader>
      <CardContent>
        {backups.isPending ? (
          <Spinner showLabel />
        ) : backups.isError || backups.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{DATABASE_MESSAGES.noBackups}</p>
        ) : (
          <ul className="divide-y text-sm">
            {backups.data.map((backup) => (
              <li key={backup.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <div className="flex flex-col">
                  <span className="font-mono">{backup.filename}</span>
                  <span className="text-muted-foreground">
                    <Time value={backup.created_at} />
                    {backup.size_bytes !== null && ` · ${formatBytes(backup.size_bytes)}`} · {backup.trigger}
                  </span>
                </div>
                <div className="flex items-center gap-2">
                  {backup.status !== 'completed' && (
                    <Badge variant={backup.status === 'failed' ? 'destructive' : 'secondary'}>
                      {backup.status}
                    </Badge>
                  )}
                  {backup.status === 'completed' && (
                    <>
                      {can(databaseEndpoints.downloadBackup) && (
                        <Button size="sm" variant="outline" onClick={() => download(backup)}>
                          <DownloadIcon aria-hidden="true" />
                          Download
                        </Button>
                      )}
                      {can(databaseEndpoints.restore) && (
                        <Button size="sm" variant="destructive" onClick={() => setRestoring(backup)}>
                          <RotateCcwIcon aria-hidden="true" />
                          Restore
                        </Button>
                      )}
                    </>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <RestoreDialog
        backup={restoring}
        onClose={() => setRestoring(null)}
        onRestore={async (backup) => {
          await restore.mutateAsync(backup);
          toast.success(DATABASE_MESSAGES.restored);
        }}
      />
    </Card>
  );
}
