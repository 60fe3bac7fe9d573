import {
  BACKUP_DOWNLOAD_PATH,
  type Backup,
  DATABASE_MESSAGES,
  databaseEndpoints,
  RESTORE_CONFIRMATION,
} from '@switchboard/contract/database';
import { fillPath } from '@switchboard/contract/endpoint';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE, ApiRequestError, callEndpoint } from '@/lib/api-client.ts';
import { readStoredAccessToken } from '@/lib/session-storage.ts';

export const databaseKeys = {
  all: ['database'] as const,
  overview: ['database', 'overview'] as const,
  sample: ['database', 'sample'] as const,
  backups: ['database', 'backups'] as const,
};

export function useDatabaseOverview() {
  return useQuery({
    queryKey: databaseKeys.overview,
    queryFn: ({ signal }) => callEndpoint(databaseEndpoints.overview, {}, { signal }),
    select: (response) => response.data,
  });
}

export function useDatabaseSample() {
  return useQuery({
    queryKey: databaseKeys.sample,
    queryFn: ({ signal }) => callEndpoint(databaseEndpoints.sample, {}, { signal }),
    select: (response) => response.data,
  });
}

export function useBackups() {
  return useQuery({
    queryKey: databaseKeys.backups,
    queryFn: ({ signal }) => callEndpoint(databaseEndpoints.backups, {}, { signal }),
    select: (response) => response.data,
  });
}

/** Every action changes sizes, counts or the backup list, so each refetches the whole screen. */
function useDatabaseAction<T>(run: () => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: databaseKeys.all }),
  });
}

export const useCreateBackup = () => useDatabaseAction(() => callEndpoint(databaseEndpoints.backup, {}));
export const useVacuum = () => useDatabaseAction(() => callEndpoint(databaseEndpoints.vacuum, {}));
export const useAnalyze = () => useDatabaseAction(() => callEndpoint(databaseEndpoints.analyze, {}));

export function useRestoreBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (backup: Backup) =>
      callEndpoint(databaseEndpoints.restore, {
        params: { id: backup.id },
        body: { confirmation: RESTORE_CONFIRMATION },
      }),
    // A restore replaces every table: every screen's cached data is stale.
    onSettled: () => queryClient.invalidateQueries(),
  });
}

/** The backup is a file behind the bearer token, so it is fetched and handed to the browser to save. */
export async function downloadBackup(backup: Backup): Promise<void> {
  const url = new URL(
    `${API_BASE}${fillPath(BACKUP_DOWNLOAD_PATH, { id: backup.id })}`,
    window.location.origin,
  );
  const token = readStoredAccessToken();
  const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new ApiRequestError(DATABASE_MESSAGES.backupNotFound, response.status);
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = backup.filename;
  link.click();
  URL.revokeObjectURL(link.href);
}
