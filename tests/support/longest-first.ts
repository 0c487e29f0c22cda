import { statSync } from 'node:fs';
import type { TestSequencer, TestSpecification, Vitest } from 'vitest/node';

// The order of the test files for both workers (vite.config.ts): the longest first, across the two projects, so
// that no long file starts last while the other worker sits idle. The durations of the last run are in vitest's
// cache where the suite ran before; a clean clone has none, so there the browser files, which take minutes where
// the others take seconds, go first, each kind larger file first. Only types come from vitest/node, so that the
// app's own `vite` and `vite build`, which read the same config, do not load the test runner.
export class LongestFirst implements TestSequencer {
  constructor(private readonly vitest: Vitest) {}

  // The suite is never split across machines (no --shard).
  shard(files: TestSpecification[]): TestSpecification[] {
    return files;
  }

  sort(files: TestSpecification[]): TestSpecification[] {
    const durations = files.map((spec) => this.vitest.cache.getTestSpecificationResult(spec)?.duration);
    const known = durations.every((duration) => duration !== undefined);
    const weights = new Map(
      files.map((spec, index) => {
        const browser = spec.moduleId.includes('/tests/e2e/');
        const measure = known ? (durations[index] ?? 0) : statSync(spec.moduleId).size;
        return [spec, { first: !known && browser, measure }];
      }),
    );
    const weight = (spec: TestSpecification) => weights.get(spec) ?? { first: false, measure: 0 };
    return [...files].sort((a, b) => {
      const left = weight(a);
      const right = weight(b);
      if (left.first !== right.first) return left.first ? -1 : 1;
      return right.measure - left.measure;
    });
  }
}
