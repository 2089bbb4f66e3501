// The import's work on one connection: one piece after the other, the first failure ends the rest, and settling
// before a rollback skips what has not started (an index build queued behind an aborted COPY).
import { describe, expect, it } from 'vitest';
import { ConnectionQueue } from '../../../src/shop/repository/postgres/import/connection-queue';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('ConnectionQueue', () => {
  it('runs pieces one at a time in the order added', async () => {
    const queue = new ConnectionQueue();
    const log: string[] = [];
    let running = 0;
    const piece = (name: string) => async () => {
      running += 1;
      expect(running).toBe(1);
      log.push(`start ${name}`);
      await tick();
      log.push(`end ${name}`);
      running -= 1;
    };
    void queue.add(piece('a'));
    void queue.add(piece('b'));
    await queue.add(piece('c'));
    await queue.done();
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('rejects every later piece with the first failure without running it, and tells it before anyone awaits', async () => {
    const queue = new ConnectionQueue();
    const boom = new Error('duplicate key');
    const ran: string[] = [];
    const first = queue.add(async () => {
      await tick();
      throw boom;
    });
    const later = queue.add(async () => void ran.push('later'));
    expect(queue.failure()).toBeUndefined();
    await expect(first).rejects.toBe(boom);
    expect(queue.failure()).toEqual({ error: boom });
    await expect(later).rejects.toBe(boom);
    await expect(queue.done()).rejects.toBe(boom);
    expect(ran).toEqual([]);
    await expect(queue.settled()).resolves.toBeUndefined();
  });

  it('settling lets the running piece finish and skips the pieces not started', async () => {
    const queue = new ConnectionQueue();
    const ran: string[] = [];
    let started!: () => void;
    const copying = new Promise<void>((resolve) => (started = resolve));
    const running = queue.add(async () => {
      started();
      await tick();
      ran.push('copy');
    });
    const build = queue.add(async () => void ran.push('index build'));
    await copying;
    await queue.settled();
    await expect(running).resolves.toBeUndefined();
    await expect(build).rejects.toThrow('the import stopped before this work on its connection began');
    expect(ran).toEqual(['copy']);
  });
});
