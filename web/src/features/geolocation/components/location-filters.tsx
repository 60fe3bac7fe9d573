import { LOCATION_SOURCES, type LocationSource } from '@switchboard/contract/geolocation';
import { XIcon } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select.tsx';

const ALL = 'all';

interface LocationFiltersProps {
  source: LocationSource | typeof ALL;
  country: string | undefined;
  countries: string[];
  onSourceChange(source: LocationSource | typeof ALL): void;
  onCountryChange(country: string | undefined): void;
}

/** Source and country filters of the Recent Locations table; a click on the map sets the country too. */
export function LocationFilters({
  source,
  country,
  countries,
  onSourceChange,
  onCountryChange,
}: LocationFiltersProps) {
  const sourceId = useId();
  const countryId = useId();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={sourceId}>Source</Label>
        <Select value={source} onValueChange={(v) => onSourceChange(v as LocationSource | typeof ALL)}>
          <SelectTrigger id={sourceId} className="w-full sm:w-40">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All sources</SelectItem>
            {LOCATION_SOURCES.map((s) => (
              <SelectItem key={s} value={s}>
                {s}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={countryId}>Country</Label>
        <Select value={country ?? ALL} onValueChange={(v) => onCountryChange(v === ALL ? undefined : v)}>
          <SelectTrigger id={countryId} className="w-full sm:w-52">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All countries</SelectItem>
            {(country && !countries.includes(country) ? [country, ...countries] : countries).map((c) => (
              <SelectItem key={c} value={c}>
                {c}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {country ? (
        <Button variant="ghost" size="sm" onClick={() => onCountryChange(undefined)}>
          <XIcon aria-hidden="true" />
          Clear country
        </Button>
      ) : null}
    </div>
  );
}
