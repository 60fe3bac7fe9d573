import {
  CALL_VERDICT_LABELS,
  CALL_VERDICTS,
  type CallVerdictCode,
} from '@switchboard/contract/call-inspector';
import { OptionSelect } from '@/components/option-select.tsx';

const VERDICT_FILTERS = ['all', ...CALL_VERDICTS] as const;
const VERDICT_LABELS: Record<(typeof VERDICT_FILTERS)[number], string> = {
  all: 'All Verdicts',
  ...CALL_VERDICT_LABELS,
};

/** The Calls list narrowed to the calls judged with one verdict (docs/call-verdicts.md). */
export function VerdictFilter({
  value,
  onChange,
}: {
  value: CallVerdictCode | undefined;
  onChange(verdict: CallVerdictCode | undefined): void;
}) {
  return (
    <OptionSelect<string>
      label="Verdict filter"
      options={VERDICT_FILTERS}
      labels={VERDICT_LABELS}
      hideLabel
      value={value ?? 'all'}
      onChange={(next) => onChange(next === 'all' ? undefined : (next as CallVerdictCode))}
      className="sm:w-56"
    />
  );
}
