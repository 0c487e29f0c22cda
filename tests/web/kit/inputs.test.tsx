// @vitest-environment jsdom

import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../src/app/query-client.ts';
import { UiProvider as BareUiProvider } from '../../../src/ui/provider.tsx';
import { type RemoteOption, RemoteSelect } from '../../../src/ui/remote-select.tsx';
import { TypeAhead, typeAheadLimit } from '../../../src/ui/type-ahead.tsx';
import { withMockServer } from '../support.tsx';

withMockServer();

// The pickers keep their answers in the query cache, as the app's provider gives them one.
function UiProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <BareUiProvider>{children}</BareUiProvider>
    </QueryClientProvider>
  );
}

const frames = ['Aviator', 'Wayfarer', 'Clubmaster', 'Round Metal'];

function TypeAheadHarness({ asked }: { asked: { text: string }[] }) {
  const [value, setValue] = useState('');
  return (
    <UiProvider>
      <TypeAhead
        name="frame"
        value={value}
        onChange={setValue}
        toText={(text: string) => text}
        search={async (text) => {
          asked.push({ text });
          return frames.filter((frame) => frame.toLowerCase().includes(text.toLowerCase()));
        }}
      />
      <output data-testid="value">{value}</output>
    </UiProvider>
  );
}

describe('the type-ahead (docs/domain/screens.md, Reusable inputs)', () => {
  it('suggests matches as the user types and fills the input with the pick', async () => {
    const asked: { text: string }[] = [];
    render(<TypeAheadHarness asked={asked} />);
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'way' } });
    fireEvent.mouseDown(await screen.findByRole('option', { name: 'Wayfarer' }));
    expect(screen.getByTestId('value').textContent).toBe('Wayfarer');
  });

  it("says 'No Result' when nothing matches", async () => {
    render(<TypeAheadHarness asked={[]} />);
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'monocle' } });
    expect(await screen.findByText('No Result')).toBeTruthy();
  });

  it('shows at most 15 results', async () => {
    const many = Array.from({ length: 40 }, (_, index) => `Frame ${index + 1}`);
    render(
      <UiProvider>
        <TypeAhead value="frame" onChange={() => undefined} toText={(text: string) => text} search={async () => many} />
      </UiProvider>,
    );
    fireEvent.focus(screen.getByRole('combobox'));
    await screen.findByRole('option', { name: 'Frame 1' });
    expect(screen.getAllByRole('option')).toHaveLength(typeAheadLimit);
    expect(typeAheadLimit).toBe(15);
  });
});

function RemoteSelectHarness({ options }: { options: RemoteOption[] }) {
  const [picked, setPicked] = useState<RemoteOption | null>(null);
  return (
    <UiProvider>
      <RemoteSelect
        name="brand_id"
        value={picked?.value ?? null}
        label={picked?.label ?? ''}
        onChange={setPicked}
        search={async (text) => options.filter((option) => option.label.toLowerCase().includes(text.toLowerCase()))}
      />
      <output data-testid="picked">{picked ? `${picked.value}:${picked.label}` : 'none'}</output>
    </UiProvider>
  );
}

describe('the remote-search select', () => {
  const brands = [
    { value: 4, label: 'Ray-Ban' },
    { value: 9, label: 'Oakley' },
  ];

  it('picks a record by name and keeps its id', async () => {
    render(<RemoteSelectHarness options={brands} />);
    const input = screen.getByRole('combobox');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'oak' } });
    fireEvent.mouseDown(await screen.findByRole('option', { name: 'Oakley' }));
    expect(screen.getByTestId('picked').textContent).toBe('9:Oakley');
    fireEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.getByTestId('picked').textContent).toBe('none');
  });

  it("says 'Sorry, no matching options.' when nothing matches", async () => {
    render(<RemoteSelectHarness options={brands} />);
    const input = screen.getByRole('combobox');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'zeiss' } });
    expect(await screen.findByText('Sorry, no matching options.')).toBeTruthy();
  });
});
