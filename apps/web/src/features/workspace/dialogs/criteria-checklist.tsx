import { CheckboxField } from '../../../components/ui/field.tsx';

/** The milestone's acceptance criteria as checkboxes, by index. */
export function CriteriaChecklist({
  legend,
  hint,
  criteria,
  checked,
  onChange,
}: {
  legend: string;
  hint?: string;
  criteria: string[];
  checked: number[];
  onChange: (checked: number[]) => void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-slate-900">{legend}</legend>
      {hint && <p className="text-xs text-slate-600">{hint}</p>}
      {criteria.map((criterion, index) => (
        <CheckboxField
          key={index}
          label={criterion}
          checked={checked.includes(index)}
          onChange={(event) =>
            onChange(
              event.target.checked
                ? [...checked, index].sort((a, b) => a - b)
                : checked.filter((item) => item !== index),
            )
          }
        />
      ))}
    </fieldset>
  );
}
