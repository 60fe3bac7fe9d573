import { PencilIcon, SendIcon, Trash2Icon } from 'lucide-react';
import { IconButton } from '@/components/icon-button.tsx';

interface DraftActionsProps {
  /** The row's name, so each button is announced as "Edit <name>". */
  name: string;
  /** Disables Send while this row's send is in flight. */
  sending: boolean;
  onEdit(): void;
  onSend(): void;
  onDelete(): void;
}

/** Edit, Send and Delete icon buttons for a draft row of a list. */
export function DraftActions({ name, sending, onEdit, onSend, onDelete }: DraftActionsProps) {
  const buttons = [
    { verb: 'Edit', Icon: PencilIcon, onClick: onEdit, disabled: false },
    { verb: 'Send', Icon: SendIcon, onClick: onSend, disabled: sending },
    { verb: 'Delete', Icon: Trash2Icon, onClick: onDelete, disabled: false },
  ];
  return buttons.map(({ verb, Icon, onClick, disabled }) => (
    <IconButton key={verb} icon={Icon} label={`${verb} ${name}`} disabled={disabled} onClick={onClick} />
  ));
}
