/**
 * A collaborator that exists only after a later wiring step: the pane truth asks the watchdog for
 * its policy, and the watchdog acts on the truth, so one of the two is built first and reaches the
 * other through this. Using it before `bind` throws with its name instead of reading `undefined`.
 */
export class Late<T> {
  private value: T | undefined;
  private bound = false;

  constructor(private readonly name: string) {}

  /** Bind once, in the wiring step that builds the value. */
  bind(value: T): T {
    if (this.bound) throw new Error(`${this.name} is already bound`);
    this.value = value;
    this.bound = true;
    return value;
  }

  /** The value; a wiring-order bug (use before the step that builds it) throws. */
  get(): T {
    if (!this.bound) throw new Error(`${this.name} used before its wiring step bound it`);
    return this.value as T;
  }

  /** The value, or null while unbound (for callbacks that may legitimately fire first). */
  peek(): T | null {
    return this.bound ? (this.value as T) : null;
  }
}
