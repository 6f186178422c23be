import { act, fireEvent, render } from '@testing-library/react';
import { AppRoot } from '@telegram-apps/telegram-ui';
import { describe, expect, it } from 'vitest';
import { LOAD_OFFSET, PULL_HEAD, pullStatus, PullList } from '../../src/components/PullList';

/**
 * SPEC sections 2 and 9: pull-to-refresh states normal, pulling, loosing, loading, success; head
 * height 50; load-more 300 px before the end.
 */
describe('pull-to-refresh: status by pull distance', () => {
  it('the head is 50 high and load-more starts 300 px before the end', () => {
    expect(PULL_HEAD).toBe(50);
    expect(LOAD_OFFSET).toBe(300);
  });

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
