import type { BillingFilter, ContractListItem } from '@sciwise/contracts';
import { Button } from '../../components/ui/button.tsx';
import { InputField, SelectField } from '../../components/ui/field.tsx';

interface BillingFiltersProps {
  filter: BillingFilter;
  contracts: ContractListItem[];
  /** The shared contract's message for a range that cannot be, shown under the "from" date. */
  rangeError: string | undefined;
  onChange: (next: BillingFilter) => void;
}

/** Contract and date range; each change applies at once (the page keeps them in the address). */
export function BillingFilters({ filter, contracts, rangeError, onChange }: BillingFiltersProps) {
  const set = (key: keyof BillingFilter, value: string) => onChange({ ...filter, [key]: value || undefined });
  const filtered = Boolean(filter.contractId || filter.from || filter.to);
  return (
    <form
      aria-label="Filter movements"
      className="grid gap-4 rounded-card border border-slate-200 bg-white p-4 shadow-card sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto] lg:items-end"
      onSubmit={(event) => event.preventDefault()}
    >
      <SelectField
        label="Contract"
        value={filter.contractId ?? ''}
        onChange={(event) => set('contractId', event.target.value)}
        wrapperClassName="sm:col-span-2 lg:col-span-1"
      >
        <option value="">All contracts</option>
        {contracts.map((contract) => (
          <option key={contract.id} value={contract.id}>
            {contract.title}
          </option>
        ))}
      </SelectField>
      <InputField
        label="From"
        type="date"
        value={filter.from ?? ''}
        max={filter.to}
        error={rangeError}
        onChange={(event) => set('from', event.target.value)}
      />
      <InputField
        label="To"
        type="date"
        value={filter.to ?? ''}
        min={filter.from}
        onChange={(event) => set('to', event.target.value)}
      />
      <Button
        type="button"
        variant="ghost"
        disabled={!filtered}
        onClick={() => onChange({})}
        className="justify-self-start"
      >
        Clear filters
      </Button>
    </form>
  );
}
