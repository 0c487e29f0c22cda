import {
  Box,
  Button,
  Field,
  HStack,
  Input,
  NativeSelect,
  SegmentGroup,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useState } from 'react';
import { type FieldError, get, useFormContext, useWatch } from 'react-hook-form';
import {
  type Eye,
  hasPlusCylinder,
  type PrescriptionFigures,
  prescriptionErrors,
  prismBases,
  toMinusCylinder,
} from '../../format/prescription.ts';
import { steadyNumber, toNumberOrNull, toTextOrNull } from '../../screens/form/number-value.ts';
import { rxFieldNames } from './rx-fields.ts';

type Cell = { figure: string; label: string; step?: string; kind?: 'base' | 'text' };

const powerCells: readonly Cell[] = [
  { figure: 'sphere', label: 'SPH', step: '0.25' },
  { figure: 'cylinder', label: 'CYL', step: '0.25' },
  { figure: 'axis', label: 'AXIS', step: '1' },
  { figure: 'add', label: 'ADD', step: '0.25' },
  { figure: 'prism', label: 'PRISM', step: '0.25' },
  { figure: 'prism_base', label: 'BASE', kind: 'base' },
  { figure: 'visual_acuity', label: 'VA', kind: 'text' },
];
const contactLensCells: readonly Cell[] = [
  { figure: 'base_curve', label: 'BC', step: '0.1' },
  { figure: 'diameter', label: 'DIA', step: '0.1' },
];

const eyeNames: Record<Eye, string> = { od: 'OD (right)', os: 'OS (left)' };

