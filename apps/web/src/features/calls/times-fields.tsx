import {
  CALL_MAX_DAYS_AHEAD,
  CALL_MIN_NOTICE_MINUTES,
  CALL_SLOTS_MAX,
  CALL_SLOTS_MIN,
} from '@sciwise/contracts';
import { useId, useState } from 'react';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { Button } from '../../components/ui/button.tsx';
import { InputField, SelectField } from '../../components/ui/field.tsx';
import { CloseIcon } from '../../components/ui/icons.tsx';
import type { CallFormValues } from './call-form.ts';
import { browserTimeZone, durationLabel, timeZoneOptions, wallClockIn, zoneLabel } from './format.ts';

/**
 * The time zone and the two or three times someone offers, as the propose and times dialogs ask
 * for them. The times are wall-clock times in the zone chosen; the pickers start at the earliest
 * time the server takes and stop at the latest, which the server checks again (it alone knows the
 * zone's rules, a clock change included).
 */
export function TimesFields<Body>({ form }: { form: UseFormReturn<CallFormValues, unknown, Body> }) {
  const slots = useFieldArray({ control: form.control, name: 'slots' });
  const timeZone = useWatch({ control: form.control, name: 'timeZone' });
  const [ownZone] = useState(browserTimeZone);
  const [zones] = useState(() => timeZoneOptions(ownZone));
  // The window as it stood when the dialog opened; a dialog left open for hours is checked by the server.
  const [openedAt] = useState(() => Date.now());
  const earliest = wallClockIn(new Date(openedAt + CALL_MIN_NOTICE_MINUTES * 60_000), timeZone);
  const latest = wallClockIn(new Date(openedAt + CALL_MAX_DAYS_AHEAD * 86_400_000), timeZone);
  const hintId = useId();
  const listErrorId = useId();
  const { errors } = form.formState;
  // The contract's rules of the list sit at `root` (the resolver); the server's refusal of it on the list.
  const listError = errors.slots?.root?.message ?? errors.slots?.message;

  const remove = (index: number) => {
    slots.remove(index);
    // The button pressed is gone: focus the time before it, which is still there.
    form.setFocus(`slots.${Math.max(0, index - 1)}.at`);
  };

  return (
    <>
      <SelectField
        label="Time zone"
        hint="The times you type are read in this zone; the other side sees them in theirs."
        error={errors.timeZone?.message}
        {...form.register('timeZone')}
      >
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zone === ownZone ? `${zoneLabel(zone)} (this device)` : zoneLabel(zone)}
          </option>
        ))}
      </SelectField>
      <fieldset className="space-y-3" aria-describedby={listError ? `${hintId} ${listErrorId}` : hintId}>
        <legend className="text-sm font-medium text-slate-800">Times you offer</legend>
        <p id={hintId} className="-mt-1 text-xs text-slate-600">
          {CALL_SLOTS_MIN} or {CALL_SLOTS_MAX} times, at least {durationLabel(CALL_MIN_NOTICE_MINUTES)} and at
          most {CALL_MAX_DAYS_AHEAD} days ahead. The other side picks one.
        </p>
        {slots.fields.map((field, index) => (
          <div key={field.id} className="flex items-start gap-2">
            <InputField
              type="datetime-local"
              label={`Time ${index + 1}`}
              min={earliest}
              max={latest}
              wrapperClassName="min-w-0 flex-1"
              error={errors.slots?.[index]?.at?.message}
              {...form.register(`slots.${index}.at`)}
            />
            {slots.fields.length > CALL_SLOTS_MIN && (
              <Button
                variant="ghost"
                className="mt-6 px-2.5"
                aria-label={`Remove time ${index + 1}`}
                onClick={() => remove(index)}
              >
                <CloseIcon className="size-4" />
              </Button>
            )}
          </div>
        ))}
        {listError && (
          <p id={listErrorId} className="text-xs font-medium text-danger-700">
            {listError}
          </p>
        )}
        {slots.fields.length < CALL_SLOTS_MAX && (
          // Appending focuses the new time (useFieldArray's default), so this button may vanish.
          <Button variant="secondary" size="sm" onClick={() => slots.append({ at: '' })}>
            Add another time
          </Button>
        )}
      </fieldset>
    </>
  );
}
