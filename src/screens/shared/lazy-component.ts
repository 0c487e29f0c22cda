import { type ComponentType, lazy } from 'react';

// A resource's own panel or buttons (src/resources/resource.ts: viewPanel, listPanel, formPanel, formSummary,
// recordActions), each made lazy
// once, so that the generic screens never import one resource's code.
const lazyOnce = new WeakMap<object, ComponentType<never>>();

export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const known = lazyOnce.get(load) as ComponentType<P> | undefined;
  if (known) return known;
  const component = lazy(async () => ({ default: await load() })) as unknown as ComponentType<P>;
  lazyOnce.set(load, component as ComponentType<never>);
  return component;
}
