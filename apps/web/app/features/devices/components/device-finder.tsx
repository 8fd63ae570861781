import { useEffect, useId, useState } from 'react';
import { type DeviceBrand, deviceModels } from '../device-models';

const brands = Object.keys(deviceModels) as DeviceBrand[];

const normalize = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Does every word of the query appear in the model name ("s24 ultra" finds "Galaxy S24 Ultra")? */
export const matchesModel = (model: string, brand: string, query: string) => {
  const haystack = normalize(`${brand} ${model}`);
  return normalize(query)
    .split(' ')
    .filter(Boolean)
    .every((word) => haystack.includes(word));
};

type DeviceFinderProps = { searchLabel: string; searchPlaceholder: string; noResults: string };

/** The eSIM-capable models per brand with a search that filters them as you type. */
export const DeviceFinder = ({ searchLabel, searchPlaceholder, noResults }: DeviceFinderProps) => {
  const inputId = useId();
  const [query, setQuery] = useState('');
  // Text typed before the scripts took over (pages paint first, ADR 0025) is only in the field: adopt it once
  // hydrated, or the list would stay unfiltered and the next render would clear it.
  useEffect(() => {
    const typed = (document.getElementById(inputId) as HTMLInputElement | null)?.value ?? '';
    if (typed) setQuery(typed);
  }, [inputId]);
  const trimmed = query.trim();
  const groups = brands
    .map((brand) => ({
      brand,
      name: deviceModels[brand].name,
      models: deviceModels[brand].models.filter(
        (m) => !trimmed || matchesModel(m, deviceModels[brand].name, trimmed),
      ),
    }))
    .filter((group) => group.models.length > 0);
  return (
    <div className="device-finder">
      <search className="device-finder__search">
        <label htmlFor={inputId} className="destination-search__label">
          {searchLabel}
        </label>
        <input
          id={inputId}
          type="search"
          className="text-input"
          value={query}
          maxLength={100}
          placeholder={searchPlaceholder}
          autoComplete="off"
          data-testid="device-search"
          onChange={(event) => setQuery(event.currentTarget.value)}
        />
      </search>
      <div aria-live="polite" className="visually-hidden">
        {trimmed && groups.length === 0 ? noResults.replace('{query}', trimmed) : ''}
      </div>
      {groups.length === 0 ? (
        <p className="device-finder__empty" data-testid="device-no-results">
          {noResults.replace('{query}', trimmed)}
        </p>
      ) : (
        <div className="device-groups">
          {groups.map((group) => (
            <section key={group.brand} className="device-group" aria-labelledby={`${inputId}-${group.brand}`}>
              <h2 id={`${inputId}-${group.brand}`}>{group.name}</h2>
              <ul data-testid={`devices-${group.brand}`}>
                {group.models.map((model) => (
                  <li key={model}>{model}</li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </div>
  );
};
