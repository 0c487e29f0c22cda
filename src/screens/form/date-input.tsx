import { HStack, IconButton, Input } from '@chakra-ui/react';
import { useRef } from 'react';
import { useFormContext } from 'react-hook-form';
import { LuCalendar } from 'react-icons/lu';
import { toTextOrNull } from './number-value.ts';

export type DateInputProps = { name: string; label: string; max?: string; readOnly?: boolean };

// A date typed as YYYY-MM-DD in one field: one Tab stop, where a browser's date input takes one per part (month, day,
// year). The calendar is a click away, off the Tab order, for whoever prefers to pick the day.
export function DateInput({ name, label, max, readOnly = false }: DateInputProps) {
  const { register, setValue, getValues } = useFormContext();
  const calendar = useRef<HTMLInputElement>(null);
  const openCalendar = () => {
    const picker = calendar.current;
    if (!picker) return;
    const current: unknown = getValues(name);
    picker.value = typeof current === 'string' ? current : '';
    picker.showPicker();
  };
  return (
    <HStack gap="1" position="relative">
      <Input
        id={name}
        type="text"
        inputMode="numeric"
        placeholder="YYYY-MM-DD"
        autoComplete="off"
        maxLength={10}
        readOnly={readOnly}
        {...register(name, { setValueAs: toTextOrNull })}
      />
      {readOnly ? null : (
        <>
          <input
            ref={calendar}
            type="date"
            max={max}
            tabIndex={-1}
            aria-hidden="true"
            style={{ position: 'absolute', right: 0, bottom: 0, width: 0, height: 0, opacity: 0, border: 0 }}
            onChange={(event) =>
              setValue(name, toTextOrNull(event.currentTarget.value), { shouldDirty: true, shouldTouch: true })
            }
          />
          <IconButton
            type="button"
            variant="ghost"
            tabIndex={-1}
            aria-label={`Pick the ${label.toLowerCase()} from a calendar`}
            onClick={openCalendar}
          >
            <LuCalendar />
          </IconButton>
        </>
      )}
    </HStack>
  );
}
