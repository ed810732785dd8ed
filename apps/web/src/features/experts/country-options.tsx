import { countryOptions } from './format.ts';

/**
 * A country select's options: the empty choice, worded for its form (none where a country is
 * required), then every country the API accepts, by name.
 */
export function CountryOptions({ emptyLabel }: { emptyLabel?: string }) {
  return (
    <>
      {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
      {countryOptions().map((country) => (
        <option key={country.code} value={country.code}>
          {country.name}
        </option>
      ))}
    </>
  );
}
