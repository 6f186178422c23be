import { act, fireEvent, render } from '@testing-library/react';
import { AppRoot } from '@telegram-apps/telegram-ui';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pullStatus, PullList } from '../../src/components/PullList';

/**
 * Pull-to-refresh states normal, pulling, loosing, loading, success; head height 50; load-more
 * 300 px before the end.
 */
describe('pull-to-refresh: status by pull distance', () => {
  it.each([
    [-10, 'normal'],
    [0, 'normal'],
    [1, 'pulling'],
    [49, 'pulling'],
    [50, 'loosing'],
    [120, 'loosing'],
  ])('%i px is %s', (distance, status) => {
    expect(pullStatus(distance)).toBe(status);
  });
});

describe('pull-to-refresh: a pull on the list', () => {
  const touch = (y: number) => ({ touches: [{ clientY: y }] });

  function pullList(onRefresh: () => Promise<unknown>) {
    const { container } = render(
      <AppRoot>
        <PullList onRefresh={onRefresh} hasMore={false}>
          <p>item</p>
        </PullList>
      </AppRoot>,
    );
    return container.querySelector('.pull-list') as HTMLElement;
  }

  it('a short pull is let go without refreshing', async () => {
    let refreshed = 0;
    const list = pullList(async () => void (refreshed += 1));
    fireEvent.touchStart(list, touch(100));
    fireEvent.touchMove(list, touch(160)); // half the finger's travel: 30 px
    expect(list.dataset.status).toBe('pulling');
    fireEvent.touchEnd(list);
    expect(list.dataset.status).toBe('normal');
    expect(refreshed).toBe(0);
  });

  it('a pull past the head refreshes, then reports success', async () => {
    let finish: () => void = () => undefined;
    const list = pullList(() => new Promise<void>((resolve) => (finish = resolve)));
    fireEvent.touchStart(list, touch(100));
    fireEvent.touchMove(list, touch(220)); // 60 px
    expect(list.dataset.status).toBe('loosing');
    fireEvent.touchEnd(list);
    expect(list.dataset.status).toBe('loading');
    await act(async () => finish());
    expect(list.dataset.status).toBe('success');
  });

  it('says there is no more when the list is complete', () => {
    const { getByText } = render(
      <PullList onRefresh={async () => undefined} hasMore={false}>
        <p>item</p>
      </PullList>,
    );
    expect(getByText('No more items')).not.toBeNull();
  });
});

describe('pull-to-refresh: load-more 300 px before the end', () => {
  /** jsdom has no layout: a stand-in for the browser's IntersectionObserver records what it is asked. */
  const observers: { margin?: string; fire: (isIntersecting: boolean) => void }[] = [];
  class RecordingObserver {
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      observers.push({
        margin: options?.rootMargin,
        fire: (isIntersecting) =>
          callback(
            [{ isIntersecting } as IntersectionObserverEntry],
            this as unknown as IntersectionObserver,
          ),
      });
    }
    observe() {}
    disconnect() {}
  }
  afterEach(() => {
    vi.unstubAllGlobals();
    observers.length = 0;
  });

  it('watches the end of the list from 300 px below the view, and loads once it comes near', async () => {
    vi.stubGlobal('IntersectionObserver', RecordingObserver);
    const onLoadMore = vi.fn(() => Promise.resolve());
    render(
      <AppRoot>
        <PullList onRefresh={() => Promise.resolve()} onLoadMore={onLoadMore} hasMore>
          <p>item</p>
        </PullList>
      </AppRoot>,
    );
    expect(observers).toHaveLength(1);
    expect(observers[0].margin).toBe('0px 0px 300px 0px');
    await act(async () => observers[0].fire(false));
    expect(onLoadMore).not.toHaveBeenCalled();
    await act(async () => observers[0].fire(true));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('watches nothing when there is no more to load', () => {
    vi.stubGlobal('IntersectionObserver', RecordingObserver);
    render(
      <AppRoot>
        <PullList onRefresh={() => Promise.resolve()} onLoadMore={() => Promise.resolve()} hasMore={false}>
          <p>item</p>
        </PullList>
      </AppRoot>,
    );
    expect(observers).toHaveLength(0);
  });
});
