import { type Backup, databaseEndpoints, RESTORE_CONFIRMATION } from '@switchboard/contract/database';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, downloadEndpoint } from '@/lib/api-client.ts';

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

/** The backup is a file behind the bearer token: the API client fetches it and hands it to the browser to save. */
export function downloadBackup(backup: Backup): Promise<void> {
  return downloadEndpoint(databaseEndpoints.downloadBackup, { params: { id: backup.id } });
}