// The prescription as opticians fill an Rx card: OD above OS, the powers across. Every range and step of
// docs/domain/eye-care.md (Ranges and steps) shows under its cell as the user types, from the same rules the server
// applies; a plus cylinder can be transposed to the minus form the shop keeps.
export function RxCard() {
  const { register, formState, getValues, setValue } = useFormContext();
  const watched = useWatch({ name: ['kind', 'examined_on', 'expires_on', ...rxFieldNames] }) as unknown[];
  const [kind, examinedOn, expiresOn, ...figures] = watched;
  const rx = Object.fromEntries(rxFieldNames.map((name, index) => [name, figures[index] ?? null])) as Record<
    string,
    unknown
  >;
  const live = prescriptionErrors({
    ...rx,
    kind: kind === 'contact_lenses' ? 'contact_lenses' : 'spectacles',
    examined_on: typeof examinedOn === 'string' ? examinedOn : undefined,
    expires_on: typeof expiresOn === 'string' ? expiresOn : null,
  } as PrescriptionFigures);
  const [monocular, setMonocular] = useState(() => getValues('pd_od') !== null && getValues('pd_od') !== undefined);
  const cells = kind === 'contact_lenses' ? [...powerCells, ...contactLensCells] : powerCells;

  const messageOf = (name: string): string | undefined => {
    const typed = live[name]?.[0];
    const checked: FieldError | undefined = get(formState.errors, name);
    return typed ?? checked?.message;
  };

  const transpose = () => {
    const turned = toMinusCylinder(rx as PrescriptionFigures) as Record<string, unknown>;
    for (const eye of ['od', 'os'] as const) {
      for (const figure of ['sphere', 'cylinder', 'axis']) {
        setValue(`${eye}_${figure}`, turned[`${eye}_${figure}`] ?? null, { shouldDirty: true });
      }
    }
  };

  const numberInput = (name: string, label: string, step: string) => (
    <NumberCell key={name} name={name} label={label} step={step} message={messageOf(name)}>
      <Input
        id={name}
        type="number"
        {...steadyNumber}
        step={step}
        size="sm"
        textAlign="end"
        fontFamily="mono"
        {...register(name, { setValueAs: toNumberOrNull })}
      />
    </NumberCell>
  );

  return (
    <Stack gap="4" borderWidth="1px" rounded="md" p="4" data-rx-card>
      <HStack justify="space-between" wrap="wrap">
        <Text fontWeight="semibold">Rx</Text>
        <Button
          size="sm"
          variant="outline"
          colorPalette="teal"
          disabled={!hasPlusCylinder(rx as PrescriptionFigures)}
          onClick={transpose}
        >
          Transpose
        </Button>
      </HStack>
      <Table.ScrollArea tabIndex={0}>
        <Table.Root size="sm" variant="outline">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader />
              {cells.map((cell) => (
                <Table.ColumnHeader key={cell.figure} textAlign="center">
                  {cell.label}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {(['od', 'os'] as const).map((eye) => (
              <Table.Row key={eye}>
                <Table.Cell fontWeight="bold" whiteSpace="nowrap">
                  {eyeNames[eye]}
                </Table.Cell>
                {cells.map((cell) => {
                  const name = `${eye}_${cell.figure}`;
                  const label = `${cell.label} ${eye.toUpperCase()}`;
                  return (
                    <Table.Cell key={name} verticalAlign="top" minW={cell.kind === 'text' ? '24' : '20'}>
                      {cell.kind === 'base' ? (
                        <NumberCell name={name} label={label} message={messageOf(name)}>
                          <NativeSelect.Root size="sm">
                            <NativeSelect.Field id={name} {...register(name, { setValueAs: toTextOrNull })}>
                              <option value="" />
                              {prismBases.map((base) => (
                                <option key={base} value={base}>
                                  {base}
                                </option>
                              ))}
                            </NativeSelect.Field>
                          </NativeSelect.Root>
                        </NumberCell>
                      ) : cell.kind === 'text' ? (
                        <NumberCell name={name} label={label} message={messageOf(name)}>
                          <Input
                            id={name}
                            size="sm"
                            placeholder="20/20"
                            {...register(name, { setValueAs: toTextOrNull })}
                          />
                        </NumberCell>
                      ) : (
                        numberInput(name, label, cell.step ?? '0.25')
                      )}
                    </Table.Cell>
                  );
                })}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <Stack gap="2">
        <SegmentGroup.Root
          size="sm"
          value={monocular ? 'monocular' : 'binocular'}
          onValueChange={(details) => {
            const next = details.value === 'monocular';
            setMonocular(next);
            for (const name of next ? ['pd_distance'] : ['pd_od', 'pd_os']) setValue(name, null);
          }}
        >
          <SegmentGroup.Indicator />
          <SegmentGroup.Items
            items={[
              { value: 'binocular', label: 'Binocular PD' },
              { value: 'monocular', label: 'Monocular PD' },
            ]}
          />
        </SegmentGroup.Root>
        <SimpleGrid columns={{ base: 2, md: 5 }} gap="3">
          {monocular
            ? [numberInput('pd_od', 'PD OD (mm)', '0.5'), numberInput('pd_os', 'PD OS (mm)', '0.5')]
            : [numberInput('pd_distance', 'PD (mm)', '0.5')]}
          {numberInput('pd_near', 'Near PD (mm)', '0.5')}
          {numberInput('segment_height_od', 'Seg. height OD (mm)', '0.5')}
          {numberInput('segment_height_os', 'Seg. height OS (mm)', '0.5')}
        </SimpleGrid>
      </Stack>
      {live.expires_on ? (
        <Box>
          <Text color="fg.error" fontSize="sm">
            {live.expires_on[0]}
          </Text>
        </Box>
      ) : null}
    </Stack>
  );
}

function NumberCell({
  name,
  label,
  message,
  children,
}: {
  name: string;
  label: string;
  step?: string;
  message: string | undefined;
  children: React.ReactNode;
}) {
  const visible = !label.endsWith(' OD') && !label.endsWith(' OS');
  return (
    <Field.Root invalid={Boolean(message)}>
      <Field.Label htmlFor={name} srOnly={!visible} fontSize="xs">
        {label}
      </Field.Label>
      {children}
      {message ? <Field.ErrorText fontSize="xs">{message}</Field.ErrorText> : null}
    </Field.Root>
  );
}
