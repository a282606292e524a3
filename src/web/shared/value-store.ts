/**
 * A value React reads with useSyncExternalStore (`current`, `subscribe`) and its owner changes
 * (`set`): the catalogue's and the login state's sources (`src/web/shared/catalog/catalog-source.ts`,
 * `src/web/shared/auth/auth-source.ts`).
 */
export function valueStore<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    current: (): T => value,
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    set: (next: T): void => {
      value = next;
      for (const listener of listeners) listener();
    },
  };
}
