import { setupWorker } from 'msw/browser';
import { generatedHandlers, mockOverrides } from './handlers.ts';

// `npm run dev:mock`: the app runs against the generated msw handlers, with the overrides first.
export async function startMockWorker(): Promise<void> {
  const worker = setupWorker(...mockOverrides, ...generatedHandlers);
  await worker.start({ onUnhandledFrame: 'bypass' });
}
