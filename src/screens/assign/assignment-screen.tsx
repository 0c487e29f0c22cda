import { Button, Checkbox, Fieldset, Flex, Heading, Progress, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { notifyError, notifySuccess } from '../../ui/toaster.tsx';
import { errorMessage } from '../shared/request-error.ts';

export type AssignableOption = { id: number; name: string; group: string };

export type AssignmentScreenProps = {
  title: string;
  subject: string;
  backTo: (id: number) => string;
  queryKey: (id: number) => readonly unknown[];
  load: (id: number) => Promise<{ name: string; chosen: number[]; options: AssignableOption[] }>;
  save: (id: number, chosen: number[]) => Promise<unknown>;
  invalidate: (id: number) => readonly (readonly unknown[])[];
};

// Assigning roles to a user and permissions to a role: a checklist of every option, grouped, saved as a whole.
export function AssignmentScreen({ title, subject, backTo, queryKey, load, save, invalidate }: AssignmentScreenProps) {
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
  const groups = new Map<string, AssignableOption[]>();
  for (const option of current.data?.options ?? [])
    groups.set(option.group, [...(groups.get(option.group) ?? []), option]);
  const toggle = (optionId: number, on: boolean) =>
    setChosen(on ? [...picked, optionId] : picked.filter((candidate) => candidate !== optionId));
  return (
    <Stack gap="5">
      <Heading size="xl">
        {title}: {current.data?.name ?? ''}
      </Heading>
      {current.isPending || mutation.isPending ? (
        <Progress.Root value={null} striped animated size="xs" colorPalette="teal" aria-label="Loading">
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      ) : null}
      {current.isError ? <Text color="fg.error">{errorMessage(current.error)}</Text> : null}
      {[...groups.entries()].map(([group, options]) => (
        <Fieldset.Root key={group} borderWidth="1px" rounded="md" p="4">
          <Fieldset.Legend textTransform="capitalize">{group.replaceAll('-', ' ')}</Fieldset.Legend>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="2">
            {options.map((option) => (
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
      ))}
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
