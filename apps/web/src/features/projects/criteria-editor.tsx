import { CRITERION_MAX_LENGTH, MILESTONE_CRITERIA_MAX } from '@sciwise/contracts';
import { useId, useRef } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { controlClasses } from '../../components/ui/field.tsx';
import { CloseIcon } from '../../components/ui/icons.tsx';

/**
 * A milestone's acceptance criteria: short checks the client ticks before approving the work.
 * The limits are the contract's, so the form refuses exactly what the server would.
 */
export function CriteriaEditor({
  milestone,
  value,
  onChange,
}: {
  /** The milestone's number, 1-based, to name the fields. */
  milestone: number;
  value: string[];
  onChange: (criteria: string[]) => void;
}) {
  const hintId = useId();
  const list = useRef<HTMLUListElement>(null);
  const full = value.length >= MILESTONE_CRITERIA_MAX;
  const update = (index: number, text: string) => onChange(value.map((c, i) => (i === index ? text : c)));
  const add = () => {
    onChange([...value, '']);
    // The new row is rendered on the next frame; typing should start there.
    requestAnimationFrame(() =>
      list.current?.querySelector<HTMLInputElement>('li:last-child input')?.focus(),
    );
  };

  return (
    <div className="space-y-2 rounded-control bg-slate-50 p-3">
      <p className="text-sm font-medium text-slate-800">
        Acceptance criteria for milestone {milestone}{' '}
        <span className="font-normal text-slate-600">(optional)</span>
      </p>
      <p id={hintId} className="text-xs text-slate-600">
        Short checks the client ticks before approving, e.g. “Figures as 300 dpi PNG”. Up to{' '}
        {MILESTONE_CRITERIA_MAX}, {CRITERION_MAX_LENGTH} characters each.
      </p>
      {value.length > 0 && (
        <ul ref={list} className="space-y-2">
          {value.map((criterion, index) => {
            const label = `Criterion ${index + 1} of milestone ${milestone}`;
            return (
              <li key={index} className="flex items-center gap-2">
                <input
                  aria-label={label}
                  aria-describedby={hintId}
                  value={criterion}
                  maxLength={CRITERION_MAX_LENGTH}
                  onChange={(event) => update(index, event.target.value)}
                  className={controlClasses(false)}
                />
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove criterion ${index + 1} of milestone ${milestone}`}
                  onClick={() => onChange(value.filter((_, i) => i !== index))}
                >
                  <CloseIcon className="size-4" />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <Button
        variant="secondary"
        size="sm"
        onClick={add}
        disabled={full}
        aria-label={`Add a criterion to milestone ${milestone}`}
      >
        Add a criterion
      </Button>
      {full && (
        <p className="text-xs text-slate-600">
          That is the most a milestone can have: {MILESTONE_CRITERIA_MAX}.
        </p>
      )}
    </div>
  );
}

/** What is sent: each criterion trimmed, and rows left blank dropped (they hold nothing). */
export const cleanCriteria = (criteria: string[]) =>
  criteria.map((criterion) => criterion.trim()).filter((criterion) => criterion.length > 0);
