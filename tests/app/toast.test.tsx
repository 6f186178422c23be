import { act, render, screen } from '@testing-library/react';
import { AppRoot } from '@telegram-apps/telegram-ui';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** Toasts show for 1200 ms by default; the loading toast stays until closed. */
async function showToasts() {
  const { toast } = await import('../../src/components/toast-store');
  const { ToastHost } = await import('../../src/components/ToastHost');
  render(
    <AppRoot>
      <ToastHost />
    </AppRoot>,
  );
  return { toast };
}

describe('toast', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it.each([
    ['1200 ms by default', undefined, 1200],
    ['a custom duration', { duration: 3000 }, 3000],
  ])('shows a message for %s, then hides it', async (_how, options, ms) => {
    const { toast } = await showToasts();
    await act(async () => toast.show('Saved', options));
    expect(screen.getByTestId('toast').textContent).toBe('Saved');
    await act(async () => void vi.advanceTimersByTime(ms - 1));
    expect(screen.queryByTestId('toast')).not.toBeNull();
    await act(async () => void vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('is announced to screen readers', async () => {
    const { toast } = await showToasts();
    await act(async () => toast.show('Copied'));
    expect(screen.getByRole('status').textContent).toContain('Copied');
  });

  it('a new toast replaces the old one and gets its own full time', async () => {
    const { toast } = await showToasts();
    await act(async () => toast.show('first'));
    await act(async () => void vi.advanceTimersByTime(1000));
    await act(async () => toast.show('second'));
    await act(async () => void vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('toast').textContent).toBe('second');
    await act(async () => void vi.advanceTimersByTime(200));
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('the loading toast stays until closed', async () => {
    const { toast } = await showToasts();
    await act(async () => toast.loading('Paying…'));
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByTestId('toast').textContent).toBe('Paying…');
    await act(async () => toast.close());
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('a loading toast is not closed by the timer of the toast it replaced', async () => {
    const { toast } = await showToasts();
    await act(async () => toast.show('before'));
    await act(async () => toast.loading('Loading…'));
    await act(async () => void vi.advanceTimersByTime(5000));
    expect(screen.getByTestId('toast').textContent).toBe('Loading…');
  });
});
