import {
  Box,
  Button,
  Field,
  HStack,
  Input,
  type InputProps,
  NativeSelect,
  SegmentGroup,
  SimpleGrid,
  Stack,
  Table,
  Text,
  useBreakpointValue,
} from '@chakra-ui/react';
import { useState } from 'react';
import { type FieldError, get, useController, useFormContext, useWatch } from 'react-hook-form';
import {
  type Eye,
  formatEye,
  formatPower,
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

// On a phone the columns come in groups of at most four, each under the other with its own OD and OS rows, so that
// every figure is in view without a sideways swipe: the powers an optician reads together (SPH, CYL, AXIS, ADD),
// then prism, base and acuity, then a contact lens's fit.
const phoneGroups: readonly (readonly string[])[] = [
  ['sphere', 'cylinder', 'axis', 'add'],
  ['prism', 'prism_base', 'visual_acuity'],
  ['base_curve', 'diameter'],
];

// A browser's spin buttons take a narrow cell's room from the figure; the arrow keys and wheel do not step it anyway.
const withoutSpinButtons = {
  '&::-webkit-inner-spin-button, &::-webkit-outer-spin-button': { appearance: 'none', margin: 0 },
  MozAppearance: 'textfield',
} as const;

const errorId = (name: string) => `${name}-error`;

// The eye's column stays in view should a very narrow screen still scroll the grid.
const eyeColumn = { position: 'sticky', left: '0', zIndex: '1', bg: 'bg' } as const;

// The prescription as opticians fill an Rx card: OD above OS, the powers across. Every range and step of
// docs/domain/eye-care.md (Ranges and steps) shows as the user types, from the same rules the server applies, under
// the grid rather than in its cells, where a message widened its column and squeezed the others' figures.
// The columns share the width equally whatever they hold. A plus cylinder can be transposed to the minus form the
// shop keeps.
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
  const phone = useBreakpointValue({ base: true, md: false }) ?? false;
  const groups = phone
    ? phoneGroups
        .map((group) => cells.filter((cell) => group.includes(cell.figure)))
        .filter((group) => group.length > 0)
    : [cells];

  const messageOf = (name: string): string | undefined => {
    const typed = live[name]?.[0];
    const checked: FieldError | undefined = get(formState.errors, name);
    return typed ?? checked?.message;
  };

  const plusCylinder = hasPlusCylinder(rx as PrescriptionFigures);
  const turned = toMinusCylinder(rx as PrescriptionFigures) as Record<string, unknown>;
  const transpose = () => {
    for (const eye of ['od', 'os'] as const) {
      for (const figure of ['sphere', 'cylinder', 'axis']) {
        setValue(`${eye}_${figure}`, turned[`${eye}_${figure}`] ?? null, { shouldDirty: true });
      }
    }
  };

  const numberInput = (name: string, label: string, step: string, inGrid = false) => (
    <NumberCell
      key={name}
      name={name}
      label={label}
      message={inGrid ? undefined : messageOf(name)}
      invalid={Boolean(messageOf(name))}
    >
      {signedFigures.has(name.slice(3)) && /^o[ds]_/.test(name) ? (
        <PowerInput name={name} {...(inGrid ? gridInput(name) : {})} />
      ) : (
        <Input
          id={name}
          type="number"
          {...steadyNumber}
          step={step}
          size="sm"
          textAlign="end"
          fontFamily="mono"
          {...(inGrid ? gridInput(name) : {})}
          {...register(name, { setValueAs: toNumberOrNull })}
        />
      )}
    </NumberCell>
  );

  // A grid cell's input names its message under the grid, and leaves its padding to the figure.
  const gridInput = (name: string) => ({
    px: '1.5',
    css: withoutSpinButtons,
    'aria-invalid': messageOf(name) ? true : undefined,
    'aria-describedby': messageOf(name) ? errorId(name) : undefined,
  });
  const gridMessages = (['od', 'os'] as const).flatMap((eye) =>
    cells.flatMap((cell) => {
      const name = `${eye}_${cell.figure}`;
      const message = messageOf(name);
      return message ? [{ name, message }] : [];
    }),
  );

  return (
    <Stack gap="4" borderWidth="1px" rounded="md" p="4" data-rx-card>
      <Text fontWeight="semibold">Rx</Text>
      <Stack gap="3">
        {groups.map((group) => (
          <Table.ScrollArea key={group.map((cell) => cell.figure).join()} tabIndex={0}>
            <Table.Root size="sm" variant="outline" tableLayout="fixed" data-rx-grid>
              <Table.ColumnGroup>
                <Table.Column htmlWidth={phone ? '40' : '104'} />
                {group.map((cell) => (
                  <Table.Column key={cell.figure} />
                ))}
              </Table.ColumnGroup>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader {...eyeColumn} />
                  {group.map((cell) => (
                    <Table.ColumnHeader key={cell.figure} textAlign="center" px="1">
                      {cell.label}
                    </Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {(['od', 'os'] as const).map((eye) => (
                  <Table.Row key={eye}>
                    <Table.Cell fontWeight="bold" whiteSpace="nowrap" {...eyeColumn}>
                      {phone ? (
                        <>
                          {eye.toUpperCase()}
                          <Text as="span" srOnly>
                            {eye === 'od' ? ' (right)' : ' (left)'}
                          </Text>
                        </>
                      ) : (
                        eyeNames[eye]
                      )}
                    </Table.Cell>
                    {group.map((cell) => {
                      const name = `${eye}_${cell.figure}`;
                      const label = `${cell.label} ${eye.toUpperCase()}`;
                      return (
                        <Table.Cell key={name} verticalAlign="top" px="1">
                          {cell.kind === 'base' ? (
                            <NumberCell name={name} label={label} invalid={Boolean(messageOf(name))}>
                              <NativeSelect.Root size="sm">
                                <NativeSelect.Field
                                  id={name}
                                  ps="1.5"
                                  aria-invalid={messageOf(name) ? true : undefined}
                                  aria-describedby={messageOf(name) ? errorId(name) : undefined}
                                  {...register(name, { setValueAs: toTextOrNull })}
                                >
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
                            <NumberCell name={name} label={label} invalid={Boolean(messageOf(name))}>
                              <Input
                                id={name}
                                size="sm"
                                placeholder="20/20"
                                {...gridInput(name)}
                                {...register(name, { setValueAs: toTextOrNull })}
                              />
                            </NumberCell>
                          ) : (
                            numberInput(name, label, cell.step ?? '0.25', true)
                          )}
                        </Table.Cell>
                      );
                    })}
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        ))}
        {gridMessages.length > 0 ? (
          <Stack gap="1" data-rx-messages>
            {gridMessages.map(({ name, message }) => (
              <Text key={name} id={errorId(name)} color="fg.error" fontSize="sm">
                {message}
              </Text>
            ))}
          </Stack>
        ) : null}
      </Stack>
      {plusCylinder ? <PlusCylinderOffer turned={turned} rx={rx} onTranspose={transpose} /> : null}
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

// A cell of the grid, or a PD field under it: its label (visible only outside the grid, where the column header names
// the figure) and, outside the grid, its message under it.
function NumberCell({
  name,
  label,
  message,
  invalid = Boolean(message),
  children,
}: {
  name: string;
  label: string;
  message?: string | undefined;
  invalid?: boolean;
  children: React.ReactNode;
}) {
  const visible = !label.endsWith(' OD') && !label.endsWith(' OS');
  return (
    <Field.Root invalid={invalid}>
      <Field.Label htmlFor={name} srOnly={!visible} fontSize="xs">
        {label}
      </Field.Label>
      {children}
      {message ? <Field.ErrorText fontSize="xs">{message}</Field.ErrorText> : null}
    </Field.Root>
  );
}

// The powers an optician writes signed with two decimals (+0.50, -1.50); prism and axis are unsigned.
const signedFigures = new Set(['sphere', 'cylinder', 'add']);

// A power shows as written on an Rx (+0.50) once typed or transposed; while the user types, their own text stays.
function PowerInput({ name, ...grid }: { name: string } & InputProps) {
  const { field } = useController({ name });
  const [typing, setTyping] = useState<string | null>(null);
  const value: unknown = field.value;
  const shown = typing ?? (typeof value === 'number' ? formatPower(value) : '');
  return (
    <Input
      id={name}
      name={field.name}
      ref={field.ref}
      inputMode="decimal"
      autoComplete="off"
      size="sm"
      textAlign="end"
      fontFamily="mono"
      {...grid}
      value={shown}
      onChange={(event) => {
        setTyping(event.target.value);
        field.onChange(toNumberOrNull(event.target.value.trim()));
      }}
      onBlur={() => {
        setTyping(null);
        field.onBlur();
      }}
    />
  );
}

// docs/domain/eye-care.md, Prescriptions: the shop keeps the minus-cylinder form, and a plus-cylinder entry is turned
// on save. The form says so before saving, with what each eye will read, and offers to turn it now.
function PlusCylinderOffer({
  rx,
  turned,
  onTranspose,
}: {
  rx: Record<string, unknown>;
  turned: Record<string, unknown>;
  onTranspose: () => void;
}) {
  const number = (figures: Record<string, unknown>, key: string) =>
    typeof figures[key] === 'number' ? (figures[key] as number) : null;
  const eyes = (['od', 'os'] as const).filter((eye) => (number(rx, `${eye}_cylinder`) ?? 0) > 0);
  const written = eyes
    .map((eye) => {
      const power = (figures: Record<string, unknown>) =>
        formatEye({
          sphere: number(figures, `${eye}_sphere`),
          cylinder: number(figures, `${eye}_cylinder`),
          axis: number(figures, `${eye}_axis`),
        });
      return `${eye.toUpperCase()} ${power(rx)} becomes ${power(turned)}`;
    })
    .join('; ');
  return (
    <HStack role="status" gap="3" wrap="wrap" justify="space-between" bg="orange.subtle" rounded="md" p="3">
      <Text fontSize="sm" flex="1" minW="60">
        This prescription is written in plus cylinder. The shop keeps the minus-cylinder form: {written}. Transpose it
        now, or it is transposed when you save.
      </Text>
      <Button size="sm" variant="outline" colorPalette="teal" onClick={onTranspose}>
        Transpose
      </Button>
    </HStack>
  );
}
