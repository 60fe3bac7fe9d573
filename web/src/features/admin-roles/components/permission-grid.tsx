import {
  DANGEROUS_PERMISSIONS,
  PERMISSION_AREAS,
  type Permission,
  readOf,
  writeOf,
} from '@switchboard/contract/permissions';
import { Checkbox } from '@/components/ui/checkbox.tsx';

interface PermissionGridProps {
  value: ReadonlySet<Permission>;
  onChange(next: Set<Permission>): void;
  disabled?: boolean;
  /** Whether a box may be ticked: the server refuses a role holding more than its maker's own. */
  canGrant?: (permission: Permission) => boolean;
}

/**
 * Read and write per area, then the dangerous actions one by one. Writing an area includes reading
 * it: ticking write ticks read, and unticking read unticks write.
 */
export function PermissionGrid({
  value,
  onChange,
  disabled = false,
  canGrant = () => true,
}: PermissionGridProps) {
  // A box already ticked stays free to untick; an unticked one needs the maker to hold it.
  const locked = (permission: Permission) => disabled || (!value.has(permission) && !canGrant(permission));
  const set = (changes: [Permission, boolean][]) => {
    const next = new Set(value);
    for (const [permission, on] of changes) {
      if (on) next.add(permission);
      else next.delete(permission);
    }
    onChange(next);
  };
  return (
    <div className="flex flex-col gap-4">
      <table className="w-full text-sm">
        <caption className="sr-only">Permissions by area</caption>
        <thead>
          <tr className="border-b text-left text-muted-foreground">
            <th scope="col" className="py-2 font-medium">
              Area
            </th>
            <th scope="col" className="w-16 py-2 text-center font-medium">
              Read
            </th>
            <th scope="col" className="w-16 py-2 text-center font-medium">
              Write
            </th>
          </tr>
        </thead>
        <tbody>
          {PERMISSION_AREAS.map((area) => {
            const read = readOf(area.id);
            const write = writeOf(area.id);
            return (
              <tr key={area.id} className="border-b last:border-0">
                <th scope="row" className="py-2 text-left font-normal">
                  <span className="font-medium">{area.label}</span>
                  <span className="block text-xs text-muted-foreground">{area.covers}</span>
                </th>
                <td className="py-2 text-center">
                  <Checkbox
                    aria-label={`${area.label}: read`}
                    checked={value.has(read)}
                    disabled={locked(read)}
                    onCheckedChange={(on) =>
                      set(
                        on === true
                          ? [[read, true]]
                          : [
                              [read, false],
                              [write, false],
                            ],
                      )
                    }
                  />
                </td>
                <td className="py-2 text-center">
                  <Checkbox
                    aria-label={`${area.label}: write`}
                    checked={value.has(write)}
                    disabled={locked(write)}
                    onCheckedChange={(on) =>
                      set(
                        on === true
                          ? [
                              [write, true],
                              [read, true],
                            ]
                          : [[write, false]],
                      )
                    }
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Dangerous actions</legend>
        {DANGEROUS_PERMISSIONS.map((p) => (
          <div key={p.id} className="flex items-center gap-2 text-sm">
            <Checkbox
              id={`permission-${p.id}`}
              checked={value.has(p.id)}
              disabled={locked(p.id)}
              onCheckedChange={(on) => set([[p.id, on === true]])}
            />
            <label htmlFor={`permission-${p.id}`}>{p.label}</label>
            <code className="text-xs text-muted-foreground">{p.id}</code>
          </div>
        ))}
      </fieldset>
    </div>
  );
}
