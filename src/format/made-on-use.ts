// A formatter made the first time it is used, not when its module loads: each Intl formatter loads its locale's
// data, tens of milliseconds apiece on a phone's CPU, and the app's first screen uses few of them.
export function madeOnUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}
