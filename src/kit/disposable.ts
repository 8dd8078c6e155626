// One way to own things that must be disposed: `register()` them, and `dispose()` releases them all,
// newest first. Services extend it instead of keeping their own arrays and loops.
import type * as vscode from 'vscode';

export abstract class Disposable implements vscode.Disposable {
  private readonly owned: vscode.Disposable[] = [];
  private disposed = false;

  /** Keeps `thing` until this object is disposed (at once, if it already is), and returns it. */
  protected register<T extends vscode.Disposable>(thing: T): T {
    if (this.disposed) thing.dispose();
    else this.owned.push(thing);
    return thing;
  }

  /** Whether `dispose` has run: work that finishes later (an answer, say) then has nowhere to go. */
  protected get isDisposed(): boolean {
    return this.disposed;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const thing of this.owned.splice(0).reverse()) thing.dispose();
  }
}
