/** Listeners of one kind of event: `on` adds one, `tell` calls each, in the order they were added. */
export interface Listeners<T> {
  on(listener: (value: T) => void): void;
  tell(value: T): void;
}

export function listeners<T = void>(): Listeners<T> {
  const added: Array<(value: T) => void> = [];
  return {
    on: (listener) => {
      added.push(listener);
    },
    tell: (value) => {
      for (const listener of added) listener(value);
    },
  };
}
