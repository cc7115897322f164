// A run always ends: a worker that goes away mid-request gives back the
// request slots it held (Playwright replaces a worker after each failing
// test, so a run with many failures would otherwise leak every slot and wait
// forever), and the watchdog stops a run that makes no progress while
// something waits, saying what waited, and lets every waiter go.
import { afterEach, describe, expect, it } from 'vitest';
import { connectBoard, serveBoard, type BoardServer } from '../run/board-wire.ts';
import { LocalBoard } from '../run/local-board.ts';
import { stallBoundMs, Watchdog } from '../run/watchdog.ts';

const answered = { kind: 'answered' } as const;

describe('the run board over its server', () => {
  let server: BoardServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('gives back the slots a worker held when its connection closes mid-request', async () => {
    const board = new LocalBoard({ concurrency: 2 });
    server = await serveBoard(board);
    const dying = await connectBoard(server.address);
    await dying.acquire('k', false);
    await dying.acquire('k', false);
    const other = await connectBoard(server.address);
    let granted = false;
    const turn = other.acquire('k', false).then(() => (granted = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(granted).toBe(false);
    // The worker is killed: its socket closes with both slots held and no release sent.
    dying.close();
    await turn;
    expect(granted).toBe(true);
    await other.release('k', answered);
    other.close();
  });

  it('gives back a slot granted to a worker that went away while it waited for it', async () => {
    const board = new LocalBoard({ concurrency: 1 });
    server = await serveBoard(board);
    const holder = await connectBoard(server.address);
    await holder.acquire('k', false);
    const waiter = await connectBoard(server.address);
    void waiter.acquire('k', false).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 30));
    waiter.close();
    await new Promise((r) => setTimeout(r, 30));
    await holder.release('k', answered);
    // The slot went to the waiter, which is gone: it came back, so a third taker gets it.
    const third = await connectBoard(server.address);
    await expect(Promise.race([third.acquire('k', false), new Promise((r) => setTimeout(() => r('stuck'), 2000))])).resolves.toEqual(
      expect.not.stringMatching('stuck'),
    );
    third.close();
    holder.close();
  });
});

describe('the watchdog', () => {
  it('stops a run that makes no progress while a request waits, naming what waited', () => {
    let t = 0;
    const stops: string[] = [];
    const dog = new Watchdog({
      boundMs: 1000,
      everyMs: 1e9,
      now: () => t,
      waiting: () => '3 request(s) waited',
      stop: (r) => stops.push(r),
    });
    t = 900;
    dog.look();
    expect(stops).toEqual([]);
    dog.progress();
    t = 1800;
    dog.look();
    expect(stops).toEqual([]);
    t = 3000;
    dog.look();
    expect(stops).toHaveLength(1);
    expect(stops[0]).toMatch(/no progress for 2 s while 3 request\(s\) waited/);
    dog.close();
  });

  it('never stops a run in which nothing waits, however long it is idle', () => {
    let t = 0;
    const stops: string[] = [];
    const dog = new Watchdog({ boundMs: 10, everyMs: 1e9, now: () => t, waiting: () => undefined, stop: (r) => stops.push(r) });
    t = 1e9;
    dog.look();
    expect(stops).toEqual([]);
    dog.close();
  });

  it('is bounded by two request timeouts, the consistency window and the longest rate-limit wait', () => {
    expect(stallBoundMs(15_000, 5000)).toBe(2 * 15_000 + 5000 + 60_000 + 30_000);
  });

  it('lets every request waiting for a slot go, stopped, when the slots were leaked', async () => {
    const board = new LocalBoard({ concurrency: 1, stallBoundMs: 150 });
    // A holder that never releases (a harness bug): the next request waits, and nothing else moves.
    await board.acquire('k', false);
    const turn = await board.acquire('k', false);
    expect(turn.stopped).toMatch(/no progress for \d+ s while 1 request\(s\) waited for their turn \(1 of 1 slots held, 1 waiting/);
    expect(await board.stopped()).toBe(turn.stopped);
    board.close(new Error('over'));
  });

  it('fails every value a test waits for when its maker never settles it', async () => {
    const board = new LocalBoard({ concurrency: 1, stallBoundMs: 150 });
    expect(await board.claim('served:listFiles', 'maker')).toEqual({ mine: true });
    const waited = await board.claim('served:listFiles', 'other');
    expect(waited).toMatchObject({ error: { message: expect.stringMatching(/served:listFiles was not made: the run made no progress/) } });
    board.close(new Error('over'));
  });
});
