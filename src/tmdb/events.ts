// A minimal event for the TMDB core, which imports nothing from `vscode`. Its shape matches
// vscode.Event, so the extension subscribes to it like to any other event.

export type Listener<T> = (value: T) => void;
export type Event<T> = (listener: Listener<T>) => { dispose(): void };

export class Emitter<T> {
  private readonly listeners = new Set<Listener<T>>();

  readonly event: Event<T> = (listener) => {
    this.listeners.add(listener);
    return { dispose: () => void this.listeners.delete(listener) };
  };

  fire(value: T): void {
    for (const listener of [...this.listeners]) listener(value);
  }
}
