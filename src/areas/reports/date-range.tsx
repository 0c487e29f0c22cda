import { Heading, Stack, Text } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import { businessDayIso, formatDate } from '../../format/date.ts';
import { LabelledInput } from '../../ui/labelled-input.tsx';

// The days a screen of a date range covers (the daily sales report, the e-journal), each end in the address by its
// key; the business day's when the address names none, and the end the start's when it names only that.
export type DateRange = { date_from: string; date_to: string };

const ends = [
  { key: 'date_from', label: 'Date from' },
  { key: 'date_to', label: 'Date to' },
] as const;

// The address's query, the range it names, and how a filter's change goes into it (an empty value leaves it out).
export function useDateRangeQuery() {
  const [query, setQuery] = useSearchParams();
  const today = businessDayIso();
  const range: DateRange = {
    date_from: query.get('date_from') ?? today,
    date_to: query.get('date_to') ?? query.get('date_from') ?? today,
  };
  const change = (key: string, value: string) => {
    const next = new URLSearchParams(query);
    if (value) next.set(key, value);
    else next.delete(key);
    setQuery(next, { replace: true });
  };
  return { query, range, change };
}

// The screen's title over the days it covers.
export function DateRangeHeading({ title, range }: { title: string; range: DateRange }) {
  return (
    <Stack gap="0">
      <Heading size="xl">{title}</Heading>
      <Text color="fg.muted">
        {formatDate(range.date_from)}
        {range.date_to !== range.date_from ? ` to ${formatDate(range.date_to)}` : ''}
      </Text>
    </Stack>
  );
}

// The two dates a user picks the range by.
export function DateRangeInputs({
  range,
  onChange,
}: {
  range: DateRange;
  onChange: (key: string, value: string) => void;
}) {
  return (
    <>
      {ends.map(({ key, label }) => (
        <LabelledInput
          key={key}
          label={label}
          id={key}
          type="date"
          value={range[key]}
          onChange={(event) => onChange(key, event.target.value)}
          room={{ w: 'auto' }}
        />
      ))}
    </>
  );
}
