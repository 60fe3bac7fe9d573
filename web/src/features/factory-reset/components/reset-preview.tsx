import type { FactoryResetPreview } from '@switchboard/contract/factory-reset';
import { DetailField } from '@/components/detail-field.tsx';
import { TitledCard } from '@/components/titled-card.tsx';
import { formatBytes, formatCount } from '@/lib/format.ts';

/** What the reset would delete, counted live by the server, and what happens next. */
export function ResetPreview({ preview }: { preview: FactoryResetPreview }) {
  const {
    users,
    databases,
    uploads_directory: uploads,
    database_files: files,
    backups,
  } = preview.affected_data;
  const filesSize = files.reduce((sum, f) => sum + f.size_bytes, 0);
  return (
    <TitledCard title="What will be deleted" className="flex flex-col gap-4">
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <DetailField label="Users">{formatCount(users)}</DetailField>
        <DetailField label="Database tables">
          {formatCount(databases.tables)} tables, {formatCount(databases.rows)} rows
        </DetailField>
        <DetailField label="Uploads directory">
          {formatCount(uploads.files)} files, {formatBytes(uploads.size_bytes)}{' '}
          <span className="font-mono text-xs text-muted-foreground">({uploads.path})</span>
        </DetailField>
        <DetailField label="Database files">
          {formatCount(files.length)} files, {formatBytes(filesSize)}
        </DetailField>
        <DetailField label="Backups">
          {formatCount(backups.records)} listed, {formatCount(backups.files)} files,{' '}
          {formatBytes(backups.size_bytes)} (deleted unless you keep them)
        </DetailField>
      </dl>
      <div>
        <h3 className="mb-1 text-sm font-medium">Next steps</h3>
        <ol className="list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
          {preview.next_steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </div>
    </TitledCard>
  );
}
