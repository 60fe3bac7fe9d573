import { OptionSelect } from '@/components/option-select.tsx';
import type { AssignableRoles } from '../use-assignable-roles.ts';

interface AdminRoleSelectProps {
  assignable: AssignableRoles;
  value: string | undefined;
  onChange(roleId: string): void;
}

/** Which role a new or promoted admin gets: only the roles the signed-in admin may give. */
export function AdminRoleSelect({ assignable, value, onChange }: AdminRoleSelectProps) {
  const { roles } = assignable;
  if (assignable.isError) return <p className="text-sm text-destructive">Could not load roles</p>;
  if (!roles) return <p className="text-sm text-muted-foreground">Loading roles...</p>;
  if (roles.length === 0)
    return <p className="text-sm text-destructive">Your role holds too few permissions to give any role</p>;
  return (
    <OptionSelect
      label="Role"
      value={value ?? ''}
      options={roles.map((r) => r.id)}
      labels={Object.fromEntries(roles.map((r) => [r.id, r.name]))}
      onChange={onChange}
    />
  );
}
