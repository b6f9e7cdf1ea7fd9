import { describe, expect, it } from 'vitest';
import { CommandStack, type Command } from './commands';

function counter(log: string[], name: string, fail?: { run?: boolean; undo?: boolean }): Command {
  return {
    label: name,
    run: async () => {
      if (fail?.run) throw new Error('run failed');
      log.push(`do ${name}`);
    },
    undo: async () => {
      if (fail?.undo) throw new Error('undo failed');
      log.push(`undo ${name}`);
    },
  };
}

describe('CommandStack', () => {
  it('undoes and redoes in order', async () => {
    const log: string[] = [];
    const s = new CommandStack();
    await s.execute(counter(log, 'a'));
    await s.execute(counter(log, 'b'));
    expect(s.state()).toMatchObject({ canUndo: true, canRedo: false, undoLabel: 'b' });
    expect(await s.undo()).toBe(true);
    expect(await s.undo()).toBe(true);
    expect(await s.undo()).toBe(false);
    expect(s.state()).toMatchObject({ canUndo: false, canRedo: true, redoLabel: 'a' });
    expect(await s.redo()).toBe(true);
    expect(log).toEqual(['do a', 'do b', 'undo b', 'undo a', 'do a']);
    expect(s.state().redoLabel).toBe('b');
  });

  it('a new command drops what was undone', async () => {
    const log: string[] = [];
    const s = new CommandStack();
    await s.execute(counter(log, 'a'));
    await s.undo();
    await s.execute(counter(log, 'c'));
    expect(s.state()).toMatchObject({ canUndo: true, canRedo: false });
    expect(await s.redo()).toBe(false);
  });

  it('a failed command is not recorded and a failed undo keeps it undoable', async () => {
    const log: string[] = [];
    const s = new CommandStack();
    await expect(s.execute(counter(log, 'x', { run: true }))).rejects.toThrow('run failed');
    expect(s.state().canUndo).toBe(false);
    await s.execute(counter(log, 'y', { undo: true }));
    await expect(s.undo()).rejects.toThrow('undo failed');
    expect(s.state()).toMatchObject({ canUndo: true, canRedo: false, busy: false });
  });

  it('runs commands one after another and reports busy', async () => {
    const log: string[] = [];
    const s = new CommandStack();
    const states: boolean[] = [];
    s.subscribe((st) => states.push(st.busy));
    let release!: () => void;
    const slow: Command = {
      label: 'slow',
      run: () => new Promise<void>((r) => (release = () => (log.push('do slow'), r()))),
      undo: async () => void log.push('undo slow'),
    };
    const first = s.execute(slow);
    const second = s.undo();
    await Promise.resolve();
    expect(s.state().busy).toBe(true);
    release();
    await first;
    expect(await second).toBe(true);
    expect(log).toEqual(['do slow', 'undo slow']);
    expect(states.at(-1)).toBe(false);
  });

  it('keeps at most limit commands', async () => {
    const s = new CommandStack(2);
    const log: string[] = [];
    for (const n of ['a', 'b', 'c']) await s.execute(counter(log, n));
    expect(await s.undo()).toBe(true);
    expect(await s.undo()).toBe(true);
    expect(await s.undo()).toBe(false);
  });
});
