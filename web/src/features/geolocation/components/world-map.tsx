import type { GeolocationPlace } from '@switchboard/contract/geolocation';
import { geoEqualEarth, geoPath } from 'd3-geo';
import { useMemo, useState } from 'react';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import atlas from 'world-atlas/countries-110m.json';
import { formatCount } from '@/lib/format.ts';
import { cn } from '@/lib/utils.ts';

const WIDTH = 960;
const HEIGHT = 470;
/** Natural Earth names that differ from the names locations are stored under. */
const STORED_NAME: Record<string, string> = { 'United States of America': 'United States' };
export const storedCountryName = (atlasName: string) => STORED_NAME[atlasName] ?? atlasName;

const topology = atlas as unknown as Topology<{ countries: GeometryCollection<{ name: string }> }>;
const countries = feature(topology, topology.objects.countries).features;
const projection = geoEqualEarth().fitSize([WIDTH, HEIGHT], { type: 'Sphere' });
const path = geoPath(projection);
const outlines = countries.map((c) => ({ name: storedCountryName(c.properties.name), d: path(c) ?? '' }));

interface WorldMapProps {
  places: GeolocationPlace[];
  /** The country the table is filtered to, highlighted on the map. */
  selectedCountry: string | undefined;
  onCountryClick(country: string): void;
}

/** Countries from the bundled Natural Earth outline and a circle per city, its area growing with its visits. */
export function WorldMap({ places, selectedCountry, onCountryClick }: WorldMapProps) {
  const [hovered, setHovered] = useState<GeolocationPlace | null>(null);
  const points = useMemo(() => {
    const max = Math.max(1, ...places.map((p) => p.visits));
    const drawn = places.flatMap((place) => {
      const xy = projection([place.longitude, place.latitude]);
      return xy ? [{ place, x: xy[0], y: xy[1], r: 2 + 10 * Math.sqrt(place.visits / max) }] : [];
    });
    // Largest first, so a small city next to a big one (Manchester by London) is drawn on top and stays reachable.
    return drawn.sort((a, b) => b.r - a.r);
  }, [places]);

  return (
    <div className="relative">
      {/* biome-ignore lint/a11y/useSemanticElements: an <svg> cannot be a <fieldset>. A group, not an image: its countries and cities are buttons, which an image may not hold. */}
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="group"
        aria-label="World map of locations"
        className="h-auto w-full"
      >
        <g>
          {outlines.map((c) => (
            // biome-ignore lint/a11y/useSemanticElements: an SVG shape cannot be a <button>; the Country select is the keyboard path.
            <path
              key={c.name + c.d.length}
              d={c.d}
              role="button"
              tabIndex={-1}
              aria-label={c.name}
              data-country={c.name}
              onClick={() => onCountryClick(c.name)}
              onKeyDown={(e) => e.key === 'Enter' && onCountryClick(c.name)}
              className={cn(
                'cursor-pointer stroke-background stroke-[0.5] transition-colors',
                c.name === selectedCountry ? 'fill-primary/40' : 'fill-muted hover:fill-muted-foreground/30',
              )}
            />
          ))}
        </g>
        <g>
          {points.map(({ place, x, y, r }) => (
            // biome-ignore lint/a11y/useSemanticElements: an SVG shape cannot be a <button>; the Country select is the keyboard path.
            <circle
              key={`${place.country}/${place.city}`}
              role="button"
              tabIndex={-1}
              aria-label={`${place.city}, ${place.country}`}
              onKeyDown={(e) => e.key === 'Enter' && onCountryClick(place.country)}
              cx={x}
              cy={y}
              r={r}
              data-city={place.city}
              className="cursor-pointer fill-primary/60 stroke-primary"
              onMouseEnter={() => setHovered(place)}
              onMouseLeave={() => setHovered((h) => (h === place ? null : h))}
              onClick={() => onCountryClick(place.country)}
            >
              <title>{`${place.city}, ${place.country}: ${formatCount(place.visits)}`}</title>
            </circle>
          ))}
        </g>
      </svg>
      {hovered ? (
        <div
          role="tooltip"
          className="pointer-events-none absolute top-2 left-2 rounded-md border bg-popover px-3 py-2 text-sm shadow-sm"
        >
          <div className="font-medium">
            {hovered.city}, {hovered.country}
          </div>
          <div className="text-muted-foreground">{formatCount(hovered.visits)} locations</div>
        </div>
      ) : null}
    </div>
  );
}
