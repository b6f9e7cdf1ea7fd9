/**
 * The undo/redo stack of the map's edits. A command knows how to do and undo itself on the server
 * (create → delete, move → move back); redo does it again. Commands run one at a time: a second
 * call while one runs waits for it, so the stack never gets out of order.
 */
export interface Command {
  /** i18n key of what the command does, e.g. "map.commands.createTree". */
  label: string;
  run(): Promise<void>;
  undo(): Promise<void>;
}

export interface StackState {
  canUndo: boolean;
  canRedo: boolean;
  busy: boolean;
  undoLabel?: string;
  redoLabel?: string;
}

export class CommandStack {
  private done: Command[] = [];
  private undone: Command[] = [];
  private chain: Promise<unknown> = Promise.resolve();
  private running = 0;
  private listeners = new Set<(s: StackState) => void>();

  constructor(private readonly limit = 100) {}

  state(): StackState {
    return {
      canUndo: this.done.length > 0,
      canRedo: this.undone.length > 0,
      busy: this.running > 0,
      undoLabel: this.done.at(-1)?.label,
      redoLabel: this.undone.at(-1)?.label,
    };
  }

  subscribe(fn: (s: StackState) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private emit() {
    const s = this.state();
    for (const fn of this.listeners) fn(s);
  }

  private queue<T>(fn: () => Promise<T>): Promise<T> {
    this.running++;
    this.emit();
    const next = this.chain.then(fn, fn);
    this.chain = next.catch(() => undefined);
    return next.finally(() => {
      this.running--;
      this.emit();
    });
  }

  /** Runs a new command; when it succeeds it can be undone, and what was undone before is dropped. */
  execute(cmd: Command): Promise<void> {
    return this.queue(async () => {
      await cmd.run();
      this.done.push(cmd);
      if (this.done.length > this.limit) this.done.shift();
      this.undone = [];
    });
  }

  /** Undoes the last command; a failed undo leaves it where it was. */
  undo(): Promise<boolean> {
    return this.step('undo');
  }

  /** Does the last undone command again; a failed redo leaves it where it was. */
  redo(): Promise<boolean> {
    return this.step('redo');
  }

  /** Moves the top command from one pile to the other once its undo (or run again) succeeded. */
  private step(way: 'undo' | 'redo'): Promise<boolean> {
    return this.queue(async () => {
      // The piles are picked when the step runs: a command executed meanwhile replaced `undone`.
      const [from, to] = way === 'undo' ? [this.done, this.undone] : [this.undone, this.done];
      const cmd = from.at(-1);
      if (!cmd) return false;
      await (way === 'undo' ? cmd.undo() : cmd.run());
      from.pop();
      to.push(cmd);
      return true;
    });
  }

  clear() {
    this.done = [];
    this.undone = [];
    this.emit();
  }
}
