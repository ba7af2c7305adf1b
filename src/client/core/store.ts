import { useEffect, useState } from 'preact/hooks';

/** A value that components can watch: the few pieces of global state (session, offline, route). */
export interface Store<T> {
  get(): T;
  set(next: T): void;
  subscribe(listener: (value: T) => void): () => void;
}

export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<(value: T) => void>();
  return {
    get: () => value,
    set(next) {
      if (Object.is(next, value)) return;
      value = next;
      for (const listener of [...listeners]) listener(value);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Re-renders the component whenever the store changes. */
export function useStore<T>(store: Store<T>): T {
  const [value, setValue] = useState(store.get());
  useEffect(() => {
    // The store may have changed between render and effect.
    setValue(store.get());
    return store.subscribe(setValue);
  }, [store]);
  return value;
}
