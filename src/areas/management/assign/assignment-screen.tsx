import { Button, Checkbox, Fieldset, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ComponentType, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { errorMessage } from '../../../screens/shared/request-error.ts';
import { LoadingBar } from '../../../ui/loading-bar.tsx';
import { notifyError, notifySuccess } from '../../../ui/toaster.tsx';

// `action` is the permission's action (view, create, ...), which the permission matrix places in its columns.
export type AssignableOption = { id: number; name: string; group: string; action?: string };

// How the options are shown and ticked; the screen around it loads, saves and navigates.
export type ChooserProps = {
  options: readonly AssignableOption[];
  picked: readonly number[];
  onChange: (picked: number[]) => void;
};

export type AssignmentScreenProps = {
  title: string;
  subject: string;
  backTo: (id: number) => string;
  queryKey: (id: number) => readonly unknown[];
  load: (id: number) => Promise<{ name: string; chosen: number[]; options: AssignableOption[] }>;
  save: (id: number, chosen: number[]) => Promise<unknown>;
  invalidate: (id: number) => readonly (readonly unknown[])[];
  Chooser?: ComponentType<ChooserProps>;
};

// Assigning roles to a user and permissions to a role: every option shown by the chooser, saved as a whole.
export function AssignmentScreen({
  title,
  subject,
  backTo,
  queryKey,
  load,
  save,
  invalidate,
  Chooser = GroupedChecklist,
}: AssignmentScreenProps) {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const current = useQuery({ queryKey: queryKey(id), queryFn: () => load(id), staleTime: 0 });
  const [chosen, setChosen] = useState<number[] | null>(null);
  const picked = chosen ?? current.data?.chosen ?? [];
  const mutation = useMutation({
    mutationFn: async (ids: number[]) => {
      await save(id, ids);
      await Promise.all(invalidate(id).map((key) => queryClient.invalidateQueries({ queryKey: key })));
    },
  });
  return (
    <Stack gap="5">
      <Heading size="xl">
        {title}: {current.data?.name ?? ''}
      </Heading>
      {current.isPending || mutation.isPending ? <LoadingBar /> : null}
      {current.isError ? <Text color="fg.error">{errorMessage(current.error)}</Text> : null}
      {current.data ? <Chooser options={current.data.options} picked={picked} onChange={setChosen} /> : null}
      <Flex justify="space-between">
        <Button variant="outline" onClick={() => navigate(backTo(id))}>
          Back
        </Button>
        <Button
          colorPalette="teal"
          loading={mutation.isPending}
          disabled={!current.data}
          onClick={() =>
            mutation.mutate(picked, {
              onSuccess: () => {
                notifySuccess(`${subject} updated successfully.`);
                navigate(backTo(id));
              },
              onError: (error) => notifyError(errorMessage(error)),
            })
          }
        >
          Update
        </Button>
      </Flex>
    </Stack>
  );
}

// A checklist of every option under its group's heading.
function GroupedChecklist({ options, picked, onChange }: ChooserProps) {
  const groups = new Map<string, AssignableOption[]>();
  for (const option of options) groups.set(option.group, [...(groups.get(option.group) ?? []), option]);
  const toggle = (optionId: number, on: boolean) =>
    onChange(on ? [...picked, optionId] : picked.filter((candidate) => candidate !== optionId));
  return [...groups.entries()].map(([group, grouped]) => (
    <Fieldset.Root key={group} borderWidth="1px" rounded="md" p="4">
      <Fieldset.Legend textTransform="capitalize">{group.replaceAll('-', ' ')}</Fieldset.Legend>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="2">
        {grouped.map((option) => (
          <Checkbox.Root
            key={option.id}
            checked={picked.includes(option.id)}
            onCheckedChange={(details) => toggle(option.id, details.checked === true)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{option.name}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </SimpleGrid>
    </Fieldset.Root>
  ));
}
